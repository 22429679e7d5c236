"""Reactions as the book gives them: a fighter whose turn is over only dodges or uses its
reserved action (never a riposte); the reserved action at any moment (before or after the
fighter's own action, between activations, against an enemy attacking a companion), never
as weapon handling against an attack from behind; the move priority after a passe d'armes
with equal totals; a dominated attacker who used its shield has ended its turn."""
from __future__ import annotations

import pytest

from game.core.events import CombatResolved

from .sandbox import act, fig, notes, rolls, sandbox, step

SPARES = [fig(1, "farfadet", 5, 70, 0.0, name="P"), fig(2, "farfadet", 70, 70, 180.0, name="Q")]


def _options(eng) -> list[str]:
    d = eng.state.pending[-1]
    assert d.kind == "reaction"
    return list(d.options)


# --------------------------------------------------------------------------- turn over


def _struck_after(prelude, dice=()):
    """A (side 1) strikes D, a Shimeian veteran (reserved action), after ``prelude`` ended
    D's turn; returns D's reaction options."""
    eng = sandbox([fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                   fig(1, "meleien_archer", 22, 36, 0.0, name="S"),
                   fig(2, "shimeien_veteran", 33.5, 30, 180.0, name="D")] + SPARES,
                  dice=dice, to_act=2)
    prelude(eng)
    eng.state.to_act = eng.state.extras["main"] = 1
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    return _options(eng)


def _ran(eng):
    step(eng, act("activate", "D"))
    step(eng, act("run", "D", path=[(45, 30), (33.5, 30.5)]))
    assert eng.state.activation is None


def _acted(eng):
    step(eng, act("activate", "D"))
    step(eng, act("end"))


def _failed_dodge(eng):
    eng.state.to_act = eng.state.extras["main"] = 1
    step(eng, act("activate", "S"))
    step(eng, act("shoot", "S", "D", value="arc"))   # 7 + 8 + 2 = 17 against 8 + 1 + 1
    step(eng, act("react", "D", value="dodge"))
    assert eng.state.figures["D"].status.get("activated")
    step(eng, act("end"))


@pytest.mark.parametrize("prelude, dice", [(_ran, ()), (_acted, ()), (_failed_dodge, [8, 1, 1])])
def test_a_fighter_whose_turn_is_over_cannot_riposte(prelude, dice):
    opts = _struck_after(prelude, dice)
    assert "riposte" not in opts
    assert "dodge" in opts and "reserved" in opts


def test_a_fighter_that_used_its_shield_cannot_riposte():
    eng = sandbox([fig(1, "meleien_archer", 10, 30, 0.0, name="S"),
                   fig(1, "meleien_recrue", 30, 36, 270.0, name="A"),
                   fig(2, "abelberien_recrue", 30, 30, 180.0, name="D")] + SPARES, dice=[3, 2])
    step(eng, act("activate", "S"))
    step(eng, act("shoot", "S", "D", value="arc"))
    step(eng, act("react", "D", value="shield"))
    step(eng, act("free_move", "D"))                   # stays
    assert eng.state.figures["D"].status.get("activated")
    step(eng, act("end"))
    eng.state.to_act = eng.state.extras["main"] = 1
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    assert _options(eng) == ["dodge", "take"]


def test_a_fighter_that_has_not_played_may_still_riposte():
    opts = _struck_after(lambda eng: None)
    assert opts[:2] == ["reserved", "riposte"]


# --------------------------------------------------------------------------- reserved


