"""The per-side "advised defence" (K-R23): a person who asked for it is never asked a
decision the ruleset's advice may answer; the session plays the template's
``hints["advised"]`` at once, says so in the log, keeps the attack's dice with the
defence's for the screen, and the option is saved with the game. A side that did not ask
is asked as before. Khârn-Ages' flow with scripted dice and its presentation."""
from __future__ import annotations

from game.core.actions import Action
from game.core.events import DiceRolled
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game


def duel():
    st = game(figure("a", 1, 5, 5, chars={"V": 4, "P": 4, "A": 3, "C": 4}, mastery=()),
              figure("b", 2, 6, 5, chars={"V": 3, "P": 3, "A": 4, "C": 3}, mastery=(), pa=4, pv=20))
    eng = engine(st, 5, 8, 3, 3, 3, 3, 3, 3)
    act(eng, "activate", "a")
    return eng


ATTACK = Action("attack", "a", targets=("b",), value="PC/P//")


def test_a_side_that_asked_is_answered_by_the_advice():
    from game.ui.session import Session

    asked = duel()
    act(asked, "attack", "a", targets=("b",), value="PC/P//")
    [c] = asked.legal_actions()
    want = c.hints["advised"]

    eng = duel()
    s = Session(eng, {1: "human", 2: "human"}, advised=[2])
    assert s.submit(ATTACK) is None
    assert not eng.state.pending or eng.state.pending[-1].kind != "defend"
    assert eng.record.actions[-1] == Action("defend", "b", value=want)
    assert any("conseiller" in line for line in s.log)
    rolls = [e.rule for e in s.last_events if isinstance(e, DiceRolled)]
    assert rolls[0] == "attack" and "defence" in rolls          # the attack's dice kept for the screen
    assert s.deciders[-1] == 2 and eng.record.meta["advised"] == [2]


def test_a_side_that_did_not_ask_is_asked():
    from game.ui.session import Session

    eng = duel()
    s = Session(eng, {1: "human", 2: "human"}, advised=[1])
    s.submit(ATTACK)
    assert eng.state.pending and eng.state.pending[-1].kind == "defend" and s.decider() == 2
    assert not any("conseiller" in line for line in s.log)


def test_the_advice_never_answers_for_an_agent_side(monkeypatch):
    from game.ui.session import Session

    eng = duel()
    s = Session(eng, {1: "human", 2: "human"}, advised=[2])
    s.players[2] = "random"                              # the side is no longer a person's
    s.submit(ATTACK)
    assert eng.state.pending and eng.state.pending[-1].kind == "defend"
