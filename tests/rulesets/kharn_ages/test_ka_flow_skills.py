"""Generic actions and skills through the engine with scripted dice (K-R110 to K-R118): Chef de
guerre and Sacrifice at the start of an activation, Détecter's natural 8, the antidote, taking
off armour, looting (Khârns never, a Fang's hunger, food eaten later), putting out a fire, the
warning shout before a shot, and Morsure's and fire's témérité tests as morale decisions."""
from __future__ import annotations

from game.core.actions import Action
from game.core.events import DiceRolled, Note
from game.core.state import TerrainPiece
from game.rulesets.kharn_ages import morale_flow as MF
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.fighter import TOISE, Armour
from game.rulesets.kharn_ages.shooting import RangedWeapon

from .flow_helpers import act, choice, engine, figure, game, kinds

PLAIN = {"mastery": ()}
OBJ = (frozenset({"objective"}),)                      # a mastery die no melee or defence roll uses
BOW = RangedWeapon("arc", damage=4, short=3, long=6, ammo=5)
MAIL = Armour("maille", threshold=6, low=1, high=2, boxes=4, v_malus=1)
HIDE = Armour("cuir", threshold=6, low=1, high=2, boxes=4, natural=True)


def notes(events, prefix: str = "ka.") -> list[str]:
    return [e.key for e in events if isinstance(e, Note) and e.key.startswith(prefix)]


def rolls(events) -> list[tuple[str, int]]:
    return [(e.rule, e.result) for e in events if isinstance(e, DiceRolled)]


def carcass(fid: str, side: int, x: float, y: float, **card):
    fig, c = figure(fid, side, x, y, **card)
    fig.out, fig.vitality = True, 0
    fig.status["carcass"] = True
    return fig, c


# ------------------------------------------------------------------ Chef de guerre, Sacrifice
def test_chef_de_guerre_gains_a_pa_per_friend_in_its_aura_up_to_x_once_and_only_first():
    st = game(figure("chief", 1, 5, 5, skills={"chef_de_guerre": 2}, **PLAIN),
              *(figure(f"f{i}", 1, 5 + i * 0.5, 6.2, **PLAIN) for i in range(3)),
              figure("far", 1, 13, 13, **PLAIN), figure("e", 2, 13, 1, **PLAIN))
    eng = engine(st)
    act(eng, "activate", "chief")
    c = choice(eng, "warlord")
    assert c.hints["gain"] == 2                          # three friends in I = 2 toises, X = 2
    ev = act(eng, "warlord", "chief")
    assert st.figures["chief"].status["pa"] == 4 + 2 and "ka.log.warlord" in notes(ev)
    assert "warlord" not in kinds(eng)                   # once in the game
    assert eng.ruleset.describe(next(e for e in ev if isinstance(e, Note)), st, "fr").endswith("+2 PA.")
    st2 = game(figure("chief", 1, 5, 5, skills={"chef_de_guerre": 2}, **PLAIN), figure("f", 1, 5, 6.2, **PLAIN),
               figure("e", 2, 13, 1, **PLAIN))
    eng2 = engine(st2)
    act(eng2, "activate", "chief")
    assert choice(eng2, "warlord").hints["gain"] == 1
    act(eng2, "walk", "chief", path=((5 * TOISE, 4 * TOISE),))
    assert "warlord" not in kinds(eng2)                  # not once the activation has acted


def test_sacrifice_costs_x_hit_points_for_good_and_gives_the_active_friend_one_pa():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("priest", 1, 10, 10, pv=10, skills={"sacrifice": 2}, **PLAIN),
              figure("e", 2, 13, 1, **PLAIN))
    eng = engine(st)
    act(eng, "activate", "a")
    assert choice(eng, "sacrifice").targets == ("priest",)
    ev = act(eng, "sacrifice", "a", targets=("priest",))
    assert st.figures["a"].status["pa"] == 5 and st.figures["priest"].vitality == 8
    assert st.figures["priest"].status["sacrificed"] == 2 and "ka.log.sacrifice" in notes(ev)
    assert "sacrifice" not in kinds(eng)                 # once between the priest's activations
    st.figures["priest"].status["sacrifice_used"] = False
    act(eng, "alert", "a")
    assert "sacrifice" not in kinds(eng)                 # only at the start of the activation


