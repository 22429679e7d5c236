"""Build Evenor positions by hand for rule tests: figures from the catalogue placed in pas,
optional terrain, scripted dice."""
from __future__ import annotations

from game.core.actions import Action
from game.core.dice import ScriptedDice, pcg_seed
from game.core.engine import Engine
from game.core.events import DiceRolled
from game.core.record import Record
from game.core.state import Figure, GameState, Side, TerrainPiece
from game.rulesets._shared.tables import layout_key
from game.rulesets.evenor import RULESET, stats
from game.rulesets.evenor.setup import VERSION as RULES_VERSION

PAS = 25.0


def fig(side: int, profile: str, x: float, y: float, **status) -> dict:
    return {"side": side, "profile": profile, "at": (x, y), "status": status}


def rect(tid: str, kind: str, x: float, y: float, w: float, h: float) -> TerrainPiece:
    pts = [[x * PAS, y * PAS], [(x + w) * PAS, y * PAS], [(x + w) * PAS, (y + h) * PAS],
           [x * PAS, (y + h) * PAS]]
    return TerrainPiece(id=tid, kind=kind, points=pts,
                        tags=sorted(stats.catalogue().terrain_kinds[kind].tags))


def sandbox(figures: list[dict], *, terrain=(), dice=(), victory=None, to_act: int = 1,
            turn: int = 1, seed: int | None = None) -> Engine:
    """A hand-built position. Dice are scripted faces, or a seeded stream when ``seed``."""
    state = GameState(ruleset="evenor", ruleset_version=RULES_VERSION, scenario="sandbox", seed=0,
                      width=24 * PAS, height=24 * PAS, max_turns=8, turn=turn, to_act=to_act)
    state.terrain = list(terrain)
    for spec in figures:
        prof = stats.catalogue().profile(spec["profile"])
        fid = f"{spec['side']}.{spec['profile']}"
        state.figures[fid] = Figure(id=fid, side=spec["side"], profile=spec["profile"],
                                    name=prof.name, x=spec["at"][0] * PAS, y=spec["at"][1] * PAS,
                                    size=float(prof.base), vitality=prof.V, max_vitality=prof.V,
                                    status=dict(spec["status"]))
    for side in (1, 2):
        state.sides[side] = Side(id=side, roster="sandbox", role=f"r{side}")
    state.extras = {"first_side": to_act if turn % 2 else 3 - to_act,
                    "victory": victory or {"type": "extermination"},
                    "zones": {"1": [[0, 0, 6, 6]], "2": [[18, 18, 6, 6]]},
                    "start_count": {str(s): len(state.figures_of(s)) for s in (1, 2)},
                    "layout": layout_key(state.terrain), "escaped": []}
    record = Record(ruleset="evenor", version=RULES_VERSION, scenario="sandbox", seed=0)
    if seed is not None:
        state.rng = pcg_seed(seed, 99)
        return Engine(RULESET, state, record)
    return Engine(RULESET, state, record, dice=ScriptedDice(dice))


def act(kind: str, actor: str | None = None, *targets: str, path=(), value=None, values=(),
        partners=()) -> Action:
    return Action(kind=kind, actor=actor, targets=tuple(targets),
                  path=tuple((x * PAS, y * PAS) for x, y in path), value=value,
                  values=tuple(values), partners=tuple(partners))


def rolls(events, rule: str | None = None) -> list[DiceRolled]:
    return [e for e in events if isinstance(e, DiceRolled) and (rule is None or e.rule == rule)]


def step(engine: Engine, action: Action):
    why = engine.check(action)
    assert why is None, f"refused: {why}"
    return engine.step(action)


def toward(engine: Engine, mover: str, target: str) -> tuple[float, float]:
    """The point (in pas) where ``mover`` touches ``target`` coming straight at it."""
    import math

    m, t = engine.state.figures[mover], engine.state.figures[target]
    d = math.dist(m.pos, t.pos)
    reach = m.radius + t.radius
    x = t.x + (m.x - t.x) * reach / d
    y = t.y + (m.y - t.y) * reach / d
    return (x / PAS, y / PAS)


class _Catalogue:
    """The real catalogue plus test-only variant profiles."""

    def __init__(self, real, extra):
        self._real, self._extra = real, extra

    def profile(self, pid):
        return self._extra.get(pid) or self._real.profile(pid)

    def __getattr__(self, name):
        return getattr(self._real, name)


def variant(monkeypatch, pid: str, base: str, *, add=(), remove=(), **fields) -> str:
    """Register a test profile ``pid``: ``base`` with traits added/removed and fields changed.
    ``add`` items are trait ids or (id, number) pairs."""
    from game.rulesets.evenor.schema import TraitRef

    real = stats.catalogue()
    extra = dict(getattr(real, "_extra", {}))
    if isinstance(real, _Catalogue):
        extra, real = dict(real._extra), real._real
    prof = real.profile(base)
    traits = [t for t in prof.traits if t.id not in remove]
    for item in add:
        tid, value = (item, None) if isinstance(item, str) else item
        traits.append(TraitRef(id=tid, value=value))
    extra[pid] = prof.model_copy(update={"traits": traits, **fields})
    cat = _Catalogue(real, extra)
    monkeypatch.setattr(stats, "catalogue", lambda: cat)
    return pid
