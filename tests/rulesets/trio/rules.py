"""Trio, a small test ruleset with three sides: two warbands (seats 1 and 2) and a neutral
side of beasts (side 3) that its scenario plays with the neutral agent. Round bases;
figures activate one at a time, the sides going round the table (``activation.alternate``),
the first side passing round each turn; an activation is a move (a path up to the
figure's allowance), a melee attack on a figure in base contact (one D6 through
``ctx.roll``: 4+ takes a point of vitality), both in either order, or nothing. Every side
is hostile to every other. A side scores a point per figure it takes out; the game ends
after the last turn or when at most one warband stands, and the warband with the highest
score wins (never the neutral side). Texts: ``texts.json`` beside this file."""
from __future__ import annotations

import math
from typing import Any

from game.core import activation
from game.core.actions import Action, ActionChoice, MoveSpec
from game.core.context import RuleContext
from game.core.errors import Refusal
from game.core.events import ActivationEnded, Event, GameEnded, Moved, Note, OutOfAction, TurnStarted, Wounded
from game.core.presentation import FigureInfo, Presentation, num
from game.core.ruleset import RulesetInfo
from game.core.state import Figure, GameState, Outcome, Side, TerrainPiece
from game.core.text import t
from game.rulesets._shared.tables import base_of, table_for

RID = "trio"
HIT = 4                                   # a D6 at 4+ wounds
PROFILES = {"blade": (25.0, 2, 125.0), "beast": (32.0, 3, 100.0)}   # base mm, vitality, move mm
SCENARIOS = {
    "clairiere": {"radius": 160.0, "guard": [240.0, 240.0], "leash": 60.0},   # beasts guarding
    "errance": {"radius": 120.0},                                              # beasts roaming
}
ROCKS = (((110, 170), (165, 170), (165, 225), (110, 225)),
         ((315, 255), (370, 255), (370, 310), (315, 310)))


def _fig(fid: str, side: int, profile: str, name: str, x: float, y: float) -> Figure:
    size, vit, _ = PROFILES[profile]
    return Figure(id=fid, side=side, profile=profile, name=name, x=x, y=y, size=size,
                  vitality=vit, max_vitality=vit)


def setup(scenario: str, seed: int, options: dict[str, Any]) -> GameState:
    if scenario not in SCENARIOS:
        raise KeyError(scenario)
    st = GameState(ruleset=RID, ruleset_version=1, scenario=scenario, seed=seed,
                   width=480.0, height=480.0, max_turns=6)
    st.sides = {1: Side(id=1, roster="lames", role="warband"),
                2: Side(id=2, roster="crocs", role="warband"),
                3: Side(id=3, roster="betes", role="beasts", neutral=True, agent="neutral",
                        extras={"agent": dict(SCENARIOS[scenario])})}
    st.order = [1, 2, 3]
    figs = [_fig("l1", 1, "blade", "Aubin", 60, 380), _fig("l2", 1, "blade", "Bérénice", 100, 420),
            _fig("l3", 1, "blade", "Céleste", 50, 430),
            _fig("c1", 2, "blade", "Darius", 420, 100), _fig("c2", 2, "blade", "Edme", 380, 60),
            _fig("c3", 2, "blade", "Faustine", 430, 50),
            _fig("b1", 3, "beast", "Griffe", 225, 225), _fig("b2", 3, "beast", "Croc", 262, 262)]
    st.figures = {f.id: f for f in figs}
    st.terrain = [TerrainPiece(id=f"rock{i}", kind="rocher", points=[list(p) for p in pts],
                               tags=["blocks_movement", "blocks_sight"]) for i, pts in enumerate(ROCKS)]
    first = st.seats()[seed % len(st.seats())]
    st.extras = {"first_side": first, "setup_notes": [{"key": "trio.note.first", "n": first}]}
    st.to_act = first
    return st


# --------------------------------------------------------------------------- legality
def _foes_in_contact(state: GameState, fig: Figure) -> tuple[str, ...]:
    table = table_for(state)
    return tuple(e.id for e in state.enemies_of(fig) if table.contact(fig.id, e.id))


def _templates(state: GameState, fig: Figure, act: dict | None) -> list[ActionChoice]:
    out = []
    if not (act and act["moved"]):
        out.append(ActionChoice("move", fig.id, move=MoveSpec(PROFILES[fig.profile][2], required=True)))
    if not (act and act["fought"]):
        foes = _foes_in_contact(state, fig)
        if foes:
            out.append(ActionChoice("fight", fig.id, targets=foes, min_targets=1, max_targets=1))
    out.append(ActionChoice("end", fig.id, hints={"safe": True}))
    return out


def _ready(state: GameState, side: int) -> list[Figure]:
    return [f for f in state.figures_of(side) if not f.status.get("activated")]


def legal_actions(state: GameState) -> list[ActionChoice]:
    if state.outcome is not None:
        return []
    act = state.activation
    if act is not None:
        return _templates(state, state.figures[act["fig"]], act)
    return [c for f in _ready(state, state.to_act) for c in _templates(state, f, None)]


def check(state: GameState, action: Action, choice: ActionChoice) -> Refusal | None:
    if action.kind != "move":
        return None
    fig = state.figures[action.actor]
    res = table_for(state).check_path(base_of(fig), action.path, choice.move.allowance)
    if not res.ok:
        return Refusal(f"refused.path.{(res.reason or 'blocked').split(':')[0]}",
                       {"cost": round(res.cost / 25.0, 1), "allowance": round(choice.move.allowance / 25.0, 1)})
    return None