def test_a_sacrifice_that_would_kill_is_not_offered():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("priest", 1, 10, 10, pv=10, skills={"sacrifice": 2}, **PLAIN),
              figure("e", 2, 13, 1, **PLAIN))
    st.figures["priest"].vitality = 2
    eng = engine(st)
    act(eng, "activate", "a")
    assert "sacrifice" not in kinds(eng)


# ------------------------------------------------------------------ detect
def test_detect_needs_a_natural_eight_and_reveals_the_hidden_enemies_in_the_aura():
    def setup():
        st = game(figure("d", 1, 5, 5, **PLAIN), figure("h", 2, 5, 7, **PLAIN), figure("far", 2, 12, 12, **PLAIN))
        for fid, x, y in (("h", 5, 7), ("far", 12, 12)):      # each behind a boulder it touches
            st.terrain.append(TerrainPiece(f"rock_{fid}", "rochers", [[(x + dx) * TOISE, (y + dy) * TOISE]
                                           for dx, dy in ((-1, 0.5), (1, 0.5), (1, 1.5), (-1, 1.5))],
                                           ["blocks_movement", "cover"], height=2 * TOISE))
            st.figures[fid].status["hidden"] = f"rock_{fid}"
        return st
    st = setup()
    eng = engine(st, 7)                                  # 7 < 8, even with I and anything else
    act(eng, "activate", "d")
    ev = act(eng, "detect", "d")
    assert rolls(ev) == [("detect", 7)] and st.figures["h"].status.get("hidden")
    assert st.figures["d"].status["pa"] == 2 and "ka.log.detect.fail" in notes(ev)
    st = setup()
    eng = engine(st, 8)
    act(eng, "activate", "d")
    ev = act(eng, "detect", "d")
    assert not st.figures["h"].status.get("hidden")      # 2 toises away: within I = 2
    assert st.figures["far"].status.get("hidden")        # out of the aura
    assert notes(ev, "ka.log.detect") == ["ka.log.detect.pass"] and "ka.log.unhidden" in notes(ev)
    assert "detect" not in kinds(eng)                    # nobody hidden left in the aura


# ------------------------------------------------------------------ care, armour
def test_an_antidote_for_a_friend_in_the_zone_lowers_or_ends_the_poison():
    st = game(figure("a", 1, 5, 5, pa=6, **PLAIN), figure("f", 1, 6.1, 5, **PLAIN), figure("e", 2, 13, 1, **PLAIN))
    st.figures["f"].status.update(poisoned=True, poison=2)
    eng = engine(st)
    act(eng, "activate", "a")
    c = choice(eng, "antidote")
    assert c.targets == ("f",) and c.values == (2, 4)
    act(eng, "antidote", "a", targets=("f",), value=2)
    assert st.figures["f"].status["poison"] == 1 and st.figures["f"].status["poisoned"]
    act(eng, "antidote", "a", targets=("f",), value=4)
    assert not st.figures["f"].status["poisoned"] and st.figures["f"].status["poison"] == 0
    assert st.figures["a"].status["pa"] == 0


def test_taking_off_armour_costs_three_pa_and_natural_armour_stays():
    st = game(figure("a", 1, 5, 5, armour=MAIL, **PLAIN), figure("n", 1, 9, 9, armour=HIDE, **PLAIN),
              figure("e", 2, 13, 1, **PLAIN))
    eng = engine(st)
    act(eng, "activate", "a")
    assert fighter(st, st.figures["a"]).speed == 3        # V 4, the mail's -1
    ev = act(eng, "take_off_armour", "a")
    a = fighter(st, st.figures["a"])
    assert a.armour is None and a.speed == 4 and a.pa == 1 and "ka.log.armour_off" in notes(ev)
    assert "take_off_armour" not in kinds(eng)
    act(eng, "end", "a")
    act(eng, "activate", "e")
    act(eng, "end", "e")
    act(eng, "activate", "n")
    assert "take_off_armour" not in kinds(eng)


