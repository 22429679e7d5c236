"""Who moves first after a passe d'armes (the dominating fighter's priority), and two
reserved actions at once (the hand's priority when one cancels the other)."""
from __future__ import annotations

import pytest

from game.rulesets.mortebrume.ruleset import RULESET

from .sandbox import act, fig, notes, rolls, sandbox, step

FAR = [fig(1, "farfadet", 5, 70, 0.0, name="P"), fig(2, "farfadet", 70, 70, 180.0, name="Q")]


def passe(attacker, defender, gap_cm, dice, path=(), weapon="epee", to_act=1):
    eng = sandbox([fig(1, attacker, 30, 30, 0.0, name="A"),
                   fig(2, defender, 30 + 2.5 + gap_cm, 30, 180.0, name="D")] + FAR,
                  dice=dice, to_act=to_act)
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value=weapon, path=path))
    step(eng, act("react", "D", value="riposte"))
    return eng


def narrate(events, state):
    for e in events:
        for lang in ("fr", "en"):
            line = RULESET.describe(e, state, lang)
            assert "mb." not in line and "{" not in line, line


def test_the_dominating_attacker_may_move_first_then_the_riposting_fighter_moves():
    eng = passe("meleien_recrue", "thanigiste_recrue", 0.5, [2, 5])  # 11 against 9
    d = eng.state.pending[-1]
    assert (d.kind, d.figure, eng.decider()) == ("priority", "A", 1)
    ev = step(eng, act("priority", "A", value="first"))
    narrate(ev, eng.state)
    assert not eng.state.pending and eng.state.activation["fig"] == "A"
    assert any(c.kind == "move" for c in eng.legal_actions())  # A's move after striking
    step(eng, act("move", "A", path=[(30, 26)]))
    d = eng.state.pending[-1]
    assert (d.kind, d.figure, eng.decider()) == ("free_move", "D", 2)
    step(eng, act("free_move", "D", path=[(33, 37)]))
    assert eng.state.activation is None and eng.state.to_act == 2


def test_ending_the_activation_without_moving_still_gives_the_owed_move_first():
    eng = passe("meleien_recrue", "thanigiste_recrue", 0.5, [2, 5])
    step(eng, act("priority", "A", value="first"))
    step(eng, act("end"))
    assert eng.state.pending[-1].kind == "free_move" and eng.decider() == 2
    step(eng, act("free_move", "D"))
    assert eng.state.activation is None and eng.decider() == 2


def test_the_dominating_defender_chooses_who_moves_first():
    eng = passe("meleien_recrue", "thanigiste_recrue", 0.5, [2, 9])  # 11 against 13
    d = eng.state.pending[-1]
    assert (d.kind, d.figure, eng.decider()) == ("priority", "D", 2)
    step(eng, act("priority", "D", value="first"))
    assert eng.state.pending[-1].kind == "free_move"
    eng = passe("meleien_recrue", "thanigiste_recrue", 0.5, [2, 9])
    step(eng, act("priority", "D", value="second"))
    assert not eng.state.pending and eng.decider() == 1
    step(eng, act("move", "A", path=[(30, 26)]))
    assert eng.state.pending[-1].figure == "D"


def test_on_a_tie_the_attacker_has_priority():
    eng = passe("meleien_recrue", "thanigiste_recrue", 0.5, [6, 6])  # both particular
    assert eng.state.pending[-1].figure == "A"


def test_no_priority_when_the_attacker_cannot_move_after_striking():
    # the greatsword (two hands) moved before striking: nothing left after
    eng = passe("gueorwen", "thanigiste_recrue", 5.0, [5, 5], path=[(32, 30)],
                weapon="epee_deux_mains")
    d = eng.state.pending[-1]
    assert (d.kind, d.figure) == ("free_move", "D")


def test_the_random_agent_answers_the_priority_decision():
    from game.ai.agents import RandomAgent

    eng = passe("meleien_recrue", "thanigiste_recrue", 0.5, [2, 5])
    a = RandomAgent(3).choose(eng)
    assert a.kind == "priority" and a.value in ("first", "second")


# --------------------------------------------------------------------------- reserved


def clash(dice, d_vitality=None, to_act=1):
    """The mist wolf (reserved) strikes the Shimeian veteran (reserved) with its reserved
    action; the veteran answers with its own reserved strike."""
    eng = sandbox([fig(1, "loup_brume", 30, 30, 0.0, name="A", struck=True),
                   fig(2, "shimeien_veteran", 33.5, 30, 180.0, name="D")] + FAR,
                  dice=dice, to_act=to_act)
    if d_vitality is not None:
        eng.state.figures["D"].vitality = d_vitality
    if to_act == 2:
        step(eng, act("impose"))
    step(eng, act("activate", "A"))
    strike = [c for c in eng.legal_actions() if c.kind == "reserved" and c.actor == "A"]
    assert strike and "D" in strike[0].targets
    step(eng, act("reserved", "A", "D", value="griffes"))
    assert eng.state.pending[-1].options[0] == "reserved"
    ev = step(eng, act("react", "D", value="reserved"))
    narrate(ev, eng.state)
    return eng, ev


def test_two_reserved_strikes_are_resolved_at_once():
    eng, ev = clash([2, 3, 2, 4])  # wolf 10+5, veteran 10+6: neither can stop the other
    assert notes(ev, "mb.note.simultaneous") and not notes(ev, "mb.note.hand_prevails")
    assert [r.rule for r in rolls(ev)] == ["reserved", "reserved"]
    st = eng.state.figures
    assert st["D"].vitality == 7 - (3 - 1) and st["A"].vitality == 8 - (3 - 1)
    assert st["D"].status.get("reserved_used") and st["A"].status.get("reserved_used")
    assert not eng.state.pending


@pytest.mark.parametrize("hand, a_hurt, d_out", [(1, False, True), (2, True, False)])
def test_when_one_reserved_strike_would_cancel_the_other_the_hand_prevails(hand, a_hurt, d_out):
    eng, ev = clash([2, 3, 2, 4], d_vitality=2, to_act=hand)
    assert notes(ev, "mb.note.hand_prevails")[0].args["side"] == hand
    st = eng.state.figures
    assert (st["A"].vitality < 8) is a_hurt
    assert st["D"].out is d_out