def test_a_companion_interrupts_an_enemy_attacking_its_companion():
    """X strikes T; C, T's companion within 4 cm of X, strikes X first with its reserved
    action; X (in mid-action) may dodge or take it; then T chooses its own reaction."""
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")] + SPARES,
                  dice=[3, 4, 5])
    step(eng, act("activate", "X"))
    step(eng, act("strike", "X", "T", value="lance"))
    assert "reserved:C" in _options(eng)
    guard = [c for c in eng.legal_actions() if c.kind == "react" and c.values == ("reserved:C",)]
    assert guard and guard[0].actor == "T"
    step(eng, act("react", "T", value="reserved:C"))
    d = eng.state.pending[-1]
    assert (d.figure, d.side) == ("X", 1) and d.options == ["dodge", "take"]
    ev = step(eng, act("react", "X", value="take"))
    assert rolls(ev, "reserved")[0].result == 10 + 3 + 4
    assert eng.state.figures["X"].vitality == 6 - 3            # armour 1 halved: taken
    assert eng.state.figures["C"].status.get("reserved_used")
    assert not eng.state.figures["C"].status.get("activated")  # a reserved action activates nobody
    d = eng.state.pending[-1]
    assert d.figure == "T" and "reserved:C" not in d.options and "riposte" in d.options
    step(eng, act("react", "T", value="take"))                 # lance 7 + 5 - 3 out of band
    assert eng.state.figures["T"].vitality == 6 - 1


def test_the_attacker_stopped_by_a_companion_loses_its_action():
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")] + SPARES,
                  dice=[6, 5, 1])                              # a special: 3 + 1 wounds
    eng.state.figures["X"].vitality = 2
    step(eng, act("activate", "X"))
    step(eng, act("strike", "X", "T", value="lance"))
    step(eng, act("react", "T", value="reserved:C"))
    ev = step(eng, act("react", "X", value="take"))
    assert eng.state.figures["X"].out and notes(ev, "mb.note.interrupted")
    assert not any(d.kind == "reaction" for d in eng.state.pending)
    assert eng.state.figures["T"].vitality == 6


def _interrupted(dice):
    """A Shimeian recruit (dagger, dodge 7: 1D10) strikes T; C interrupts it."""
    eng = sandbox([fig(1, "shimeien_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")] + SPARES, dice=dice)
    step(eng, act("activate", "X"))
    step(eng, act("strike", "X", "T", value="dague"))
    step(eng, act("react", "T", value="reserved:C"))
    return eng


def test_the_interrupted_attacker_dodges_and_its_attack_goes_on():
    eng = _interrupted([1, 2, 7])                                # 13 against 7 + 7 = 14
    step(eng, act("react", "X", value="dodge", path=[(29, 29)]))
    x = eng.state.figures["X"]
    assert x.vitality == 5 and x.status["dodged"] == ["C"]
    d = eng.state.pending[-1]
    assert d.figure == "T" and d.context["attacker"] == "X"     # from where X now stands


def test_an_interrupted_attacker_whose_dodge_fails_loses_its_action():
    eng = _interrupted([2, 2, 5])                                # 14 against 7 + 5 = 12
    ev = step(eng, act("react", "X", value="dodge", path=[(29, 29)]))
    assert eng.state.figures["X"].vitality == 5 - 3             # C's sword, no armour
    assert notes(ev, "mb.note.interrupted") and eng.state.activation is None
    assert eng.state.figures["T"].vitality == 6


def test_no_reserved_action_against_an_attack_from_behind():
    eng = sandbox([fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                   fig(2, "shimeien_veteran", 33.5, 30, 0.0, name="D")] + SPARES)
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    assert _options(eng) == ["dodge"]


def test_no_reserved_strike_on_a_fighter_dodged_this_turn():
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C", dodged=["X"]),
                   fig(2, "shimeien_veteran", 33.5, 30, 180.0, name="V")][:3] + SPARES)
    step(eng, act("activate", "X"))
    step(eng, act("strike", "X", "T", value="lance"))
    assert not any(o.startswith("reserved") for o in _options(eng))


def test_a_stunned_fighter_s_companion_may_still_interrupt():
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T", stunned=True),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")] + SPARES, dice=[5])
    step(eng, act("activate", "X"))
    step(eng, act("strike", "X", "T", value="lance"))
    assert _options(eng) == ["reserved:C", "none"]
    step(eng, act("react", "T", value="none"))               # no roll for T, full armour
    assert eng.state.figures["T"].vitality == 6 - 0             # 3 // 2 - 1: nothing