# ------------------------------------------------------------------ loot and food
def test_looting_kouronnes_removes_the_carcass_and_a_kharn_never_loots():
    st = game(figure("g", 1, 5, 5, faction="goun", **PLAIN), carcass("dead", 1, 6.1, 5),
              figure("k", 1, 9, 9, faction="kharn", **PLAIN), carcass("dead2", 1, 10.1, 9),
              figure("e", 2, 13, 1, **PLAIN))
    eng = engine(st, 3, 8)                               # 2D5: 2 + 4
    act(eng, "activate", "g")
    c = choice(eng, "loot")
    assert c.targets == ("dead",) and c.values == ("kouronnes", "food")
    ev = act(eng, "loot", "g", targets=("dead",), value="kouronnes")
    assert "ka.log.looted.kouronnes" in notes(ev) and st.figures["dead"].status.get("removed")
    assert st.figures["g"].status["pa"] == 3 and "loot" not in kinds(eng)
    line = eng.ruleset.describe([e for e in ev if isinstance(e, Note)][-1], st, "fr")
    assert "6 Kouronnes" in line
    act(eng, "end", "g")
    act(eng, "activate", "e")
    act(eng, "end", "e")
    act(eng, "activate", "k")
    assert "loot" not in kinds(eng) and "devour" in kinds(eng)


def test_a_hungry_fang_devours_instead_and_a_steady_one_takes_food_to_eat_later():
    st = game(figure("f", 1, 5, 5, faction="fang", pa=8, skills={"le_sang_m_attire": 1}, **PLAIN),
              carcass("d1", 2, 6.1, 5), carcass("d2", 2, 5, 6.1), figure("e", 2, 13, 1, **PLAIN))
    st.figures["f"].vitality -= 6
    eng = engine(st, 6, 7, 1, 10)           # T4 + 6 = 10 < 11: devours; T4 + 7 = 11: food; 2D5: 1 + 5
    act(eng, "activate", "f")
    ev = act(eng, "loot", "f", targets=("d1",), value="food")
    assert notes(ev, "ka.log.loot_test") == ["ka.log.loot_test.fail"] and "ka.log.devoured" in notes(ev)
    f = st.figures["f"]
    assert f.status["pa"] == 7 and f.vitality == f.max_vitality - 4 and st.figures["d1"].status.get("removed")
    assert "food" not in f.status
    ev = act(eng, "loot", "f", targets=("d2",), value="food")
    assert notes(ev, "ka.log.loot_test") == ["ka.log.loot_test.pass"] and f.status["food"] == 1
    ev = act(eng, "eat", "f")
    assert f.status["food"] == 0 and f.vitality == f.max_vitality and f.status["pa"] == 3
    assert "eat" not in kinds(eng)


# ------------------------------------------------------------------ fire
def test_a_burning_friend_is_put_out_with_water_near_or_smothered_without():
    water = TerrainPiece("w", "eau", [[0, 3 * TOISE], [3 * TOISE, 3 * TOISE], [3 * TOISE, 7 * TOISE],
                                      [0, 7 * TOISE]], ["water"])

    def setup(with_water: bool):
        st = game(figure("a", 1, 5, 5, **PLAIN), figure("b", 1, 6.1, 5, **PLAIN), figure("e", 2, 13, 1, **PLAIN))
        st.figures["b"].status["fire"] = True
        if with_water:
            st.figures["a"].x = 3.5 * TOISE                # half a toise from the water's edge
            st.figures["b"].x = 4.6 * TOISE
            st.terrain.append(water)
        return st
    st = setup(True)
    eng = engine(st, 7)                                  # A3 + I2 + 7 = 12: out
    act(eng, "activate", "a")
    assert "smother_flames" not in kinds(eng) and choice(eng, "put_out_fire").targets == ("b",)
    ev = act(eng, "put_out_fire", "a", targets=("b",))
    assert not st.figures["b"].status["fire"] and "ka.log.fire_out.pass" in notes(ev)
    assert st.figures["a"].status["pa"] == 3
    st = setup(False)
    eng = engine(st, 8)                                  # A3 + I2 + 8 = 13 < 14: still burning
    act(eng, "activate", "a")
    assert "put_out_fire" not in kinds(eng)
    ev = act(eng, "smother_flames", "a", targets=("b",))
    assert st.figures["b"].status["fire"] and "ka.log.fire_out.fail" in notes(ev)
    assert st.figures["a"].status["pa"] == 2


def test_fires_temerity_test_is_a_morale_decision_for_ralliement():
    st = game(figure("a", 1, 5, 5, skills={"ralliement": None}, mastery=OBJ), figure("e", 2, 13, 1, **PLAIN))
    eng = engine(st, 3)                                  # T4 + 3 = 7 < 10
    a = fighter(st, st.figures["a"])
    assert MF.burned(st, eng.rule_context(), a)
    [d] = st.pending
    assert d.kind == MF.DECISION and d.context == {"test": "temerity", "source": "fire"}
    act(eng, "rally", "a", value=MF.SELF)
    assert a.status.get("fire_brave") and not a.status.get("temerity") and a.status["mastery_lost"] == [0]


