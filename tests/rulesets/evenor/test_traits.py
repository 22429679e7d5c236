"""Every trait of the document, each pinned by a test with scripted dice."""
from __future__ import annotations

import pytest

from game.rulesets.evenor import melee, shooting, stats
from tests.rulesets.evenor.sandbox import PAS, act, fig, rect, rolls, sandbox, step, toward, variant


def _threshold(eng, shooter, target):
    st = eng.state
    table = eng.ruleset.table_for(st)
    s, t = st.figures[shooter], st.figures[target]
    return shooting.threshold(st, table, s, t, stats.profile(s).weapons[0])


@pytest.mark.parametrize("target, extra, expected", [
    ("hiera", None, 5),          # Esquive: T+1
    ("leda", None, 6),           # Insaisissable: T+2
    ("grendel", None, 3),        # Grande cible: T-1
    ("stealthy", "furtif", 6),   # Furtif counts as Insaisissable
])
def test_shooting_traits(monkeypatch, target, extra, expected):
    if extra:
        target = variant(monkeypatch, target, "deimos", add=[extra])
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, target, 12, 12)])  # medium range
    t, mods = _threshold(eng, "1.ulysse", f"2.{target}")
    assert t == expected


def test_benediction_blesses_a_friend_for_the_turn():
    eng = sandbox([fig(1, "selene", 5, 5), fig(1, "phobos", 8, 5), fig(2, "kara", 20, 20)])
    step(eng, act("activate", "1.selene", value=0))
    eng.dice.push(2)
    step(eng, act("power", "1.selene", "1.phobos", value="benediction"))
    st = eng.state
    phobos = st.figures["1.phobos"]
    assert stats.save_threshold(st, phobos) == 3          # S4+ -> 3+
    t, mods = melee.combat_threshold(st, eng.ruleset.table_for(st), phobos, charged=False,
                                     afraid=False)
    assert ("blessed", -1) in mods and t == 2               # C2+ cannot go lower
    st.turn += 1
    assert stats.save_threshold(st, phobos) == 4            # gone next turn


def test_confusion_and_weak_or_strong_minds():
    eng = sandbox([fig(1, "selene", 5, 12), fig(2, "grendel", 12, 12), fig(2, "thorvald", 12, 16)])
    step(eng, act("activate", "1.selene", value=0))
    eng.dice.push(2)  # Confusion 2+ against a weak mind: 1+ clamped to 2+; success
    ev = step(eng, act("power", "1.selene", "2.grendel", value="confusion"))
    assert rolls(ev, "confusion")[0].target == 2
    st = eng.state
    g = st.figures["2.grendel"]
    assert stats.initiative(st, g) == 6 and stats.reaction(st, g) == 6
    assert stats.max_dynamic(st, g) == 1
    from game.rulesets.evenor.statics import power_threshold
    assert power_threshold(st.figures["1.selene"], "confusion", st.figures["2.thorvald"]) == 3


def test_charge_furieuse_adds_a_die_on_the_charge():
    eng = sandbox([fig(1, "phobos", 5, 12), fig(2, "kara", 8, 12), fig(2, "nobu", 22, 22)],
                  dice=[2])
    step(eng, act("activate", "1.phobos", value=1))
    eng.dice.push(1)  # Kara's reaction fails
    eng.dice.push(*[1] * 30)
    ev = step(eng, act("charge", "1.phobos", "2.kara", path=[toward(eng, "1.phobos", "2.kara")]))
    first = rolls(ev, "melee")[0]
    assert first.who == "1.phobos" and len(first.faces) == 5   # lance P4 + 1


def test_frightening_foe_stops_a_failed_engagement_at_4_pas():
    eng = sandbox([fig(1, "deimos", 3, 12), fig(2, "grendel", 9.8, 12)], dice=[2])
    step(eng, act("activate", "1.deimos", value=1))
    eng.dice.push(3)  # Deimos is not brave: needs 4+
    step(eng, act("move", "1.deimos", path=[toward(eng, "1.deimos", "2.grendel")]))
    d, g = eng.state.figures["1.deimos"], eng.state.figures["2.grendel"]
    gap = eng.ruleset.table_for(eng.state).distance(d.id, g.id)
    assert abs(gap - 4 * PAS) < 0.5