def test_a_reserved_strike_is_answered_by_its_target_only():
    """Two reserved actions meet only between two fighters striking each other: against a
    reserved strike, the target may answer with its own, its companions may not."""
    eng = sandbox([fig(1, "loup_brume", 30, 30, 0.0, name="X"),
                   fig(2, "shimeien_veteran", 33.5, 30, 180.0, name="T"),
                   fig(2, "meleien_seigneur", 30, 33.5, 270.0, name="C")] + SPARES)
    step(eng, act("activate", "X"))
    step(eng, act("reserved", "X", "T", value="griffes"))
    assert _options(eng)[0] == "reserved" and "reserved:C" not in _options(eng)


def test_the_reserved_strike_before_the_fighter_s_own_action():
    eng = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 33.0, 30, 180.0, name="D")] + SPARES,
                  dice=[2, 3, 2, 3])
    step(eng, act("activate", "A"))
    kinds = {c.kind for c in eng.legal_actions()}
    assert {"reserved", "strike", "move"} <= kinds
    ev = step(eng, act("reserved", "A", "D", value="epee"))
    assert eng.state.pending[-1].figure == "D"
    ev = step(eng, act("react", "D", value="take"))
    assert rolls(ev, "reserved") and eng.state.figures["D"].vitality == 6 - 3
    act_state = eng.state.activation
    assert act_state["fig"] == "A" and not act_state["acted"]
    assert not any(c.kind == "reserved" for c in eng.legal_actions())
    step(eng, act("strike", "A", "D", value="epee"))           # the fighter's own action
    step(eng, act("react", "D", value="take"))
    assert eng.state.figures["D"].vitality == 0


def test_the_reserved_strike_between_activations_by_a_fighter_whose_turn_is_over():
    eng = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A", activated=True),
                   fig(2, "thanigiste_recrue", 33.0, 30, 180.0, name="D")] + SPARES,
                  dice=[2, 3])
    reserved = [c for c in eng.legal_actions() if c.kind == "reserved"]
    assert reserved and reserved[0].actor == "A" and "D" in reserved[0].targets
    step(eng, act("reserved", "A", "D", value="epee"))
    step(eng, act("react", "D", value="take"))
    assert eng.state.figures["D"].vitality == 6 - 3
    assert eng.state.activation is None and eng.decider() == 1   # the hand is still side 1's


# --------------------------------------------------------------------------- priority


def _passe(a_dice, d_dice, winner):
    eng = sandbox([fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 33.0, 30, 180.0, name="D")] + SPARES,
                  dice=[*a_dice, *d_dice])
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    ev = step(eng, act("react", "D", value="riposte"))
    assert [e.winner for e in ev if isinstance(e, CombatResolved)] == [winner]
    return eng


def test_equal_totals_give_the_move_priority_to_the_attacker():
    eng = _passe([2], [7], "defence")            # 9 + 2 = 11 against 7 + 7 - 3 = 11: D dominates
    d = eng.state.pending[-1]
    assert (d.kind, d.figure, eng.decider()) == ("priority", "A", 1)


def test_unequal_totals_give_it_to_the_dominating_fighter():
    eng = _passe([2], [9], "defence")            # 11 against 13
    d = eng.state.pending[-1]
    assert (d.kind, d.figure) == ("priority", "D")


# --------------------------------------------------------------------------- shield


@pytest.mark.parametrize("d_dice, holds", [([5, 5], False), ([3, 4], True)])
def test_a_dominated_attacker_that_used_its_shield_has_ended_its_turn(d_dice, holds):
    """The Meleian lord (shield 3, sword 13: 2D6) strikes a Thanigist knight (greatsword 14:
    2D8, out of its band at 1 cm) and is dominated: its shield is used, so its turn is over
    (no move after striking) and the riposting knight moves at once."""
    eng = sandbox([fig(1, "meleien_seigneur", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_chevalier", 33.5, 30, 180.0, name="D")] + SPARES,
                  dice=[1, 2, *d_dice])    # 16 against 14 + 10 - 3 = 21, or 14 + 7 - 3 = 18
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    ev = step(eng, act("react", "D", value="riposte"))
    assert bool(notes(ev, "mb.note.shield_holds")) is holds
    d = eng.state.pending[-1]
    assert (d.kind, d.figure) == ("free_move", "D")             # no priority: A cannot move
    step(eng, act("free_move", "D"))
    assert eng.state.activation is None
