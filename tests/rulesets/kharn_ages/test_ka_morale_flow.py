"""Morale in the game flow with scripted dice (K-R80 to K-R87): the témérité test at the start
of an activation against a terrifying enemy in the zone (friends and the leader's aura
counted), its ladder (half PA, none and the activation ends, demoralised without a carcass),
entering a terrifying zone (K-R18), the last of its side (K-R19), effroi in melee and the
fright table on the table (flight, free attacks), and the mastery die spent for good as a
decision of the figure's side."""
from __future__ import annotations

import math

from game.core.events import CombatResolved, DiceRolled, Note, OutOfAction
from game.rulesets._shared.tables import table_for
from game.rulesets.kharn_ages import dice, zones
from game.rulesets.kharn_ages import morale_flow as MF
from game.rulesets.kharn_ages.cards import fighter, fighters
from game.rulesets.kharn_ages.fighter import TOISE

from .flow_helpers import act, choice, engine, figure, game, kinds

PLAIN = {"mastery": ()}                              # T 4, I 2, level 1, 4 PA, no mastery die
TERROR = {"skills": {"terreur": None}, "mastery": ()}  # 10 + level 1 = 11
DREAD = {"skills": {"effroi": 12}, "mastery": (), "pa": 0}


def notes(events, prefix: str = "ka.morale") -> list[str]:
    return [e.key for e in events if isinstance(e, Note) and e.key.startswith(prefix)]


def test_a_terrifying_enemy_in_the_zone_and_the_whole_ladder():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("t", 2, 6, 5, **TERROR), turns=3)
    eng = engine(st, 5, 5, 5)                        # T4 + 5 = 9 < 11, three times
    ev = act(eng, "activate", "a")
    [roll] = [e for e in ev if isinstance(e, DiceRolled)]
    assert roll.rule == "temerity" and roll.result == 9
    assert notes(ev) == ["ka.morale.temerity.fail"]
    a = st.figures["a"]
    assert a.status["temerity"] == {"t": 1} and a.status["pa"] == 2     # terrorised: half its 4 PA
    act(eng, "end", "a")
    act(eng, "activate", "t")                        # a terror-causer takes no test
    act(eng, "end", "t")
    ev = act(eng, "activate", "a")                   # second failure: no PA, the activation ends
    assert a.status["temerity"] == {"t": 2} and a.status["pa"] == 0
    assert st.activation is None and "ka.morale.paralysed" in notes(ev)
    act(eng, "activate", "t")
    act(eng, "end", "t")
    ev = act(eng, "activate", "a")                   # third: demoralised, off the table
    assert a.out and a.status.get("demoralised") and not a.status.get("carcass")
    assert any(isinstance(e, OutOfAction) and e.figure == "a" for e in ev)


def test_friends_in_the_zone_and_the_leaders_aura_help_and_are_narrated():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("f", 1, 5, 6, **PLAIN),
              figure("lead", 1, 3.2, 5, chars={"I": 3}, mastery=()), figure("t", 2, 6, 5, **TERROR))
    st.figures["lead"].status["leader"] = True
    eng = engine(st, 4)                              # 4 + T4 + 2 (f) + 1 (leader) = 11: passes
    ev = act(eng, "activate", "a")
    assert notes(ev) == ["ka.morale.temerity.pass"]
    assert st.figures["a"].status["pa"] == 4 and "t" in st.figures["a"].status["morale_passed"]
    [line] = [eng.ruleset.describe(e, st, "fr") for e in ev if isinstance(e, Note) and e.key.startswith("ka.morale")]
    assert "alliés +2" in line and "aura du chef +1" in line and "11 pour 11" in line
    a = fighter(st, st.figures["a"])                # passed: never tested against t again
    assert MF.activation_tests(st, eng.rule_context(), a) == []


def test_the_leader_out_of_reach_gives_nothing():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("lead", 1, 1, 5, chars={"I": 3}, mastery=()),
              figure("t", 2, 6, 5, **TERROR))
    st.figures["lead"].status["leader"] = True       # 4 toises away, aura 3: too far
    eng = engine(st, 6)                              # 6 + 4 = 10 < 11
    act(eng, "activate", "a")
    assert st.figures["a"].status["temerity"] == {"t": 1}