# --------------------------------------------------------------------------- effects
def apply(state: GameState, action: Action, ctx: RuleContext) -> None:
    fig = state.figures[action.actor]
    act = state.activation
    if act is None:
        fig.status["activated"] = True
        act = state.activation = {"side": fig.side, "fig": fig.id, "moved": False, "fought": False}
    if action.kind == "move":
        path = action.path if math.dist(action.path[0], fig.pos) < 1e-6 else (fig.pos,) + action.path
        fig.x, fig.y = path[-1]
        act["moved"] = True
        ctx.emit(Moved(figure=fig.id, path=tuple(path), mode="move",
                       cost=sum(math.dist(a, b) for a, b in zip(path, path[1:]))))
    elif action.kind == "fight":
        _fight(state, fig, state.figures[action.target], ctx)
        act["fought"] = True
    if action.kind == "end" or (act["moved"] and (act["fought"] or not _foes_in_contact(state, fig))):
        _end_activation(state, ctx)


def _fight(state: GameState, fig: Figure, foe: Figure, ctx: RuleContext) -> None:
    faces = ctx.roll(fig.id, "trio_melee", 1, sides=6, target=HIT, against=foe.id)
    if faces[0] < HIT:
        return
    foe.vitality -= 1
    ctx.emit(Wounded(figure=foe.id, amount=1, vitality=foe.vitality))
    if foe.vitality <= 0:
        foe.out = True
        state.sides[fig.side].score += 1
        ctx.emit(OutOfAction(figure=foe.id, by=fig.id))


def _end_activation(state: GameState, ctx: RuleContext) -> None:
    act, state.activation = state.activation, None
    ctx.emit(ActivationEnded(side=act["side"], figures=(act["fig"],)))
    order = state.side_ids()
    nxt = activation.alternate(act["side"], lambda s: bool(_ready(state, s)), order)
    if nxt is not None:
        state.to_act = nxt
        return
    state.turn += 1
    for f in state.figures.values():
        f.status.pop("activated", None)
    if state.turn > state.max_turns:
        return
    first = activation.first_side_of_turn(state.extras["first_side"], state.turn, order)
    if not _ready(state, first):
        first = activation.alternate(first, lambda s: bool(_ready(state, s)), order) or first
    state.to_act = first
    ctx.emit(TurnStarted(turn=state.turn, first_side=first))


def outcome(state: GameState) -> Outcome | None:
    standing = [s for s in state.seats() if state.figures_of(s)]
    if state.turn <= state.max_turns and len(standing) > 1:
        return None
    scores = [state.sides[s].score for s in state.side_ids()]
    best = max(state.sides[s].score for s in state.seats())
    top = [s for s in state.seats() if state.sides[s].score == best]
    reason = "trio_turns" if state.turn > state.max_turns else "trio_alone"
    return Outcome(winner=top[0] if len(top) == 1 else None, reason=reason, scores=scores)


# --------------------------------------------------------------------------- narration
def describe(event: Event, state: GameState, lang: str = "fr") -> str:
    def name(fid):
        return state.figures[fid].name if fid in state.figures else "?"

    if isinstance(event, Moved):
        return t("trio.log.moved", lang, who=name(event.figure), pas=num(event.cost / 25.0, lang))
    if event.kind == "dice":
        key = "trio.log.melee_hit" if event.faces[0] >= HIT else "trio.log.melee_miss"
        return t(key, lang, who=name(event.who), foe=name(event.against), face=event.faces[0])
    if isinstance(event, Wounded):
        return t("trio.log.wounded", lang, who=name(event.figure), v=event.vitality)
    if isinstance(event, OutOfAction):
        return t("trio.log.out", lang, who=name(event.figure))
    if isinstance(event, TurnStarted):
        return t("trio.log.turn", lang, turn=event.turn, n=event.first_side)
    if isinstance(event, GameEnded):
        if event.winner is None:
            return t("trio.log.draw", lang)
        return t("trio.log.won", lang, n=event.winner)
    if isinstance(event, Note):
        return t(event.key, lang, **event.args)
    return ""


class Trio:
    info = RulesetInfo(id=RID, name="Trio", version=1, unit="pas", dice="D6", table=(19.2, 19.2),
                       unit_mm=25.0, sides=(2, 2), neutral=True, activation="alternate",
                       bases=("round",))

    def scenarios(self) -> list[str]:
        return list(SCENARIOS)

    def setup(self, scenario: str, seed: int, options: dict[str, Any]) -> GameState:
        return setup(scenario, seed, options)

    def table_for(self, state: GameState):
        return table_for(state)

    def decider(self, state: GameState) -> int | None:
        return activation.decider(state)

    def legal_actions(self, state: GameState, ctx: RuleContext) -> list[ActionChoice]:
        return legal_actions(state)

    def check(self, state: GameState, action: Action, choice: ActionChoice, ctx: RuleContext):
        return check(state, action, choice)

    def apply(self, state: GameState, action: Action, ctx: RuleContext) -> None:
        apply(state, action, ctx)

    def outcome(self, state: GameState) -> Outcome | None:
        return outcome(state)

    def describe(self, event: Event, state: GameState, lang: str = "fr") -> str:
        return describe(event, state, lang)

    def visible_to(self, state: GameState, side: int) -> set[str]:
        return set(state.figures)

    def conceal(self, view: GameState, side: int) -> None:
        """Nothing is secret in Trio."""


RULESET = Trio()


class TrioPresentation(Presentation):
    """The window's view of Trio: the default one, with a profile card of its own."""

    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        vitality = (t("trio.card.vitality", lang), f"{fig.vitality}/{fig.max_vitality}")
        return FigureInfo(moves={"move": (PROFILES[fig.profile][2], {})},
                          card={"name": fig.name, "role": fig.profile, "role_key": "trio.card.role",
                                "cost": 0, "stats": [vitality], "traits": [], "weapons": []})


class TrioBuilder:
    """Trio has no warband builder: no profiles to recruit."""

    ruleset = RID
