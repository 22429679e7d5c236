"""Fighters for the Bonus / Malus rules tests: two figures face to face (each in the
other's front arc) unless placed otherwise."""
from __future__ import annotations

from game.rulesets.bonus_malus.fighter import Fighter, make


def pair(a: dict | None = None, b: dict | None = None) -> tuple[Fighter, Fighter]:
    """``a`` at (0, 0) facing +x, ``b`` at (1, 0) facing -x."""
    fa = make("a", 1, x=0.0, y=0.0, facing=0.0, **(a or {}))
    fb = make("b", 2, x=1.0, y=0.0, facing=180.0, **(b or {}))
    return fa, fb


# ------------------------------------------------------------------ games through the engine
PAS = 25.0


def man(fid: str, side: int, x: float, y: float, facing: float = 0.0, **profile):
    """A table figure at (x, y) in pas with a profile (competences, attributes,
    equipment...) given as keywords; Initiative, Combat, Tir and Moral are plain unless
    given."""
    from game.rulesets.bonus_malus import figures as F

    comps = {"initiative": 0, "combat": 0, "tir": 0, "moral": 0, **(profile.pop("competences", None) or {})}
    return F.make(fid, side, x * PAS, y * PAS, fid, {"competences": comps, **profile}, facing=facing)


def game(*figures, terrain=(), neutral=(), mode: str = "alternate", turns: int = 6):
    """A Bonus / Malus state over these figures (sides from the figures), its first turn
    opened as a new game's is."""
    from game.core.state import Side
    from game.rulesets.bonus_malus.ruleset import begin
    from tests.rulesets.shared.spatial import world

    sides = sorted({f.side for f in figures})
    st = world(figures, terrain, sides=sides, width=24 * PAS, height=24 * PAS, neutral=neutral)
    st.ruleset, st.max_turns = "bonus_malus", turns
    for s in neutral:
        st.sides[s] = Side(id=s, roster="n", role="neutral", neutral=True, agent="neutral")
    st.extras["bm"] = {"mode": mode, "order": [], "picks": {}, "queue": []}
    begin(st)
    return st


def engine(st, *faces: int):
    from game.core.dice import ScriptedDice
    from game.core.engine import Engine
    from game.core.record import Record
    from game.rulesets.bonus_malus.ruleset import RULESET

    return Engine(RULESET, st, Record("bonus_malus", 1, "test", 1), dice=ScriptedDice(list(faces)))


def kinds(eng, actor=None) -> list[str]:
    return sorted({c.kind for c in eng.legal_actions() if actor is None or c.actor == actor})


def choice(eng, kind: str):
    [c] = [c for c in eng.legal_actions() if c.kind == kind]
    return c


def go(eng, fid: str):
    """The figure due is ``fid``, whose side starts it (its only choice); the events."""
    from game.core.actions import Action

    [c] = eng.legal_actions()
    assert (c.kind, c.actor) == ("activate", fid), (c.kind, c.actor)
    return eng.step(Action("activate", actor=fid))