def test_entering_a_terrifying_zone_fails_holds_the_figure_out_and_costs_half_its_pa():
    st = game(figure("a", 1, 3, 5, **PLAIN), figure("t", 2, 8, 5, **TERROR))
    eng = engine(st, 3)                              # 3 + 4 = 7 < 11
    act(eng, "activate", "a")
    ev = act(eng, "walk", "a", path=((7 * TOISE, 5 * TOISE),))
    assert "ka.morale.held_back" in notes(ev)
    a = fighter(st, st.figures["a"])
    assert a.pa == 2 and a.status["temerity"] == {"t": 1}          # half the 4 PA left
    assert not zones.engaged_by(st, table_for(st), a, fighters(st))  # kept out of the zone
    gap = math.dist(a.fig.pos, st.figures["t"].pos) - TOISE
    assert 0.5 * TOISE < gap < 0.5 * TOISE + 2.0                       # at the edge


def test_entering_a_terrifying_zone_and_passing_goes_in():
    st = game(figure("a", 1, 3, 5, **PLAIN), figure("t", 2, 8, 5, **TERROR))
    eng = engine(st, 9)
    act(eng, "activate", "a")
    act(eng, "walk", "a", path=((7 * TOISE, 5 * TOISE),))
    a = fighter(st, st.figures["a"])
    assert a.pa == 4 and [e.id for e in zones.engaged_by(st, table_for(st), a, fighters(st))] == ["t"]


def test_ralliement_is_a_decision_after_the_failed_roll():
    card = {"skills": {"ralliement": None}}           # level 1: one mastery die
    st = game(figure("a", 1, 5, 5, **card), figure("t", 2, 6, 5, **TERROR))
    eng = engine(st, 2)
    act(eng, "activate", "a")
    assert sorted(kinds(eng)) == ["accept", "rally"] and eng.decider() == 1
    assert choice(eng, "rally").values == ("self",)
    ev = act(eng, "rally", "a", value="self")
    a = st.figures["a"]
    assert a.status["mastery_lost"] == [0] and not a.status.get("temerity") and a.status["pa"] == 4
    assert "ka.morale.rally.temerity" in notes(ev)


def test_refusing_the_rally_lets_the_failure_stand():
    st = game(figure("a", 1, 5, 5, skills={"ralliement": None}), figure("t", 2, 6, 5, **TERROR))
    eng = engine(st, 2)
    act(eng, "activate", "a")
    act(eng, "accept", "a")
    assert st.figures["a"].status["temerity"] == {"t": 1} and st.figures["a"].status["pa"] == 2


def test_the_last_of_its_side_tests_and_a_pass_widens_its_critical_range():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("a2", 1, 2, 2, **PLAIN), figure("b", 2, 12, 12, **PLAIN))
    st.figures["a2"].out = True
    eng = engine(st, 6)                              # 6 + 4 = 10: passes
    ev = act(eng, "activate", "a")
    assert notes(ev) == ["ka.morale.temerity.pass"]
    a = fighter(st, st.figures["a"])
    assert a.status["last_stand"] and dice.crit_for(a, "melee").rc_from == 9
    act(eng, "end", "a")
    act(eng, "activate", "b")
    act(eng, "end", "b")                             # turn 2: the bonus is over, no new test
    assert not a.status.get("last_stand")
    assert not notes(act(eng, "activate", "a"))


def test_the_last_of_its_side_failing_is_terrorised():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("a2", 1, 2, 2, **PLAIN), figure("b", 2, 12, 12, **PLAIN))
    st.figures["a2"].out = True
    eng = engine(st, 2)
    act(eng, "activate", "a")
    assert st.figures["a"].status["temerity"] == {"last": 1} and st.figures["a"].status["pa"] == 2


def test_effroi_in_melee_a_flight_calls_the_attack_off():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 5, 6)                           # 5 + T4 + I2 = 11 < 12; fright 6: flee
    act(eng, "activate", "a")
    ev = act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    a = st.figures["a"]
    assert notes(ev) == ["ka.morale.effroi.fail", "ka.morale.fright.flee", "ka.morale.called_off"]
    assert a.status["frightened"] and a.status["effroi"] == {"e": True}
    assert abs(a.x - (5 - 4) * TOISE) < 0.5 and a.status["pa"] == 4          # V 4 toises away, no PA paid
    assert not any(isinstance(e, CombatResolved) for e in ev)


