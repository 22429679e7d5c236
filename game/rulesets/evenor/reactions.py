"""Reactions: the target of a shot, charge, engagement or occult power rolls its Reaction;
on a success its side chooses a reaction through a pending decision, and the action it
answers resumes from the decision's context."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared.tables import base_of
from game.rulesets.evenor import shooting, stats
from game.rulesets.evenor.stats import COVER_REACH, POWER_RANGE, TERRAIN_MIN_EXTENT

NONE = "none"


def cover_pieces_near(state: GameState, table, fig: Figure, reach: float = COVER_REACH) -> list[str]:
    ids = table.terrain_within(base_of(fig), reach)
    by_id = {t.id: t for t in state.terrain}
    return [i for i in ids if "cover" in by_id[i].tags and _extent(by_id[i]) >= TERRAIN_MIN_EXTENT]


def _extent(piece) -> float:
    xs = [p[0] for p in piece.points]
    ys = [p[1] for p in piece.points]
    return max(max(xs) - min(xs), max(ys) - min(ys))


def power_replies(state: GameState, table, fig: Figure, foe: Figure) -> list[str]:
    """Powers a figure may answer with: Confusion on the foe, Bénédiction on itself."""
    out = []
    for tid, _ in stats.powers(fig):
        if tid == "confusion" and foe is not None and not foe.out \
                and table.distance(fig.id, foe.id) <= POWER_RANGE and table.sight(fig.id, foe.id).visible:
            out.append("power:confusion")
        elif tid == "benediction":
            out.append("power:benediction")
    return out


def options(state: GameState, table, fig: Figure, trigger: dict) -> list[str]:
    kind = trigger["type"]
    foes = [state.figures[a] for a in trigger["attackers"]]
    engaged = bool(stats.engaged_with(state, table, fig))
    opts: list[str] = []
    if kind == "shot":
        if any(shooting.targetable(state, table, fig, f) is None for f in foes):
            opts.append("shoot_back")
        if not fig.status.get("prone"):
            opts.append("prone")
        if cover_pieces_near(state, table, fig):
            opts.append("cover")
        opts.extend(power_replies(state, table, fig, foes[0]))
    elif kind in ("charge", "engage"):
        if kind == "charge":
            opts.append("counter_charge")
        if not engaged and any(_countercharge_shot_ok(state, table, fig, f) for f in foes):
            opts.append("countercharge_shot")
        if not engaged:
            opts.append("flee")
    elif kind == "power":
        if any(shooting.targetable(state, table, fig, f) is None for f in foes):
            opts.append("shoot_back")
        opts.extend(power_replies(state, table, fig, foes[0]))
    return opts


def _countercharge_shot_ok(state, table, fig: Figure, foe: Figure) -> bool:
    return shooting.targetable(state, table, fig, foe, ignore_range=True) is None


def _already_reacted(state: GameState, fig: Figure, trigger: dict) -> bool:
    """Attacked by several figures of one group activation in the same action (their k-th
    action each), a figure reacts once only. Records this chance to react."""
    act = state.activation
    attacker = trigger["attackers"][0]
    if act is None or act["mode"] == "single" or attacker not in act["members"]:
        return False
    m = act["members"][attacker]
    slot = (act["n"] or 1) - m["left"]   # 1 for each member's first action, 2 for the second...
    seen = act.setdefault("reacted", {}).setdefault(fig.id, [])
    if slot in seen:
        return True
    seen.append(slot)
    return False


def offer(ctx: RuleContext, state: GameState, fig: Figure, trigger: dict) -> bool:
    """Roll Reaction if any reaction is possible; on a success push the decision.
    Returns True when play now waits for the reacting side."""
    if fig.out or _already_reacted(state, fig, trigger):
        return False
    table = ctx.table
    opts = options(state, table, fig, trigger)
    if not opts:
        return False
    target = stats.reaction(state, fig)
    face = ctx.roll(fig.id, "reaction", 1, target=target, judge=lambda fs: fs[0] >= target,
                    against=trigger["attackers"][0])[0]
    if face < target:
        return False
    state.pending.append(Decision(kind="reaction", side=fig.side, figure=fig.id,
                                  options=[NONE] + opts, context=trigger))
    return True
