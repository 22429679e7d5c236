"""Movement: walk, run, whole centimetres, difficult ground, the 3 cm minimum, the
impossible-action stop, halved moves after acting or being wounded, facing."""
from __future__ import annotations

import pytest

from game.rulesets.mortebrume import movement

from .sandbox import CM, act, fig, notes, rect, sandbox, step


def _solo(profile="meleien_recrue", terrain=(), strict=True, **status):
    return sandbox([fig(1, profile, 10, 10, 0.0, name="A", **status),
                    fig(2, "thanigiste_recrue", 70, 70, 180.0, name="Z")],
                   terrain=terrain, strict=strict)


def test_walk_counts_whole_centimetres_and_faces_the_way():
    eng = _solo()
    step(eng, act("activate", "A"))
    ev = step(eng, act("move", "A", path=[(10, 14.2)]))
    moved = [e for e in ev if e.kind == "moved"][0]
    assert moved.cost == pytest.approx(5 * CM)  # 4.2 cm begun counts as 5
    assert eng.state.activation["spent"] == pytest.approx(50)
    assert eng.state.figures["A"].facing == pytest.approx(90.0)


def test_a_declared_path_too_long_stops_where_the_move_runs_out():
    eng = _solo()  # walk 10 cm
    step(eng, act("activate", "A"))
    ev = step(eng, act("move", "A", path=[(30, 10)]))
    f = eng.state.figures["A"]
    assert f.x == pytest.approx(200.0, abs=0.5) and notes(ev, "mb.note.stopped")


def test_without_strict_measuring_a_too_long_path_is_refused():
    eng = _solo(strict=False)
    step(eng, act("activate", "A"))
    why = eng.check(act("move", "A", path=[(30, 10)]))
    assert why is not None and why.code == "mb.refused.too_far"


def test_difficult_ground_counts_double_with_a_3_cm_minimum():
    slope = rect("s", "pente", 5, 5, 30, 30)
    eng = _solo(terrain=[slope])
    step(eng, act("activate", "A"))
    step(eng, act("move", "A", path=[(20, 10)]))
    assert eng.state.figures["A"].x == pytest.approx(150.0, abs=0.5)  # 10 cm buys 5 cm
    # a heavily encumbered walker still gets 3 cm even in difficult ground
    hurt = _solo(terrain=[slope], hurt=True, hindered=False)
    hurt.state.figures["A"].status["hurt"] = True
    step(hurt, act("activate", "A"))
    hurt.state.activation["allowance"] = 4 * CM  # e.g. 4 cm left: only 2 cm of slope...
    step(hurt, act("move", "A", path=[(20, 10)]))
    assert hurt.state.figures["A"].x == pytest.approx(130.0, abs=0.5)  # ...but 3 cm minimum


def test_too_encumbered_to_move(monkeypatch):
    from game.rulesets.mortebrume import stats

    eng = _solo()
    real = stats.profile
    heavy = real(eng.state.figures["A"]).model_copy(update={"encumbrance": 10})
    monkeypatch.setattr(stats, "profile", lambda f: heavy if f.id == "A" else real(f))
    step(eng, act("activate", "A"))
    kinds = {c.kind for c in eng.legal_actions()}
    assert "move" not in kinds and "run" not in kinds


def test_run_doubles_and_ends_the_activation():
    eng = _solo()
    step(eng, act("activate", "A"))
    step(eng, act("run", "A", path=[(28, 10)]))
    assert eng.state.figures["A"].x == pytest.approx(280.0)
    assert eng.state.activation is None


def test_wounded_before_acting_walks_half():
    eng = _solo(hurt=True)
    step(eng, act("activate", "A"))
    assert eng.state.activation["allowance"] == pytest.approx(50.0)


def test_stepping_over_a_fallen_fighter_costs_double():
    eng = sandbox([fig(1, "meleien_recrue", 10, 10, name="A"),
                   fig(2, "thanigiste_recrue", 15, 10, name="down"),
                   fig(2, "thanigiste_recrue", 70, 70, name="Z")])
    down = eng.state.figures["down"]
    down.out, down.vitality = True, 0
    table = eng.ruleset.table_for(eng.state)
    cost = movement.path_cost(table, eng.state, eng.state.figures["A"], [(200.0, 100.0)])
    assert cost == pytest.approx(100.0 + 25.0, abs=0.5)


def test_a_fallen_base_twice_the_mover_s_cannot_be_stepped_over():
    # a sprite (20 mm) walks into a fallen bog troll (40 mm): it stops at the troll's base
    eng = sandbox([fig(1, "farfadet", 10, 10, name="A"),
                   fig(2, "troll_des_tourbes", 16, 10, name="down"),
                   fig(2, "thanigiste_recrue", 70, 70, name="Z")])
    down = eng.state.figures["down"]
    down.out, down.vitality = True, 0
    step(eng, act("activate", "A"))
    ev = step(eng, act("move", "A", path=[(22, 10)]))
    assert eng.state.figures["A"].x == pytest.approx(140.0, abs=0.5) and notes(ev, "mb.note.stopped")
    table = eng.ruleset.table_for(eng.state)
    assert movement.path_cost(table, eng.state, eng.state.figures["A"], [(140.0, 200.0)]) < 200
    # the same path again would not move it at all: refused, not a move that changes nothing
    # (an agent that kept choosing it never finished its game)
    why = eng.check(act("move", "A", path=[(22, 10)]))
    assert why is not None and why.code == "mb.refused.no_progress"
    assert eng.check(act("move", "A", path=[(14, 20)])) is None
    eng.state.extras["strict"] = False
    why = eng.check(act("move", "A", path=[(22, 10)]))
    assert why is not None and why.code == "mb.refused.step_over"


def test_turning_in_place_is_free_once():
    eng = _solo()
    step(eng, act("activate", "A"))
    step(eng, act("turn", "A", value=90))
    assert eng.state.figures["A"].facing == 90.0
    assert not any(c.kind == "turn" for c in eng.legal_actions())
    assert any(c.kind == "move" for c in eng.legal_actions())


def test_slopes_double_climbing_and_halve_going_down():
    slope = rect("s", "pente", 5, 5, 30, 30)
    eng = _solo(terrain=[slope])
    eng.state.extras["uphill"] = {"s": 0.0}  # climbing towards +x
    table = eng.ruleset.table_for(eng.state)
    a = eng.state.figures["A"]
    assert movement.path_cost(table, eng.state, a, [(140.0, 100.0)]) == pytest.approx(80.0)
    assert movement.path_cost(table, eng.state, a, [(60.0, 100.0)]) == pytest.approx(20.0)
    step(eng, act("activate", "A"))
    step(eng, act("move", "A", path=[(10, 40)]))  # across the slope: downhill 0, climb 0
    assert eng.state.figures["A"].y < 400.0  # ...counts as difficult ground (double)


def test_a_move_owed_to_a_fighter_fallen_since_is_refused_not_crashed_on():
    from game.core.state import Decision

    eng = sandbox([fig(1, "meleien_recrue", 20, 30, 0, name="me"),
                   fig(2, "meleien_recrue", 40, 30, 180, name="foe")])
    eng.state.figures["me"].out = True
    eng.state.pending.append(Decision(kind="free_move", side=1, figure="me",
                                      context={"allowance": 50.0}))
    (choice,) = eng.legal_actions()
    assert choice.kind == "free_move" and choice.move.allowance == 0.0
    why = eng.check(act("free_move", "me", path=[(230, 300)]))
    assert why is not None and why.code == "mb.refused.too_far"
    assert eng.check(act("free_move", "me")) is None
