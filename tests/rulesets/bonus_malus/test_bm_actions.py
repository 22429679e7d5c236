"""Each action of an activation through the engine, with scripted dice: its legality (what
is offered, what is refused and why) and its effect (move with a final facing, run, crawl,
stand up, aim, shoot, fight with its one damage roll per turn, the tie push, disengaging,
psi powers), the engaged figures turning to their enemies, Démoralisation and flight, and
the end of the game."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.rulesets._shared.facing import in_front
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus.saves import Attack, save_level
from game.rulesets.bonus_malus.victory import decided

from .helpers import PAS, choice, engine, game, go, kinds, man


def started(*figs, faces=(), **kw):
    """A game whose first pick round gives figure ``a`` (side 1) then ``b`` (side 2)."""
    st = game(*figs, **kw)
    eng = engine(st, 6, 1, *faces)
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "a")
    return st, eng


def rolls(events, rule=None):
    return [(e.who, e.faces, e.result) for e in events if e.kind == "dice" and (rule is None or e.rule == rule)]


def notes(events):
    return [e.key for e in events if e.kind == "note"]


def test_a_move_ends_with_the_facing_chosen_and_no_movement_follows_it():
    st, eng = started(man("a", 1, 5, 5, 90), man("b", 2, 5, 20, 270))
    c = choice(eng, "move")
    assert c.input == "facing" and 180 in c.values and c.move.allowance == pytest.approx(5 * PAS)
    with pytest.raises(IllegalAction):
        eng.step(Action("move", actor="a", path=((5 * PAS, 11 * PAS),), value=180))    # 6 pas
    with pytest.raises(IllegalAction):
        eng.step(Action("move", actor="a", path=((5 * PAS, 9 * PAS),)))               # no facing
    events = eng.step(Action("move", actor="a", path=((5 * PAS, 9 * PAS),), value=180))
    a = st.figures["a"]
    assert (a.x, a.y, a.facing) == (5 * PAS, 9 * PAS, 180.0)
    assert [e.kind for e in events if e.kind == "moved"] == ["moved"]
    assert kinds(eng, "a") == ["nothing"]               # no second movement, no run after it


def test_a_run_is_straight_takes_both_actions_and_saves_against_shots():
    st, eng = started(man("a", 1, 5, 5, 0), man("b", 2, 5, 20, 270, equipment=["pistolet_plasma"]),
                      faces=(4, 4, 5, 6))
    assert choice(eng, "run").move.allowance == pytest.approx(10 * PAS)
    with pytest.raises(IllegalAction):
        eng.step(Action("run", actor="a", path=((5 * PAS, 9 * PAS), (7 * PAS, 13 * PAS))))
    eng.step(Action("run", actor="a", path=((5 * PAS, 10 * PAS), (5 * PAS, 15 * PAS))))
    a = st.figures["a"]
    assert a.facing == pytest.approx(90.0) and a.status["ran"]
    go(eng, "b")               # two actions: a's activation is over
    events = eng.step(Action("shoot", actor="b", targets=("a",), value="pistolet_plasma"))
    assert rolls(events, "shot") == [("b", (4,), 4)]
    assert rolls(events, "save") == [("a", (4, 5, 6), 4)]    # Svg 2- for the run: saved
    assert not a.out


def test_a_figure_down_crawls_or_stands_up():
    a = man("a", 1, 5, 5, 90)
    a.status["down"] = True
    st, eng = started(a, man("b", 2, 5, 20, 270))
    assert kinds(eng, "a") == ["crawl", "nothing", "stand"]
    assert choice(eng, "crawl").move.allowance == pytest.approx(2.5 * PAS)
    with pytest.raises(IllegalAction):
        eng.step(Action("crawl", actor="a", path=((5 * PAS, 8 * PAS),), value=90))
    eng.step(Action("crawl", actor="a", path=((5 * PAS, 7 * PAS),), value=90))
    assert a.status["crawled"] and a.y == 7 * PAS
    events = eng.step(Action("stand", actor="a"))
    assert not a.status.get("down")
    assert ("status", "down", False) in [(e.kind, getattr(e, "status", None), getattr(e, "value", None))
                                         for e in events]


def test_aiming_cancels_the_long_range_malus():
    gun = {"equipment": ["fusil_plasma"]}
    st, eng = started(man("a", 1, 5, 2, 90, **gun), man("b", 2, 5, 22, 270),
                      faces=(5, 1, 2, 4))
    eng.step(Action("aim", actor="a"))
    assert st.figures["a"].status["aimed"]
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="fusil_plasma"))
    [shot] = [e for e in events if e.kind == "dice" and e.rule == "shot"]
    assert shot.faces == (5,) and ("aimed", 1) in shot.mods and ("long_range", -1) in shot.mods
    assert rolls(events, "damage") == [("a", (1, 2, 4), 4)]     # Dégâts 2+: best of three
    assert st.figures["b"].out and "bm.log.hit" in notes(events)
    assert eng.state.outcome.winner == 1 and eng.state.outcome.reason == "elimination"


def test_shots_need_the_target_in_front_and_in_range_and_a_free_shooter():
    pistol = {"equipment": ["pistolet_plasma"]}
    st, eng = started(man("a", 1, 5, 5, 270, **pistol), man("b", 2, 5, 9, 270),
                      man("c", 2, 20, 5, 180))
    c = choice(eng, "shoot")                            # offered, every target greyed:
    assert c.offered == () and set(c.refused) == {"b", "c"}    # b behind, c beyond 2 x 5 pas
    why = eng.check(Action("shoot", actor="a", targets=("b",), value="pistolet_plasma"))
    assert why.code == "bm.refused.out_of_arc"
    eng.step(Action("move", actor="a", path=((5 * PAS, 5.5 * PAS),), value=0))
    why = eng.check(Action("shoot", actor="a", targets=("c",), value="pistolet_plasma"))
    assert why.code == "bm.refused.out_of_range"
    st2, eng2 = started(man("a", 1, 5, 5, 90, **pistol), man("b", 2, 5, 6, 270))
    assert "shoot" not in kinds(eng2, "a") and "fight" in kinds(eng2, "a")


def test_the_books_combat_example_with_the_disengaging_free_attack():
    # no. 1: Combat+ but bare-handed (Combat 3-); no. 2: a dagger (Dégâts-) and Combat
    st, eng = started(man("a", 1, 5, 5, 0, competences={"combat": 1}),
                      man("b", 2, 6, 5, 180, competences={"combat": 0}, equipment=["dague"]),
                      faces=(2, 5, 6, 4,      # no. 1's Combat 3-: worst of four, 2
                             4,               # no. 2's Combat: 4, it wins
                             1, 1, 1,         # its dagger's cut-and-thrust test (2-) fails
                             3, 6,            # Dégâts-: worst of two, 3: no damage
                             5, 6))           # the free attack: Dégâts-, 5
    events = eng.step(Action("fight", actor="a", targets=("b",)))
    [fight] = [e for e in events if e.kind == "combat"]
    assert (fight.hits_attack, fight.hits_defence, fight.winner) == (2, 4, "defence")
    assert rolls(events, "damage") == [("b", (3, 6), 3)] and not st.figures["a"].out
    events = eng.step(Action("move", actor="a", path=((3 * PAS, 5 * PAS),), value=180))
    assert "bm.log.free_attack" in notes(events)
    assert rolls(events, "damage") == [("b", (5, 6), 5)]          # not limited to one a turn
    assert st.figures["a"].out and st.figures["a"].x == 5 * PAS   # it fell before moving
    assert eng.state.outcome.winner == 2


def test_one_melee_damage_roll_per_turn_and_no_repeated_fight():
    sword = {"equipment": ["epee"]}
    st, eng = started(man("a", 1, 5, 5, 0, **sword), man("b", 2, 6, 5, 180, **sword),
                      faces=(5, 2, 1, 1, 3,    # a wins, its cut fails, damage 3 fails
                             1, 6, 1, 1))      # b attacks, a wins again: its cut test only
    eng.step(Action("fight", actor="a", targets=("b",)))
    assert "fight" not in kinds(eng, "a")
    eng.step(Action("nothing", actor="a"))
    go(eng, "b")
    events = eng.step(Action("fight", actor="b", targets=("a",)))
    assert "bm.log.no_damage_roll" in notes(events) and not rolls(events, "damage")
    assert st.figures["a"].status["damage_rolls"] == 1


def test_a_tied_fight_pushes_the_two_one_pas_apart():
    knife = {"equipment": ["dague"]}
    st, eng = started(man("a", 1, 5, 5, 0, **knife), man("b", 2, 6, 5, 180, **knife), faces=(3, 3))
    events = eng.step(Action("fight", actor="a", targets=("b",)))
    assert [e.winner for e in events if e.kind == "combat"] == [None]
    a, b = st.figures["a"], st.figures["b"]
    assert (a.x, b.x) == (pytest.approx(4.5 * PAS), pytest.approx(6.5 * PAS))
    assert not rolls(events, "damage") and "fight" not in kinds(eng, "a")


def test_a_slippery_figure_leaves_a_melee_without_free_attacks():
    st, eng = started(man("a", 1, 5, 5, 0, attributes={"desengagement_habile": None}),
                      man("b", 2, 6, 5, 180, equipment=["epee"]))
    events = eng.step(Action("move", actor="a", path=((2 * PAS, 5 * PAS),), value=0))
    assert not rolls(events) and st.figures["a"].x == 2 * PAS


def test_an_enemy_charging_from_behind_is_faced():
    st, eng = started(man("a", 1, 5, 5, 90), man("b", 2, 5, 10, 90))
    eng.step(Action("move", actor="a", path=((5 * PAS, 9 * PAS),), value=0))
    assert st.figures["b"].facing == pytest.approx(270.0)      # b turned to its enemy
    assert st.figures["a"].facing == pytest.approx(90.0)       # and so did a
    assert "fight" in kinds(eng, "a")


def test_a_psi_power_on_an_enemy_in_range_and_each_power_once():
    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "choc_psi": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 5, 8, 270), man("f", 1, 3, 7, 0),
                      man("far", 2, 5, 15, 270), faces=(5,))
    c = choice(eng, "psi")
    assert c.values == ("choc_psi",) and c.offered == ("b",)         # not a friend, not beyond 5
    assert c.refused["f"].code == "bm.refused.not_enemy"
    assert c.refused["far"].code == "bm.refused.out_of_range"
    assert eng.check(Action("psi", actor="a", targets=("f",), value="choc_psi")).code == "bm.refused.not_enemy"
    events = eng.step(Action("psi", actor="a", targets=("b",), value="choc_psi"))
    assert rolls(events, "choc_psi") == [("a", (5,), 5)]
    assert st.figures["b"].status["set_levels"] == {"combat": -2, "tir": -2}
    assert "psi" not in kinds(eng, "a")


def test_a_group_past_half_lost_tests_morale_and_the_failed_flee_for_good():
    pistol = {"equipment": ["pistolet_plasma"]}
    gone = man("b2", 2, 2, 20, 270)
    gone.out = True
    st = game(man("a", 1, 12, 15, 90, **pistol), man("b1", 2, 12, 19, 270), gone, man("b", 2, 20, 22.5, 270))
    eng = engine(st, 6, 1,            # a before b
                 6, 6, 1, 1,          # a hits b1, Dégâts 2+ keeps 6: out
                 2)                   # b's Moral test fails
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "a")
    events = eng.step(Action("shoot", actor="a", targets=("b1",), value="pistolet_plasma"))
    assert st.figures["b1"].out and "bm.log.demoralised" in notes(events)
    assert st.figures["b"].status["morale_due"]
    eng.step(Action("nothing", actor="a"))
    events = go(eng, "b")
    assert rolls(events, "morale") == [("b", (2,), 2)]
    assert "bm.log.flees_for_good" in notes(events) and "bm.log.fled" in notes(events)
    assert st.figures["b"].out and st.figures["b"].status["fled"]
    assert eng.state.outcome.winner == 1 and eng.state.outcome.reason == "elimination"


def test_the_neutral_side_never_wins():
    st = game(man("a", 1, 2, 2), man("b", 2, 2, 22), man("b2", 2, 5, 22), man("n", 3, 12, 12), neutral=(3,))
    for fid in ("a", "b", "b2"):
        st.figures[fid].out = True
    out = decided(st)                                    # the wildlife took everyone: a draw
    assert (out.winner, out.reason, out.scores) == (None, "elimination", [2.0, 1.0, 0.0])
    st.figures["a"].out = st.figures["b"].out = False
    st.figures["n"].out = True
    assert decided(st) is None
    st.turn = st.max_turns + 1
    out = decided(st)                                    # n's loss counts for nobody
    assert (out.winner, out.reason, out.scores) == (1, "turns", [1.0, 0.0, 0.0])


def test_a_frightening_enemy_stops_a_charge_whose_morale_test_fails():
    st, eng = started(man("a", 1, 5, 5, 90), man("b", 2, 5, 10, 270, attributes={"effrayant": None}),
                      faces=(3,))
    events = eng.step(Action("move", actor="a", path=((5 * PAS, 9 * PAS),), value=90))
    assert rolls(events, "morale") == [("a", (3,), 3)] and "bm.log.fear_stops" in notes(events)
    a = st.figures["a"]
    assert a.y == pytest.approx(8 * PAS, abs=0.01)      # one pas short of b, edge to edge
    assert "fight" not in kinds(eng, "a")


def test_a_terrifying_enemy_within_ten_pas_makes_a_failed_test_flee():
    beast = {"attributes": {"terrifiant": None, "enorme": None}}
    st = game(man("a", 1, 12, 13, 90), man("b", 2, 12, 17, 270, **beast), man("c", 1, 2, 2, 90))
    eng = engine(st, 6, 1,        # a activates first
                 2)               # its Moral test against the terror fails
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    events = go(eng, "a")
    assert rolls(events, "morale") == [("a", (2,), 2)] and "bm.log.terrified" in notes(events)
    a = st.figures["a"]
    assert (a.x, a.y) == (pytest.approx(12 * PAS), pytest.approx(3 * PAS))   # 10 pas straight away
    go(eng, "b")              # the flight took a's activation
    assert [e.mode for e in events if e.kind == "moved"] == ["flee"]


def test_a_shot_into_a_melee_may_hit_a_friend():
    st, eng = started(man("a", 1, 5, 5, 90, equipment=["pistolet_plasma"]), man("b", 2, 5, 9, 180),
                      man("c", 1, 6, 9, 180), faces=(2,          # the melee draw: the second, c
                                                    5, 6, 1, 1))  # hit, Dégâts 2+ keeps 6
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="pistolet_plasma"))
    [draw] = [e for e in events if e.kind == "dice" and e.rule == "melee_target"]
    assert draw.sides == 2 and draw.faces == (2,)
    assert st.figures["c"].out and not st.figures["b"].out


def test_cadence_gives_two_shots_in_one_action():
    st, eng = started(man("a", 1, 5, 5, 90, equipment=["fusil_plasma_repetition"]), man("b", 2, 5, 12, 270),
                      faces=(5, 1, 1, 1,      # first shot hits, damage fails
                             6, 6, 1, 1))     # second shot hits, damage 6
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="fusil_plasma_repetition"))
    assert [e.faces for e in events if e.kind == "dice" and e.rule == "shot"] == [(5,), (6,)]
    assert st.figures["b"].out


def test_an_area_weapon_hits_every_figure_near_its_target():
    st, eng = started(man("a", 1, 5, 5, 90, equipment=["arbalete_lourde"]), man("b", 2, 5, 9, 270),
                      man("c", 2, 6.5, 9.5, 270), man("far", 2, 9, 9, 270),
                      faces=(5, 6, 1, 1,       # b hit and taken out
                             1, 1, 5))         # c, within one pas of b: Dégâts 2+ keeps 5
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="arbalete_lourde"))
    assert st.figures["b"].out and st.figures["c"].out and not st.figures["far"].out
    assert [e.who for e in events if e.kind == "dice" and e.rule == "damage"] == ["a", "a"]


def test_a_missed_grenade_drifts_and_its_blast_lands_near_the_target():
    st, eng = started(man("a", 1, 5, 5, 90, competences={"lancer": 0}, equipment=["grenades"]),
                      man("b", 2, 5, 9, 270),
                      faces=(1,              # the throw misses
                             2, 5, 3,        # drift: 1 pas (the lower die, 2, over three), D12 3: +y
                             4, 1))          # b within 2 pas of the landing point: Dégâts+ keeps 4
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="grenades"))
    assert [e.rule for e in events if e.kind == "dice"] == ["shot", "deviation", "deviation_direction", "damage"]
    assert st.figures["b"].out and "bm.log.caught" in notes(events)


def test_a_target_hidden_behind_a_nearer_figure_cannot_be_picked():
    pistol = {"equipment": ["pistolet_plasma"]}
    st, eng = started(man("a", 1, 5, 5, 90, **pistol), man("x", 2, 5.3, 8, 270), man("b", 2, 5, 11, 270),
                      man("y", 2, 9, 8, 270))
    c = choice(eng, "shoot")
    assert c.refused["b"].code == "bm.refused.hidden_by_figure"    # 7/8 hidden, all by x
    assert {"x", "y"} <= set(c.offered)


def test_a_figure_that_cannot_face_all_its_enemies_chooses_whom_to_face():
    knife = {"equipment": ["dague"]}
    # three enemies round a, a third of a turn apart: no facing keeps them all in front
    st, eng = started(man("a", 1, 5, 8, 90, **knife), man("b", 2, 4.134, 7.5, 30, **knife),
                      man("c", 2, 5, 9, 270, **knife), man("e", 2, 5.866, 7.5, 150, **knife))
    eng.step(Action("nothing", actor="a"))
    [c] = eng.legal_actions()
    assert (c.kind, c.actor, set(c.targets), eng.decider()) == ("face", "a", {"b", "c", "e"}, 1)
    events = eng.step(Action("face", actor="a", targets=("b",)))
    a = st.figures["a"]
    front = {f for f in ("b", "c", "e") if in_front(a, st.figures[f].pos)}
    assert "b" in front and len(front) == 2          # b, and one more with it, in front
    assert "status" in [e.kind for e in events]
    assert st.activation["figure"] == "a" and "fight" in kinds(eng, "a")
    eng.step(Action("nothing", actor="a"))
    assert not st.pending or st.pending[-1].kind == "pick"      # not asked again: same enemies


def test_every_power_of_the_profile_is_offered_bond_psi_included():
    adept = {"competences": {"psi": 0},
             "attributes": {"sensible_psi": None, "bond_psi": None, "meditation": None, "poussee_psi": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 5, 8, 270))
    assert choice(eng, "psi").values == ("bond_psi", "meditation", "poussee_psi")


def test_a_psi_push_drives_the_target_five_pas_back_and_knocks_it_down():
    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "poussee_psi": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 5, 8, 270), faces=(4,))
    events = eng.step(Action("psi", actor="a", targets=("b",), value="poussee_psi"))
    b = st.figures["b"]
    assert b.y == pytest.approx(13 * PAS) and b.status["down"]
    assert "bm.log.pushed" in notes(events)


def test_cadence_spreads_its_shots_over_the_targets_chosen():
    st, eng = started(man("a", 1, 5, 5, 90, equipment=["fusil_plasma_repetition"]), man("b", 2, 5, 12, 270),
                      man("c", 2, 8, 12, 270), man("d", 2, 2, 12, 270),
                      faces=(5, 6, 1, 1,      # the first shot at b: out
                             6, 6, 1, 1))     # the second at c: out
    assert choice(eng, "shoot").max_targets == 2
    why = eng.check(Action("shoot", actor="a", targets=("b", "c", "d"), value="fusil_plasma_repetition"))
    assert why is not None
    events = eng.step(Action("shoot", actor="a", targets=("b", "c"), value="fusil_plasma_repetition"))
    assert [e.against for e in events if e.kind == "dice" and e.rule == "shot"] == ["b", "c"]
    assert st.figures["b"].out and st.figures["c"].out and not st.figures["d"].out


def test_a_zigzag_goes_straight_for_the_base_move_and_saves_against_shots():
    st, eng = started(man("a", 1, 5, 5, 0, attributes={"zigzag": None}),
                      man("b", 2, 5, 15, 270, equipment=["pistolet_plasma"]), faces=(4, 4, 5))
    c = choice(eng, "zigzag")
    assert c.move.allowance == pytest.approx(5 * PAS)
    eng.step(Action("zigzag", actor="a", path=((5 * PAS, 10 * PAS),)))
    a = st.figures["a"]
    assert a.facing == pytest.approx(90.0)
    go(eng, "b")                                        # two actions: a's activation is over
    events = eng.step(Action("shoot", actor="b", targets=("a",), value="pistolet_plasma"))
    assert rolls(events, "save") == [("a", (4, 5), 4)]          # Svg-: the worse of two, saved


def test_a_precise_shot_is_aimed_and_ignores_the_figure_in_the_way():
    gun = {"equipment": ["fusil_plasma"], "attributes": {"tir_precis": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **gun), man("x", 2, 5.3, 8, 270), man("b", 2, 5, 11, 270),
                      faces=(1, 4, 6, 1, 1))
    assert eng.check(Action("shoot", actor="a", targets=("b",), value="fusil_plasma")) is not None
    events = eng.step(Action("tir_precis", actor="a", targets=("b",), value="fusil_plasma"))
    [shot] = [e for e in events if e.kind == "dice" and e.rule == "shot"]
    assert shot.faces == (1, 4) and ("aimed", 1) in shot.mods
    assert not rolls(events, "save") and st.figures["b"].out      # no cover save: straight to damage
    assert st.figures["a"].status["spent"] == 2


def test_a_prayer_answered_gives_a_save_and_a_bonus_for_the_rest_of_the_activation():
    pious = {"equipment": ["pistolet_plasma"], "attributes": {"priere": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **pious), man("b", 2, 5, 9, 270),
                      faces=(4,             # the prayer's test
                             2, 5,          # the shot rolls two dice (Tir+ from the prayer): 5
                             1, 1, 1, 1))   # Dégâts 2+ and the bonus: the best of four, 1
    events = eng.step(Action("priere", actor="a"))
    assert rolls(events, "priere") == [("a", (4,), 4)] and "bm.log.prayer_heard" in notes(events)
    assert st.figures["a"].status["turn_saves"] == {"priere": -1}
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="pistolet_plasma"))
    [shot] = [e for e in events if e.kind == "dice" and e.rule == "shot"]
    assert shot.faces == (2, 5) and ("turn_all", 1) in shot.mods
    assert st.figures["a"].status["turn_levels"]["all"] == 0        # the bonus ended with it


def test_first_aid_from_a_kit_makes_a_wounded_friend_in_contact_whole():
    medic = {"equipment": ["trousse_secours"]}
    hurt = man("h", 1, 6, 5, 0, attributes={"personnage": None})
    hurt.vitality = 1
    st, eng = started(man("a", 1, 5, 5, 0, **medic), hurt, man("b", 2, 5, 20, 270),
                      faces=(2, 4))                     # Soin+ from the kit: the best of two
    c = choice(eng, "soin")
    assert c.targets == ("h",)
    events = eng.step(Action("soin", actor="a", targets=("h",)))
    assert rolls(events, "soin") == [("a", (2, 4), 4)] and hurt.vitality == 3
    assert "soin" not in kinds(eng, "a")               # nobody left to tend


def test_a_battle_trance_lends_a_save_to_friends_near_until_the_next_activation():
    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "meditation": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 12, 14, 270),
                      man("f", 1, 8, 5, 90), man("far", 1, 15, 5, 90),
                      faces=(5,                       # the Psi test
                             6, 1))                   # turn 2: a before b
    assert choice(eng, "psi").offered == ("a",)         # range 0: on oneself
    eng.step(Action("psi", actor="a", targets=("a",), value="meditation"))
    assert st.figures["f"].status["aura_saves"] == {"a": -1} == st.figures["a"].status["aura_saves"]
    assert "aura_saves" not in st.figures["far"].status
    assert save_level(F.fighter(st.figures["f"]), Attack("shots")) == -1          # Svg-
    eng.step(Action("nothing", actor="a"))
    for fid in ("b", "f", "far"):                       # the rest of turn 1
        if fid != "b":
            eng.step(Action("pick", targets=(fid,)))
        go(eng, fid)
        eng.step(Action("nothing", actor=fid))
        eng.step(Action("nothing", actor=fid))
    assert st.turn == 2 and st.figures["f"].status["aura_saves"] == {"a": -1}   # it lasts
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "a")                                        # the caster's next activation ends it
    assert st.figures["f"].status["aura_saves"] == {}
    assert save_level(F.fighter(st.figures["f"]), Attack("shots")) is None


def sentinel_game(a_at, faces):
    """A sentinel (side 2, a pistol, facing -y) that goes on alert first; ``a`` (side 1) to
    play next; ``c`` (side 1) far off."""
    g = man("g", 2, 5, 15, 270, equipment=["pistolet_plasma"], attributes={"gardien": None})
    st = game(man("a", 1, *a_at, 90), g, man("c", 1, 20, 2, 90))
    eng = engine(st, 1, 6, *faces)                     # g before a
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("g",)))
    go(eng, "g")
    assert "gardien" not in kinds(eng, "g")             # only as its last action
    eng.step(Action("nothing", actor="g"))
    eng.step(Action("gardien", actor="g"))
    assert g.status["alert"]
    go(eng, "a")
    return st, eng


def test_a_sentinel_on_alert_answers_an_enemy_coming_into_view():
    st, eng = sentinel_game((5, 5), faces=(5, 6, 1, 1))
    eng.step(Action("move", actor="a", path=((5 * PAS, 9 * PAS),), value=90))
    assert not st.pending                              # not before the activation ends
    eng.step(Action("nothing", actor="a"))
    assert eng.decider() == 2 and st.pending[-1].kind == "gardien"
    offered = kinds(eng, "g")
    assert "shoot" in offered and "wait" in offered and "nothing" not in offered
    events = eng.step(Action("shoot", actor="g", targets=("a",), value="pistolet_plasma"))
    assert "bm.log.guard_acts" in notes(events) and st.figures["a"].out
    g = st.figures["g"]
    assert not g.status.get("alert") and not g.status.get("reacting")
    assert [d.kind for d in st.pending] == ["pick"]     # play goes on: side 1 picks c


def test_a_sentinel_may_wait_and_an_enemy_already_in_view_does_not_wake_it():
    st, eng = sentinel_game((5, 5), faces=())
    eng.step(Action("move", actor="a", path=((5 * PAS, 9 * PAS),), value=90))
    eng.step(Action("nothing", actor="a"))
    eng.step(Action("wait", actor="g"))
    assert st.figures["g"].status["alert"] and not st.pending[-1].kind == "gardien"
    st2, eng2 = sentinel_game((5, 9), faces=())         # already watched as it starts
    eng2.step(Action("move", actor="a", path=((6 * PAS, 9 * PAS),), value=90))
    eng2.step(Action("nothing", actor="a"))
    assert [d.kind for d in st2.pending] == ["pick"]