# ------------------------------------------------------------------ the warning shout
def _shot(watcher_pa: int = 4):
    st = game(figure("s", 2, 5, 2, ranged=BOW, chars={"A": 4}, **PLAIN),
              figure("t", 1, 5, 6, chars={"V": 5, "A": 2}, pa=0, pv=20, **PLAIN),
              figure("w", 1, 6.2, 6, pa=watcher_pa, **PLAIN), first=2)
    return st


def test_a_warned_target_defends_for_free_with_its_best_pair_once_a_turn():
    st = _shot()
    eng = engine(st, 7, 4, 6, 2)       # shot 7 + A4 + A4 = 15; warned V5 + A2 + 4 = 11: hit 4; next shot
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    [warn, skip] = eng.legal_actions()
    assert warn.kind == "warn" and warn.values == ("w",) and skip.kind == "skip"
    ev = act(eng, "warn", "t", value="w")
    assert st.figures["w"].status["pa"] == 3 and st.figures["t"].status["pa"] == 0
    assert ("defence", 11) in rolls(ev)                  # V + A, the shot's A in it, no PA paid
    assert "ka.log.warned" in notes(ev) and "ka.log.warned_defence" in notes(ev)
    assert st.figures["t"].vitality == 20 - 4
    act(eng, "shoot", "s", targets=("t",), value="flash/A/weapon/")
    assert not st.pending or st.pending[-1].kind != "warn"     # once per target and turn


def test_nobody_warns_when_the_watcher_has_no_pa_or_the_side_skips():
    st = _shot(watcher_pa=0)
    eng = engine(st, 7, 3)
    act(eng, "activate", "s")
    ev = act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    assert "ka.log.warned" not in notes(ev) and ("defence", 3) in rolls(ev)    # the reflex defence
    st = _shot()
    eng = engine(st, 7, 3)
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    ev = act(eng, "skip", "t")
    assert "ka.log.skip.warn" in notes(ev) and st.figures["w"].status["pa"] == 4
    assert ("defence", 3) in rolls(ev)


# ------------------------------------------------------------------ Morsure and Ralliement
def _bite():
    st = game(figure("b", 1, 5, 5, skills={"morsure": None}, **PLAIN),
              figure("v", 2, 6.1, 5, pa=0, pv=30, skills={"ralliement": None}, mastery=OBJ))
    return st


def _bite_code(eng) -> str:
    return next(v for v in choice(eng, "attack").values if v.endswith("/morsure") and v.startswith("VP"))


def test_morsures_failed_test_asks_the_victims_side_to_spend_ralliement():
    st = _bite()
    eng = engine(st, 8, 2, 6, 3)          # bite 8 + V4 + P3 = 15; reflex 2; 1D5 = 3; T4 + 3 = 7 < 10
    act(eng, "activate", "b")
    ev = act(eng, "attack", "b", targets=("v",), value=_bite_code(eng))
    [bitten] = [e for e in ev if isinstance(e, Note) and e.key == "ka.morale.morsure.fail"]
    assert eng.ruleset.describe(bitten, st, "fr").startswith("v, mordu par b, flanche")
    [rally, accept] = eng.legal_actions()
    assert (rally.kind, accept.kind) == ("rally", "accept") and rally.hints["source"] == "morsure:b"
    v = st.figures["v"]
    assert v.vitality == 27 and "mastery_lost" not in v.status      # nothing spent unasked
    ev = act(eng, "rally", "v", value=MF.SELF)
    assert v.status["mastery_lost"] == [0] and not v.status.get("temerity")
    line = eng.ruleset.describe(next(e for e in ev if isinstance(e, Note)), st, "fr")
    assert "morsure:b" not in line


def test_morsures_failure_accepted_climbs_the_ladder():
    st = _bite()
    eng = engine(st, 8, 2, 6, 3)
    act(eng, "activate", "b")
    act(eng, "attack", "b", targets=("v",), value=_bite_code(eng))
    act(eng, "accept", "v")
    v = st.figures["v"]
    assert v.status["temerity"] == {"morsure:b": 1} and "mastery_lost" not in v.status