def test_frightening_foe_in_melee_and_monster_damage():
    eng = sandbox([fig(1, "deimos", 12 - 1.3, 12), fig(2, "grendel", 12, 12)])
    step(eng, act("activate", "1.deimos", value=0))
    eng.dice.push(1,                 # fear test failed: C+1
                  4, 4, 4,           # Deimos 3 dice on 4+: 3 hits
                  *[1] * 9,          # Grendel misses everything
                  1, 1, 1,           # three saves failed
                  1, 1, 1)           # a monster loses 1 vitality per damage roll
    ev = step(eng, act("fight", "1.deimos", "2.grendel"))
    m = rolls(ev, "melee")[0]
    assert m.target == 4
    assert eng.state.figures["2.grendel"].vitality == 2


def test_courage_levels(monkeypatch):
    pid = variant(monkeypatch, "faint", "deimos", add=["peu_courageux"])
    eng = sandbox([fig(1, "phobos", 3, 3), fig(1, "deimos", 6, 6), fig(1, pid, 9, 9),
                   fig(2, "grendel", 20, 20)])
    st = eng.state
    assert stats.courage(st, st.figures["1.phobos"]) == 3     # Courageux
    assert stats.courage(st, st.figures["1.deimos"]) == 4
    assert stats.courage(st, st.figures[f"1.{pid}"]) == 5     # Peu courageux
    assert not stats.frightens(st.figures["2.grendel"], st.figures["2.grendel"])


def test_ethereal_crosses_terrain_and_shrugs_off_mundane_weapons(monkeypatch):
    pid = variant(monkeypatch, "ghost", "kara", add=["ethere"])
    rock = rect("t0", "rocher", 7, 10, 2, 4)
    eng = sandbox([fig(1, pid, 5, 12), fig(2, "lothar", 15, 12), fig(2, "deimos", 15, 20)],
                  terrain=[rock], dice=[1])
    st = eng.state
    ghost = st.figures[f"1.{pid}"]
    assert melee.weapon_power(st.figures["2.lothar"], [ghost], charged=False)[0] == 0
    assert melee.weapon_power(st.figures["2.deimos"], [ghost], charged=False)[0] == 3
    step(eng, act("activate", f"1.{pid}", value=1))
    assert eng.check(act("move", f"1.{pid}", path=[(10.5, 12)])) is None
    assert eng.check(act("move", f"1.{pid}", path=[(8, 12)])) is not None   # cannot stop inside


def test_flying_ignores_terrain_but_others_do_not(monkeypatch):
    pid = variant(monkeypatch, "bird", "kara", add=["volant"])
    rock = rect("t0", "rocher", 7, 10, 2, 4)
    eng = sandbox([fig(1, pid, 5, 12), fig(1, "deimos", 5, 16), fig(2, "lothar", 20, 20)],
                  terrain=[rock], dice=[1])
    step(eng, act("activate", f"1.{pid}", value=1))
    assert eng.check(act("move", f"1.{pid}", path=[(10.5, 12)])) is None
    eng2 = sandbox([fig(1, "deimos", 5, 12), fig(2, "lothar", 20, 20)], terrain=[rock], dice=[2])
    step(eng2, act("activate", "1.deimos", value=1))
    why = eng2.check(act("move", "1.deimos", path=[(10.5, 12)]))
    assert why is not None and why.code == "refused.path.terrain"


def test_move_allowances_rapide_and_lent(monkeypatch):
    slow = variant(monkeypatch, "slow", "deimos", add=["lent"])
    eng = sandbox([fig(1, "asterion", 3, 3), fig(1, slow, 3, 8), fig(2, "lothar", 20, 20)])
    st = eng.state
    assert stats.fast_move(st.figures["1.asterion"]) == 9 * PAS
    assert stats.slow_move(st.figures["1.asterion"]) == 6 * PAS
    assert stats.fast_move(st.figures[f"1.{slow}"]) == 4.5 * PAS
    assert stats.slow_move(st.figures[f"1.{slow}"]) == 3 * PAS
    eng.dice.push(3)
    step(eng, act("activate", "1.asterion", value=1))
    assert eng.check(act("move", "1.asterion", path=[(11.5, 3)])) is None   # 8.5 pas
    assert eng.check(act("move", "1.asterion", path=[(12.5, 3)])) is not None


def test_difficult_ground_and_marcheur_agile():
    mud = rect("t0", "terrain_difficile", 6, 2, 4, 12)
    for who, ok in (("leonidas", True), ("deimos", False)):
        eng = sandbox([fig(1, who, 4, 6), fig(2, "lothar", 20, 20)], terrain=[mud], dice=[2])
        step(eng, act("activate", f"1.{who}", value=1))
        why = eng.check(act("move", f"1.{who}", path=[(9.5, 6)]))   # 5.5 pas, 4 in mud
        assert (why is None) == ok, why


