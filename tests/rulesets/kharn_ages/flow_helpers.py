"""Khârn-Ages games through the engine for the flow tests: a small table of figures with any
cards (``cards.card_of`` over the rules core's ``fighter.make``), and scripted dice."""
from __future__ import annotations

from game.core.actions import Action
from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.record import Record
from game.core.state import Figure, GameState, Side
from game.rulesets.kharn_ages import cards
from game.rulesets.kharn_ages.fighter import TOISE, make
from game.rulesets.kharn_ages.flow import start_turn
from game.rulesets.kharn_ages.ruleset import RULESET
from game.rulesets.kharn_ages.setup import Quiet


def figure(fid: str, side: int, x: float, y: float, **card) -> tuple[Figure, dict]:
    """A figure at (x, y) in toises with the card ``fighter.make`` builds from ``card``
    (chars, level, stature, pa, pv, mastery, skills, weapon, armour, shield); its cost
    ``cost`` (default 10)."""
    cost = card.pop("cost", 10)
    f = make(fid, side, x=x * TOISE, y=y * TOISE, **card)
    c = cards.card_of(f.profile, cost=cost)
    return f.fig, c


def game(*figures: tuple[Figure, dict], first: int = 1, turns: int = 3) -> GameState:
    """A game over these figures on a 15 x 15 toises table, its first turn opened with
    ``first`` to play."""
    st = GameState(ruleset="kharn_ages", ruleset_version=1, scenario="test", seed=1,
                   width=15 * TOISE, height=15 * TOISE, max_turns=turns)
    for fig, _ in figures:
        st.sides.setdefault(fig.side, Side(id=fig.side, roster="r", role=f"r{fig.side}"))
        st.figures[fig.id] = fig
    cards.set_cards(st, {fig.profile: c for fig, c in figures})
    st.extras["ka"]["initiative"] = first
    start_turn(st, Quiet(st))
    return st


def engine(st: GameState, *faces: int) -> Engine:
    return Engine(RULESET, st, Record("kharn_ages", 1, "test", 1), dice=ScriptedDice(list(faces)))


def kinds(eng: Engine) -> list[str]:
    return sorted({c.kind for c in eng.legal_actions()})


def choice(eng: Engine, kind: str):
    [c] = [c for c in eng.legal_actions() if c.kind == kind]
    return c


def act(eng: Engine, kind: str, actor: str | None = None, **kw):
    """Step one action; the events."""
    a = Action(kind, actor=actor, **kw)
    why = eng.check(a)
    assert why is None, (a, why)
    return eng.step(a)
