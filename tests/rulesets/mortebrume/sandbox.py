"""Build Mortebrume positions by hand: catalogue figures placed in cm with a facing in
degrees, optional terrain, scripted dice."""
from __future__ import annotations

from game.core.actions import Action
from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.events import DiceRolled, Note
from game.core.record import Record
from game.core.state import Figure, GameState, Side, TerrainPiece
from game.rulesets._shared.tables import layout_key
from game.rulesets.mortebrume import RULESET, stats
from game.rulesets.mortebrume.setup import VERSION

CM = 10.0


def fig(side: int, profile: str, x: float, y: float, facing: float = 0.0, name: str | None = None,
        **status) -> dict:
    return {"side": side, "profile": profile, "at": (x, y), "facing": facing, "name": name,
            "status": status}


def rect(tid: str, kind: str, x: float, y: float, w: float, h: float) -> TerrainPiece:
    pts = [[x * CM, y * CM], [(x + w) * CM, y * CM], [(x + w) * CM, (y + h) * CM],
           [x * CM, (y + h) * CM]]
    return TerrainPiece(id=tid, kind=kind, points=pts,
                        tags=sorted(stats.catalogue().terrain_kinds[kind].tags))


def sandbox(figures: list[dict], *, terrain=(), dice=(), mist: int = 25, strict: bool = True,
            destiny=(0, 0), to_act: int = 1, victory=None) -> Engine:
    state = GameState(ruleset="mortebrume", ruleset_version=VERSION, scenario="sandbox", seed=0,
                      width=75 * CM, height=75 * CM, max_turns=12, turn=1, to_act=to_act)
    state.terrain = list(terrain)
    for spec in figures:
        prof = stats.catalogue().profile(spec["profile"])
        fid = spec["name"] or f"{spec['side']}.{spec['profile']}"
        state.figures[fid] = Figure(id=fid, side=spec["side"], profile=spec["profile"],
                                    name=prof.name.fr, x=spec["at"][0] * CM, y=spec["at"][1] * CM,
                                    size=float(prof.base), shape="square", facing=spec["facing"],
                                    vitality=prof.physique, max_vitality=prof.physique,
                                    status=dict(spec["status"]))
    for side in (1, 2):
        state.sides[side] = Side(id=side, roster="sandbox", role=f"r{side}")
    state.extras = {"mist_cm": mist, "strict": strict,
                    "destiny": {"1": destiny[0], "2": destiny[1]},
                    "victory": victory or {"type": "last_standing"}, "scores": {"1": 0, "2": 0},
                    "setup_notes": [], "main": to_act, "bonus": 0, "imposed": False,
                    "layout": layout_key(state.terrain)}
    record = Record(ruleset="mortebrume", version=VERSION, scenario="sandbox", seed=0)
    return Engine(RULESET, state, record, dice=ScriptedDice(dice))


def act(kind: str, actor: str | None = None, *targets: str, path=(), value=None) -> Action:
    return Action(kind=kind, actor=actor, targets=tuple(targets),
                  path=tuple((x * CM, y * CM) for x, y in path), value=value)


def step(engine: Engine, action: Action):
    why = engine.check(action)
    assert why is None, f"refused: {why}"
    return engine.step(action)


def rolls(events, rule: str | None = None) -> list[DiceRolled]:
    return [e for e in events if isinstance(e, DiceRolled) and (rule is None or e.rule == rule)]


def notes(events, key: str) -> list[Note]:
    return [e for e in events if isinstance(e, Note) and e.key == key]