# ------------------------------------------------------------------ Sadique, Bretteur, Autorité
def _simple_v(eng) -> str:
    return next(v for v in choice(eng, "attack").values if v.startswith("V/"))


def _sadique(kind: str, **kw):
    st = game(figure("s", 1, 5, 5, pa=6, skills={"sadique": None}, **PLAIN),
              figure("v", 2, 6.1, 5, pa=0, pv=20, **PLAIN))
    eng = engine(st, 8, 2)                               # V4 + 8 = 12 against a reflex 2: a hit
    act(eng, "activate", "s")
    act(eng, "attack", "s", targets=("v",), value=_simple_v(eng))
    [sad, skip] = eng.legal_actions()
    assert sad.kind == "sadique" and sad.values == (1, 2, 3, 4, 5) and skip.kind == "skip"
    assert st.figures["v"].vitality == 20                # nothing dealt before the answer
    return st, act(eng, kind, "s", **kw)


def test_sadique_is_asked_once_the_hit_is_known_and_adds_its_pa_as_damage():
    plain, ev0 = _sadique("skip")
    assert plain.figures["v"].vitality == 20 - 2 and "ka.log.skip.sadique" in notes(ev0)   # V 4 halved
    assert plain.figures["s"].status["pa"] == 5
    st, ev = _sadique("sadique", value=2)
    assert st.figures["v"].vitality == 20 - 2 - 2 and st.figures["s"].status["pa"] == 6 - 1 - 2
    assert "ka.log.sadique" in notes(ev)


def test_a_missed_attack_asks_no_sadique():
    st = game(figure("s", 1, 5, 5, pa=6, skills={"sadique": None}, **PLAIN),
              figure("v", 2, 6.1, 5, pa=0, pv=20, **PLAIN))
    eng = engine(st, 2, 9)                               # 6 against 9: parried
    act(eng, "activate", "s")
    act(eng, "attack", "s", targets=("v",), value=_simple_v(eng))
    assert not st.pending and st.figures["s"].status["pa"] == 5


def test_bretteur_forces_a_die_of_the_attack_again_once():
    st = game(figure("a", 1, 5, 5, level=2, mastery=()),
              figure("b", 2, 6.1, 5, pa=0, pv=20, skills={"bretteur": 1}, mastery=()))
    eng = engine(st, 9, 3, 2, 8, 5, 5, 5)              # attack 9 and 3; 9 forced again: 2; reflex 8
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("b",), value=_simple_v(eng))
    [br, skip] = eng.legal_actions()
    assert br.kind == "bretteur" and br.actor == "b" and br.values == (0, 1) and br.hints["most"] == 1
    assert eng.check(Action("bretteur", "b", value=0, values=(0, 1))) is not None     # X = 1 die
    ev = act(eng, "bretteur", "b", value=0, values=(0,))
    assert [e.faces for e in ev if isinstance(e, DiceRolled) and e.rule == "attack.bretteur"] == [(2,)]
    assert st.figures["b"].status["bretteur_used"] and "ka.log.bretteur" in notes(ev)
    assert st.figures["b"].vitality == 20                # kept 3 + V4 = 7 against 8: parried (13 would hit)
    act(eng, "attack", "a", targets=("b",), value=_simple_v(eng))
    assert not any(d.kind == "bretteur" for d in st.pending)      # once between its activations


def test_bretteur_two_dice_from_the_window_prompt():
    """Bretteur 2: the window's re-roll prompt shows the attacker's roll (not the
    swordsman's), lets two dice be picked (a third pick replaces the oldest) and plays both."""
    from game.ui.form_model import RerollPrompt

    st = game(figure("a", 1, 5, 5, level=2, mastery=()),
              figure("b", 2, 6.1, 5, pa=0, pv=20, skills={"bretteur": 2}, mastery=()))
    eng = engine(st, 9, 3, 2, 1, 8, 5, 5, 5)           # attack 9 and 3; both forced again: 2 and 1
    act(eng, "activate", "a")
    ev = act(eng, "attack", "a", targets=("b",), value=_simple_v(eng))
    legal = eng.legal_actions()
    br = next(c for c in legal if c.kind == "bretteur")
    assert br.hints["roller"] == "a" and br.hints["faces"] == (9, 3) and br.hints["most"] == 2
    prompt = RerollPrompt.build(legal, ev)
    assert prompt is not None and prompt.actor == "b" and prompt.event.who == "a"
    assert [d.face for d in prompt.dice()] == [9, 3] and prompt.most() == 2
    for i in (0, 1, 0, 1):                               # picked, picked, dropped, dropped
        prompt.click(i)
    assert prompt.picked == [] and prompt.play_several() is None
    prompt.click(0)
    prompt.click(1)
    action = prompt.play_several()
    assert action == Action("bretteur", "b", value=0, values=(0, 1)) and eng.check(action) is None
    out = act(eng, "bretteur", "b", value=0, values=(0, 1))
    assert [e.faces for e in out if isinstance(e, DiceRolled) and e.rule == "attack.bretteur"] == [(2,), (1,)]