def test_a_figure_under_a_dread_spell_frightens_in_melee_like_a_card_with_effroi():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **PLAIN))
    st.figures["e"].status["spells"] = [{"spell": "puissance_du_culte", "by": "m", "dread": 13}]
    eng = engine(st, 6, 6)                           # 6 + T4 + I2 = 12 < 13 (the dread step): flee
    act(eng, "activate", "a")
    ev = act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    assert notes(ev)[:1] == ["ka.morale.effroi.fail"] and st.figures["a"].status["frightened"]


def test_effroi_fright_8_offers_the_source_a_standard_attack_then_the_attack_goes_on():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 5, 8, 6, 3)                     # fail, fright 8; then a's attack 6, e's reflex 3
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    assert eng.decider() == 2
    c = choice(eng, "free_attack")
    assert c.actor == "e" and c.targets == ("a",) and all(code.count("/") == 3 for code in c.values)
    assert all(len(code.split("/")[0]) == 2 for code in c.values)       # two characteristics
    ev = act(eng, "skip", "e")
    assert any(isinstance(e, CombatResolved) for e in ev)


def test_effroi_fright_10_offers_the_victim_a_simple_attack_on_the_source():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 5, 10)
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    c = choice(eng, "free_attack")
    assert c.actor == "a" and c.targets == ("e",) and all(len(code.split("/")[0]) == 1 for code in c.values)


def test_a_level3_friend_in_the_aura_may_spend_its_die_against_effroi():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("h", 1, 4, 6, level=3),
              figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 2)
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    assert choice(eng, "rally").values == ("h",)
    eng.dice.queue.extend([6, 3])                 # the attack and the reflex that follow
    act(eng, "rally", "a", value="h")
    assert st.figures["h"].status["mastery_lost"] and not st.figures["a"].status.get("frightened")


def test_a_frightened_figure_tests_again_at_its_activation_and_the_fright_lifts():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    st.figures["a"].status.update({"effroi": {"e": True}, "frightened": True})
    eng = engine(st, 6)                              # 6 + 4 + 2 = 12
    ev = act(eng, "activate", "a")
    assert notes(ev) == ["ka.morale.effroi.pass"] and not st.figures["a"].status["frightened"]


def test_effroi_fright_1_faints_and_the_attack_is_called_off():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 5, 1)
    act(eng, "activate", "a")
    ev = act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    assert st.figures["a"].status["knocked_out"] and "ka.morale.called_off" in notes(ev)


def test_effroi_fright_4_takes_half_the_base_pa_and_a_dear_attack_is_called_off():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 5, 4)
    act(eng, "activate", "a")
    ev = act(eng, "attack", "a", targets=("e",), value="VPP/P/PP/")   # 3 PA wanted, 2 left
    assert st.figures["a"].status["pa"] == 2 and "ka.morale.called_off" in notes(ev)


def test_effroi_fright_2_freezes_and_the_attack_goes_on():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD))
    eng = engine(st, 5, 2, 6, 3)
    act(eng, "activate", "a")
    ev = act(eng, "attack", "a", targets=("e",), value="PC/C/C/")
    assert st.figures["a"].status["frozen"] == 2 and any(isinstance(e, CombatResolved) for e in ev)
    assert "walk" not in kinds(eng)


def test_a_source_gone_lifts_the_fright_and_drops_the_terror_test():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 6, 5, **DREAD), figure("t", 2, 9, 9, **TERROR))
    st.figures["a"].status.update({"effroi": {"e": True}, "frightened": True, "temerity": {"t": 1}})
    st.figures["e"].out = st.figures["t"].out = True
    eng = engine(st)                                 # no die rolled
    ev = act(eng, "activate", "a")
    a = st.figures["a"]
    assert not a.status["frightened"] and not a.status["temerity"] and a.status["pa"] == 4
    assert notes(ev) == ["ka.morale.gone", "ka.morale.gone"]
