"""The book's remaining attribute actions and combat extras through the engine, with
scripted dice: Étourdissement, Bannissement, Imposition des mains, Magnétisme, Lecture de
pensées, Malaise, Expert du fouet, Camouflage, Furtif and unseen figures, leaps (Bondissant,
jet pack, Bond psi), Coup dans le dos, Soutien, Spectre, Pistolero, Tireur costaud, Tirer en
courant, Charge en tirant, Rechargement, Infiltration and the carrying rules."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from game.core.errors import IllegalAction
from game.core.state import TerrainPiece
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus import levels, loadout, melee, stealth
from game.rulesets.bonus_malus.effects import deploy_ahead
from game.rulesets.bonus_malus.fighter import make
from game.rulesets.bonus_malus.saves import Attack, save_level

from ..shared.helpers import scripted
from ..shared.spatial import table_of
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


def rock(pid, x0, y0, x1, y1, tags=("blocks_sight", "blocks_movement"), kind="rocks"):
    return TerrainPiece(id=pid, kind=kind, tags=list(tags),
                        points=[[x0 * PAS, y0 * PAS], [x1 * PAS, y0 * PAS], [x1 * PAS, y1 * PAS], [x0 * PAS, y1 * PAS]])


# ------------------------------------------------------------------ aimed attribute actions
def test_daze_takes_two_actions_and_leaves_its_target_down_and_stunned():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"etourdissement": 0}), man("b", 2, 5, 15, 270),
                      man("c", 2, 5, 22, 270), faces=(4,))
    assert choice(eng, "etourdissement").targets == ("b",)          # c is 16 pas away: out of range
    events = eng.step(Action("etourdissement", actor="a", targets=("b",)))
    b = st.figures["b"]
    assert rolls(events, "etourdissement") == [("a", (4,), 4)]
    assert b.status["down"] and b.status["stunned"]
    assert st.figures["a"].status["spent"] == 2 and st.activation is None


def test_a_failed_daze_does_nothing():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"etourdissement": -1}), man("b", 2, 5, 15, 270),
                      faces=(3, 6))
    events = eng.step(Action("etourdissement", actor="a", targets=("b",)))
    assert rolls(events, "etourdissement") == [("a", (3, 6), 3)]      # Étourdissement-: the worst
    assert not st.figures["b"].status.get("down") and "bm.log.feat_failed" in notes(events)


def test_banishment_reaches_only_the_demonic_and_spectres_and_strikes_at_degats_plus():
    wraith = {"attributes": {"spectre": None}}
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"bannissement": 0}), man("b", 2, 5, 8, 270, **wraith),
                      man("c", 2, 6.5, 8, 270), faces=(4, 5, 1))
    assert choice(eng, "bannissement").targets == ("b",)
    events = eng.step(Action("bannissement", actor="a", targets=("b",)))
    assert rolls(events, "damage") == [("a", (5, 1), 5)]
    assert st.figures["b"].out


def test_a_spectre_is_untouched_by_plain_weapons_and_hurt_by_an_energy_blade():
    wraith = make("w", 2, x=1.0, facing=180.0, attributes={"spectre": None})
    sword = make("s", 1, competences={"combat": 0}, equipment=("epee",))
    ctx = scripted(6, 1, 1, 1, 1, 1, 1)        # the sword's cut-and-thrust test fails
    res = melee.fight(ctx, sword, wraith)
    assert res.winner == "s" and res.damage.roll is None and not wraith.fig.out
    assert [e.rule for e in ctx.events if e.kind == "dice"] == ["combat", "combat", "taille_estoc"]
    blade = make("e", 1, competences={"combat": 0}, equipment=("lame_energie",))
    res = melee.fight(scripted(6, 1, 1, 1, 1, 4, 1, 1), blade, wraith)
    assert res.damage.points == 1 and wraith.fig.out


def test_a_slayer_of_spectres_harms_them_with_any_weapon():
    wraith = make("w", 2, x=1.0, facing=180.0, attributes={"spectre": None})
    hunter = make("h", 1, competences={"combat": 0}, attributes={"tueur": "spectre"}, equipment=("epee",))
    # Combat+ (2 dice) against bare hands (4), the sword's cut test (2), Dégâts+ (2), Coup fatal
    res = melee.fight(scripted(6, 6, 1, 1, 1, 1, 1, 1, 4, 1, 2), hunter, wraith)
    assert res.damage.points >= 1 and wraith.fig.out


def test_laying_on_of_hands_and_mesmerism_heal_a_wounded_friend_in_sight():
    friend = man("f", 1, 5, 6.5, 90, attributes={"personnage": None})
    friend.vitality = 1
    far = man("g", 1, 5, 14, 90, attributes={"personnage": None})
    far.vitality = 1
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"imposition_mains": 0, "magnetisme": 0}), friend, far,
                      man("b", 2, 15, 20, 270), faces=(4,))
    assert set(choice(eng, "imposition_mains").targets) == {"f"}      # range 1
    assert set(choice(eng, "magnetisme").targets) == {"f", "g"}       # range 15
    eng.step(Action("imposition_mains", actor="a", targets=("f",)))
    assert friend.vitality == 3 and st.activation is None             # two actions, two points


def test_mesmerism_gives_back_one_point():
    far = man("g", 1, 5, 14, 90, attributes={"personnage": None})
    far.vitality = 1
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"magnetisme": 0}), far, man("b", 2, 15, 20, 270),
                      faces=(5,))
    eng.step(Action("magnetisme", actor="a", targets=("g",)))
    assert far.vitality == 2


def test_mind_reading_and_malaise_lower_the_targets_levels_for_the_turn_but_not_its_saves():
    b = man("b", 2, 5, 15, 270, competences={"initiative": 1}, equipment=["epee", "armure"])
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"lecture_pensees": 0, "malaise": 0}), b,
                      faces=(1, 4, 4))         # b's Initiative+ rolls two dice
    save = save_level(F.fighter(b), Attack("shots"))
    eng.step(Action("lecture_pensees", actor="a", targets=("b",)))
    assert levels.net(F.fighter(b), "initiative") == -1                # Initiative+ then 2-
    eng.step(Action("malaise", actor="a", targets=("b",)))
    assert levels.net(F.fighter(b), "initiative") == -2 and levels.net(F.fighter(b), "combat") == -1
    assert save_level(F.fighter(b), Attack("shots")) == save


def test_a_whip_master_tears_the_best_weapon_from_an_enemy_within_four_pas():
    whip = {"attributes": {"expert_fouet": 0}, "equipment": ["fouet"]}
    b = man("b", 2, 5, 8, 270, equipment=["epee", "pistolet"])
    monk = man("c", 2, 6.5, 8, 270, attributes={"art_martial": None}, equipment=["epee"])
    st, eng = started(man("a", 1, 5, 5, 90, **whip), b, monk, faces=(4, 5))
    eng.step(Action("expert_fouet", actor="a", targets=("b",)))
    assert b.status["equipment"] == ["pistolet"]
    events = eng.step(Action("nothing", actor="a"))
    assert events
    st2, eng2 = started(man("a", 1, 5, 5, 90, **whip), man("b", 2, 15, 20, 270), monk, faces=(6,))
    events = eng2.step(Action("expert_fouet", actor="a", targets=("c",)))
    assert monk.status["equipment"] == ["epee"] and "bm.log.disarm_resisted" in notes(events)


def test_no_whip_no_whip_mastery():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"expert_fouet": 0}), man("b", 2, 5, 8, 270))
    assert "expert_fouet" not in kinds(eng, "a")


# ------------------------------------------------------------------ unseen
def test_camouflage_against_scenery_keeps_far_shooters_off_until_the_figure_moves():
    rocks = rock("r", 6, 3, 9, 7)
    st, eng = started(man("a", 1, 5.5, 5, 90, attributes={"camouflage": 0}),
                      man("b", 2, 5.5, 15, 270, equipment=["pistolet_plasma"]), terrain=[rocks], faces=(4,))
    eng.step(Action("camouflage", actor="a"))
    assert st.figures["a"].status["hidden"]["lasts"] == "still"
    eng.step(Action("nothing", actor="a"))
    go(eng, "b")
    why = eng.check(Action("shoot", actor="b", targets=("a",), value="pistolet_plasma"))
    assert why is not None and why.code == "bm.refused.unseen"


def test_camouflage_needs_scenery_in_contact():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"camouflage": 0}), man("b", 2, 5, 15, 270))
    assert "camouflage" not in kinds(eng, "a")


def test_stealth_survives_moves_is_lost_by_a_loud_shot_and_comes_back_on_new_scenery():
    r1, r2 = rock("r1", 6, 3, 9, 7), rock("r2", 6, 12, 9, 16)
    a = man("a", 1, 5.5, 5, 90, attributes={"furtif": 0})
    b = man("b", 2, 15, 20, 270)
    st = game(a, b, terrain=[r1, r2])
    stealth.hide(table_of(st), a, "stealth")
    a.y = 8 * PAS
    stealth.moved(table_of(st), a)
    assert stealth.unseen(st, table_of(st), a)                  # kept on the move
    stealth.shot_fired(a, silent=False)
    a.status.pop("loud")                                        # a new turn
    assert not stealth.unseen(st, table_of(st), a)              # lost...
    a.y = 5 * PAS
    stealth.moved(table_of(st), a)
    assert not stealth.unseen(st, table_of(st), a)              # ...the same rocks do not restore it
    a.y = 14 * PAS
    stealth.moved(table_of(st), a)
    assert stealth.unseen(st, table_of(st), a)                  # other scenery does


def test_stealth_comes_back_only_against_scenery_one_pas_high():
    r1 = rock("r1", 6, 3, 9, 7)
    kerb = TerrainPiece(id="bord", kind="kerb", tags=["cover"], height=0.5 * PAS,
                        points=[[6 * PAS, 12 * PAS], [9 * PAS, 12 * PAS], [9 * PAS, 16 * PAS], [6 * PAS, 16 * PAS]])
    a = man("a", 1, 5.5, 5, 90, attributes={"furtif": 0})
    st = game(a, man("b", 2, 15, 20, 270), terrain=[r1, kerb])
    stealth.hide(table_of(st), a, "stealth")
    stealth.exposed(a)
    a.y = 14 * PAS
    stealth.moved(table_of(st), a)
    assert not stealth.unseen(st, table_of(st), a)


def test_camouflage_ends_with_the_first_move():
    r1 = rock("r1", 6, 3, 9, 7)
    a = man("a", 1, 5.5, 5, 90, attributes={"camouflage": 0})
    st = game(a, man("b", 2, 15, 20, 270), terrain=[r1])
    stealth.hide(table_of(st), a, "still")
    assert stealth.unseen(st, table_of(st), a)
    stealth.moved(table_of(st), a)
    assert "hidden" not in a.status


def test_an_unseen_figure_stops_a_charge_one_pas_short_and_is_shot_only_within_two_pas():
    st, eng = started(man("a", 1, 5, 10, 90, attributes={"indecelable": None}),
                      man("b", 2, 5, 15, 270, equipment=["pistolet_plasma"]))
    eng.step(Action("nothing", actor="a"))
    eng.step(Action("nothing", actor="a"))
    go(eng, "b")
    assert eng.check(Action("shoot", actor="b", targets=("a",), value="pistolet_plasma")).code == "bm.refused.unseen"
    events = eng.step(Action("move", actor="b", path=((5 * PAS, 11 * PAS),), value=270))
    b = st.figures["b"]
    assert b.y == pytest.approx(12 * PAS, abs=0.5) and "bm.log.unseen_stops" in notes(events)
    assert eng.check(Action("shoot", actor="b", targets=("a",), value="pistolet_plasma")) is None


# ------------------------------------------------------------------ leaps
def test_a_leaper_jumps_eight_pas_over_rocks_and_must_land_clear():
    rocks = rock("r", 3, 7, 7, 9)
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"bondissant": None}), man("b", 2, 15, 20, 270),
                      terrain=[rocks])
    c = choice(eng, "leap")
    assert c.move.allowance == pytest.approx(8 * PAS)
    for end in ((5 * PAS, 8 * PAS), (5 * PAS, 13.5 * PAS)):       # in the rocks; 8.5 pas
        with pytest.raises(IllegalAction):
            eng.step(Action("leap", actor="a", path=(end,), value=90))
    eng.step(Action("leap", actor="a", path=((5 * PAS, 12 * PAS),), value=180))
    a = st.figures["a"]
    assert (a.y, a.facing) == (12 * PAS, 180.0)
    assert "move" not in kinds(eng, "a")                          # a leap is a movement


def test_a_jet_pack_leaps_and_a_lumbering_figure_never_does():
    st, eng = started(man("a", 1, 5, 5, 90, equipment=["jet_pack"]), man("b", 2, 15, 20, 270))
    assert "leap" in kinds(eng, "a")
    st, eng = started(man("a", 1, 5, 5, 90, equipment=["jet_pack"], attributes={"deplacement_limite": None}),
                      man("b", 2, 15, 20, 270))
    assert "leap" not in kinds(eng, "a")


def test_bond_psi_gives_the_leap_for_the_turn():
    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "bond_psi": None}}
    st, eng = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 15, 20, 270), faces=(4,))
    assert "leap" not in kinds(eng, "a")
    eng.step(Action("psi", actor="a", targets=("a",), value="bond_psi"))
    assert "leap" in kinds(eng, "a")
    eng.step(Action("leap", actor="a", path=((5 * PAS, 13 * PAS),), value=90))
    assert st.figures["a"].y == 13 * PAS
    F.new_turn(st.figures["a"])
    assert "granted" not in st.figures["a"].status


# ------------------------------------------------------------------ melee extras
def test_a_backstab_strikes_at_once_when_the_move_ends_behind_an_enemy():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"coup_dans_le_dos": None}, equipment=["epee"]),
                      man("b", 2, 5, 8, 90), faces=(4,))
    events = eng.step(Action("move", actor="a", path=((5 * PAS, 7 * PAS),), value=90))
    assert rolls(events, "combat") == [] and rolls(events, "damage") == [("a", (4,), 4)]
    assert "bm.log.backstab" in notes(events) and st.figures["b"].out


def test_no_backstab_from_the_front():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"coup_dans_le_dos": None}, equipment=["epee"]),
                      man("b", 2, 5, 8, 270))
    events = eng.step(Action("move", actor="a", path=((5 * PAS, 7 * PAS),), value=90))
    assert rolls(events, "damage") == []


def test_support_fights_a_friends_enemy_which_deals_no_damage_when_it_wins():
    sup = {"attributes": {"soutien": None}, "equipment": ["epee"]}
    st, eng = started(man("a", 1, 5, 5, 0, **sup), man("c", 1, 6, 5, 0, equipment=["epee"]),
                      man("b", 2, 7, 5, 180, equipment=["epee"]), faces=(1, 6))
    assert choice(eng, "fight").targets == ("b",)
    events = eng.step(Action("fight", actor="a", targets=("b",)))
    assert rolls(events, "combat") == [("a", (1,), 1), ("b", (6,), 6)]
    assert rolls(events, "damage") == [] and not st.figures["a"].out


# ------------------------------------------------------------------ shooting extras
def test_a_gunslinger_fires_both_pistols_in_one_action_each_at_tir_minus():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"pistolero": None},
                          equipment=["pistolet_plasma", "petit_pistolet_plasma"]),
                      man("b", 2, 5, 9, 270, attributes={"personnage": None}),
                      faces=(4, 5, 1, 1, 1, 6, 6, 1, 1))
    events = eng.step(Action("shoot", actor="a", targets=("b",), value="pistolet_plasma"))
    assert rolls(events, "shot") == [("a", (4, 5), 4), ("a", (6, 6), 6)]
    assert rolls(events, "damage") == [("a", (1, 1, 1), 1), ("a", (1, 1), 1)]


def test_a_brawny_shooter_holds_a_rifle_with_a_shield_at_tir_minus():
    big = make("a", competences={"tir": 0}, attributes={"tireur_costaud": None}, equipment=("fusil", "bouclier"))
    assert levels.net(big, "tir") == -1
    assert levels.net(make("b", competences={"tir": 0}, attributes={"tireur_costaud": None},
                           equipment=("fusil",)), "tir") == 0
    assert loadout.problems(("fusil", "bouclier"), {"tireur_costaud": None}) == []
    assert loadout.problems(("fusil", "bouclier"), {}) == [("bm.loadout.two_hands_and_shield", {"weapon": "fusil"})]


def test_running_fire_runs_then_shoots_from_where_it_ends_at_tir_minus():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"tirer_en_courant": None}, equipment=["pistolet_plasma"]),
                      man("b", 2, 5, 18, 270), faces=(4, 6, 4, 1, 1))
    with pytest.raises(IllegalAction):
        eng.step(Action("tirer_en_courant", actor="a", targets=("b",), value="pistolet_plasma",
                        path=((7 * PAS, 9 * PAS), (5 * PAS, 13 * PAS))))          # not straight
    events = eng.step(Action("tirer_en_courant", actor="a", targets=("b",), value="pistolet_plasma",
                             path=((5 * PAS, 13 * PAS),)))
    a = st.figures["a"]
    assert a.y == 13 * PAS and a.status["ran"]
    assert [e.kind for e in events].index("moved") < [e.kind for e in events].index("dice")
    assert rolls(events, "shot") == [("a", (4, 6), 4)] and st.figures["b"].out


def test_a_firing_charge_shoots_at_tir_minus_then_moves_into_contact():
    gear = {"attributes": {"charge_en_tirant": None}, "equipment": ["pistolet_plasma", "epee"]}
    st, eng = started(man("a", 1, 5, 5, 90, **gear), man("b", 2, 5, 9, 270), faces=(1, 2))
    c = choice(eng, "charge_en_tirant")
    assert c.move.goal == "contact" and c.targets == ("b",)
    with pytest.raises(IllegalAction):
        eng.step(Action("charge_en_tirant", actor="a", targets=("b",), value="pistolet_plasma",
                        path=((5 * PAS, 7 * PAS),)))                   # short of contact
    events = eng.step(Action("charge_en_tirant", actor="a", targets=("b",), value="pistolet_plasma",
                             path=((5 * PAS, 8 * PAS),)))
    assert rolls(events, "shot") == [("a", (1, 2), 1)]
    a = st.figures["a"]
    assert a.y == 8 * PAS and a.status["spent"] == 1 and "fight" in kinds(eng, "a")


def test_a_firing_charge_may_be_a_run_taking_both_actions():
    gear = {"attributes": {"charge_en_tirant": None}, "equipment": ["pistolet_plasma", "epee"]}
    st, eng = started(man("a", 1, 5, 5, 90, **gear), man("b", 2, 5, 13, 270), faces=(1, 2, 3))  # long range
    eng.step(Action("charge_en_tirant", actor="a", targets=("b",), value="pistolet_plasma",
                    path=((5 * PAS, 12 * PAS),)))
    a = st.figures["a"]
    assert a.y == 12 * PAS and a.status["spent"] == 2 and a.status["done"] == ["run"]


def test_a_weapon_with_reload_needs_an_action_between_two_shots():
    st, eng = started(man("a", 1, 5, 5, 90, attributes={"heros": None}, equipment=["arbalete"]),
                      man("b", 2, 5, 20, 270), faces=(1, 1))
    eng.step(Action("shoot", actor="a", targets=("b",), value="arbalete"))
    assert st.figures["a"].status["unloaded"] == ["arbalete"]
    assert eng.check(Action("shoot", actor="a", targets=("b",), value="arbalete")).code == "bm.refused.unloaded"
    assert "rechargement" in kinds(eng, "a")
    eng.step(Action("rechargement", actor="a"))
    assert "unloaded" not in st.figures["a"].status


# ------------------------------------------------------------------ deployment and carrying
def test_infiltration_deploys_ten_pas_ahead():
    assert deploy_ahead(make("a", attributes={"infiltration": None})) == 10
    assert deploy_ahead(make("b")) == 0


def test_carrying_rules():
    assert loadout.problems(("epee", "dague", "pistolet", "fusil", "grenades")) == \
        [("bm.loadout.too_many", {"n": 5, "max": 4})]
    assert loadout.problems(("armure", "armure_legere"))[0][0] == "bm.loadout.armours"
    assert loadout.problems(("hache_2m", "bouclier")) == [("bm.loadout.two_hands_and_shield", {"weapon": "hache_2m"})]
    assert loadout.problems(("epee", "bouclier", "armure", "pistolet", "jet_pack")) == []


def test_an_enemy_coming_into_contact_takes_away_stealth_until_new_scenery():
    r1 = rock("r1", 6, 3, 9, 7)
    a = man("a", 1, 5.5, 5, 90, attributes={"furtif": 0})
    st, eng = started(a, man("b", 2, 5.5, 6.4, 270, equipment=["epee"]), terrain=[r1], faces=(4,))  # within 1 pas
    eng.step(Action("furtif", actor="a"))
    assert stealth.unseen(st, table_of(st), a)
    eng.step(Action("nothing", actor="a"))
    go(eng, "b")
    eng.step(Action("move", actor="b", path=((5.5 * PAS, 6 * PAS),), value=270))
    assert a.status["hidden"]["lost"]


def test_a_profile_breaking_the_carrying_rules_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="profile brute: .*both hands"):
        F.make("x", 1, 0, 0, "brute", {"equipment": ["hache_2m", "bouclier"]})