def test_meneur_rolls_for_the_group_and_failure_stops_everyone():
    eng = sandbox([fig(2, "borva", 10, 10), fig(2, "lothar", 11.5, 10), fig(1, "kara", 20, 20)],
                  to_act=2, dice=[2, 3])
    ev = step(eng, act("activate", "2.borva", value=2, partners=["2.lothar"]))
    assert [r.who for r in rolls(ev, "initiative")] == ["2.borva", "2.borva"]
    members = eng.state.activation["members"]
    assert members["2.lothar"]["left"] == 2 and members["2.borva"]["left"] == 2
    step(eng, act("move", "2.lothar", path=[(11.5, 14)]))
    step(eng, act("move", "2.borva", path=[(10, 14)]))
    eng2 = sandbox([fig(2, "borva", 10, 10), fig(2, "lothar", 11.5, 10), fig(1, "kara", 20, 20)],
                   to_act=2, dice=[2, 1])
    step(eng2, act("activate", "2.borva", value=2, partners=["2.lothar"]))
    assert eng2.state.activation is None
    assert eng2.state.figures["2.lothar"].status["activated"]


def test_meneur_charismatique_emboldens_the_group():
    eng = sandbox([fig(1, "jorund", 10, 10), fig(1, "kara", 11.5, 10), fig(2, "lothar", 20, 20)])
    step(eng, act("activate", "1.jorund", value=0, partners=["1.kara"]))
    assert stats.courage(eng.state, eng.state.figures["1.kara"]) == 3


def test_se_cacher_hides_and_keeps_shooters_and_approach_away():
    rock = rect("t0", "rocher", 10, 10, 1, 4)
    eng = sandbox([fig(1, "kara", 11.5, 12), fig(2, "ulysse", 20, 12), fig(2, "lothar", 16, 4)],
                  terrain=[rock])
    step(eng, act("activate", "1.kara", value=0))
    step(eng, act("hide", "1.kara"))
    step(eng, act("end"))
    assert eng.state.figures["1.kara"].status["hidden"]
    eng.dice.push(2)
    step(eng, act("activate", "2.lothar", value=1))   # started more than 4 pas away
    why = eng.check(act("move", "2.lothar", path=[(12.5, 6), (12.5, 10.5)]))
    assert why is not None and why.code == "refused.path.zone"
    assert eng.check(act("move", "2.lothar", path=[(14, 8)])) is None
    step(eng, act("move", "2.lothar", path=[(14, 8)]))
    # Ulysse may not shoot a hidden figure
    step(eng, act("activate", "2.ulysse", value=0))
    why = eng.check(act("shoot", "2.ulysse", "1.kara", value=0))
    assert why is not None and why.code == "refused.target_hidden"


def test_furtif_hides_by_itself_after_moving_against_terrain(monkeypatch):
    pid = variant(monkeypatch, "sly", "kara", add=["furtif"], remove=["se_cacher"])
    rock = rect("t0", "rocher", 10, 10, 1, 4)
    eng = sandbox([fig(1, pid, 6, 12), fig(2, "lothar", 20, 20)], terrain=[rock], dice=[1])
    step(eng, act("activate", f"1.{pid}", value=1))
    step(eng, act("move", f"1.{pid}", path=[(9.5, 12)]))
    assert eng.state.figures[f"1.{pid}"].status.get("hidden")


def test_perception_reveals_hidden_foes_nearby():
    eng = sandbox([fig(1, "selene", 6, 12), fig(2, "kara", 10, 12, hidden=True),
                   fig(2, "myrina", 20, 12, hidden=True)])
    step(eng, act("activate", "1.selene", value=0))
    eng.dice.push(3)
    ev = step(eng, act("power", "1.selene", value="perception"))
    assert [r.against for r in rolls(ev, "perception")] == ["2.kara"]   # Myrina is too far
    assert not eng.state.figures["2.kara"].status.get("hidden")
    assert eng.state.figures["2.myrina"].status.get("hidden")


def test_soin_brings_a_friend_back_once():
    eng = sandbox([fig(1, "selene", 10, 10), fig(1, "phobos", 11, 10), fig(2, "kara", 20, 20)])
    p = eng.state.figures["1.phobos"]
    p.out, p.vitality = True, 0
    step(eng, act("activate", "1.selene", value=0))
    eng.dice.push(2)
    step(eng, act("power", "1.selene", "1.phobos", value="soin"))
    assert not p.out and p.vitality == 1 and p.status["activated"]
    assert p.status["soin_tried"]