def test_autorite_lends_a_friends_mastery_die_to_a_roller_without_one():
    st = game(figure("a", 1, 5, 5, mastery=()), figure("boss", 1, 5, 6.5, skills={"autorite": None}),
              figure("v", 2, 6.1, 5, pa=0, pv=20, mastery=()))
    eng = engine(st, 2, 8, 5)                            # attack 2; the lent die: 8; reflex 5
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("v",), value=_simple_v(eng))
    [d] = st.pending
    assert d.kind == "roll" and d.context["lender"] == "boss" and d.context["mastery"]
    ev = act(eng, "reroll", "a", value=0)
    assert "ka.log.autorite" in notes(ev) and st.figures["boss"].status["mastery_used"] == [0]
    assert st.figures["v"].vitality == 20 - 2            # 8 + V4 = 12 against 5: a hit




def test_a_friend_in_the_zone_bandages_another_ones_bleeding():
    st = game(figure("a", 1, 5, 5, **PLAIN), figure("f", 1, 6.1, 5, **PLAIN), figure("e", 2, 13, 1, **PLAIN))
    st.figures["f"].status["bleeding"] = [2, 1]
    eng = engine(st)
    act(eng, "activate", "a")
    c = choice(eng, "bandage_friend")
    assert c.targets == ("f",) and c.values == (2, 4) and "bandage" not in kinds(eng)   # its own: none
    act(eng, "bandage_friend", "a", targets=("f",), value=2)
    assert st.figures["f"].status["bleeding"] == [2] and st.figures["a"].status["pa"] == 2
    act(eng, "bandage_friend", "a", targets=("f",), value=2)
    assert st.figures["f"].status["bleeding"] == [1] and "bandage_friend" not in kinds(eng)


def test_a_walk_steps_over_a_low_wall_but_not_through_boulders():
    def walk_across(tags, height):
        st = game(figure("a", 1, 5, 5, **PLAIN), figure("e", 2, 13, 13, **PLAIN))
        st.terrain.append(TerrainPiece("wall", "muret", [[4 * TOISE, 6 * TOISE], [6 * TOISE, 6 * TOISE],
                                                         [6 * TOISE, 6.3 * TOISE], [4 * TOISE, 6.3 * TOISE]],
                                       tags, height=height * TOISE))
        eng = engine(st)
        act(eng, "activate", "a")
        return eng.check(Action("walk", "a", path=((5 * TOISE, 7.5 * TOISE),)))
    assert walk_across(["cover"], 1) is None                          # under 1.5 toises: no slowing
    assert walk_across(["blocks_movement", "cover"], 2) is not None   # 1.5 or more: no way through


def test_instinct_gregaire_sets_t_to_the_herd_in_play_at_least_three():
    herd = {"skills": {"instinct_gregaire": None}, "mastery": (), "chars": {"T": 1}}
    st = game(*(figure(f"m{i}", 1, 2 + 1.1 * i, 5, **herd) for i in range(4)),
              figure("t", 2, 2, 6.1, skills={"terreur": 12}, mastery=()))
    eng = engine(st, 6)                   # T = 4 Mongos, +2 for m1 in its zone: 6 + 4 + 2 = 12
    ev = act(eng, "activate", "m0")
    assert notes(ev, "ka.morale") == ["ka.morale.temerity.pass"]
    m = fighter(st, st.figures["m0"])
    assert MF.herd(st, m, [("T", 1), ("leader", 1)]) == [("T", 4), ("leader", 1)]
    for i in (1, 2, 3):
        st.figures[f"m{i}"].out = True
    assert MF.herd(st, m, [("T", 1)]) == [("T", 3)]          # never below 3
