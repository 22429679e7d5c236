"""The bundled Evenor catalogue, scenarios and rosters load and match the rules document."""

import math
import subprocess
import sys
from pathlib import Path

import pytest

from game.data import (
    DataError,
    Document,
    check_files,
    load_catalogue,
    load_document,
    roster_paths,
    scenario_path,
    scenario_paths,
)
from game.rulesets.evenor import schema

REPO = Path(__file__).resolve().parents[2]

# faction, profile: (cost, I, R, C, T, S, V) as printed in the rules document
DOCUMENT_STATS = {
    "grecs": {
        "leonidas": (9, 2, 3, 2, None, 5, 1), "leda": (9, 1, 2, 3, 4, 6, 1),
        "phobos": (8, 2, 4, 2, None, 4, 1), "leto": (7, 1, 3, 4, None, 6, 1),
        "ulysse": (8, 3, 4, 4, 4, 5, 1), "selene": (8, 2, 3, 6, None, None, 1),
        "thesee": (7, 3, 3, 3, 4, 4, 1), "hylas": (7, 1, 3, 3, None, 5, 1),
        "deimos": (7, 2, 4, 3, None, 4, 1), "asterion": (18, 3, 4, 3, None, 5, 4),
    },
    "amazones": {
        "myrina": (6, 1, 2, 4, None, 6, 1), "thalestri": (7, 1, 3, 4, None, 6, 1),
        "asteria": (7, 2, 3, 5, 4, None, 1), "hiera": (6, 2, 3, 4, None, None, 1),
    },
    "vikings": {
        "jorund": (9, 2, 4, 2, None, 6, 1), "runir": (9, 2, 3, 4, None, 5, 1),
        "kara": (6, 1, 3, 4, None, None, 1), "harald": (7, 2, 4, 3, 4, 6, 1),
        "thorvald": (8, 1, 5, 3, None, 5, 1), "ymir": (16, 3, 4, 3, None, 5, 3),
    },
    "saxons": {
        "borva": (9, 2, 4, 2, None, 5, 1), "cerd": (6, 1, 4, 4, None, None, 1),
        "horsa": (7, 3, 3, 3, None, 6, 1), "lothar": (7, 2, 4, 3, None, 6, 1),
        "thurold": (8, 1, 5, 3, None, 5, 1), "grendel": (20, 4, 5, 3, None, 5, 5),
    },
    "japonais": {
        "shingami": (9, 2, 3, 2, None, 6, 1), "nobu": (8, 1, 3, 3, None, 6, 1),
        "shiro": (7, 2, 3, 4, None, None, 1), "gosai": (8, 3, 4, 4, 4, None, 1),
        "saito": (7, 3, 3, 3, None, 4, 1), "wabara": (8, 2, 4, 3, None, 5, 1),
        "oni": (19, 3, 3, 3, None, 5, 4),
    },
}


@pytest.fixture(scope="module")
def cat():
    return load_catalogue("evenor")


def test_catalogue_is_cached_and_typed(cat):
    assert load_catalogue("evenor") is cat
    assert isinstance(cat, schema.Catalogue)
    assert set(cat.traits) == set(schema.TRAIT_PARAMS)
    assert {t for t, d in cat.traits.items() if d.power} == {"benediction", "confusion", "soin"}
    assert cat.traits["perception"].param == "threshold"
    assert set(cat.terrain_kinds) == {"arbre", "buisson", "rocher", "ruine", "colonne",
                                      "terrain_difficile"}
    assert cat.terrain_kinds["terrain_difficile"].tags == ["difficult"]


def test_every_profile_matches_the_document(cat):
    assert set(cat.factions) == set(DOCUMENT_STATS)
    for fid, profiles in DOCUMENT_STATS.items():
        assert set(cat.factions[fid].profiles) == set(profiles), fid
        for pid, stats in profiles.items():
            p = cat.profile(pid)
            assert (p.cost, p.I, p.R, p.C, p.T, p.S, p.V) == stats, pid
            assert p.base == (40 if p.role == "monstre" else 25), pid
            assert cat.faction_of(pid) == fid
    assert len(cat.all_profiles()) == 33


def test_leda(cat):
    leda = cat.profile("leda")
    assert leda.name == "Léda" and leda.role == "meneur"
    assert [t.id for t in leda.traits] == ["meneur", "marcheur_agile", "insaisissable",
                                          "courageux", "acrobate"]
    lance, epee = leda.weapons
    assert (lance.name, lance.power, lance.enchanted, lance.range, lance.thrown) == \
        ("Lance", 4, True, (3, 6, 12), True)
    assert (epee.name, epee.power, epee.enchanted, epee.range) == ("Épée", 3, False, None)
    assert leda.melee_weapons() == [lance, epee]
    assert leda.ranged_weapons() == [lance]
    assert leda.trait("meneur") is True and leda.trait("rapide") is None
    assert leda.has("acrobate") and not leda.has("esquive")
    assert leda.categories() == {"meneur"}


def test_grendel(cat):
    g = cat.profile("grendel")
    assert (g.V, g.S, g.role, g.cost) == (5, 5, "monstre", 20)
    assert [(w.power, w.enchanted) for w in g.weapons] == [(9, False)]
    assert g.trait("attaques_multiples") == 2
    assert g.has("effrayant") and g.has("grande_cible") and g.has("esprit_faible")
    assert g.categories() == {"monstre"}


def test_oni_and_gosai(cat):
    oni = cat.profile("oni")
    assert oni.trait("attaques_multiples") == 3 and oni.trait("perception") == 3
    assert oni.weapons[0].power == 9 and oni.weapons[0].enchanted
    gosai = cat.profile("gosai")
    bow, sabres = gosai.weapons
    assert bow.range == (6, 12, 24) and not bow.thrown and bow.power == 3
    assert gosai.ranged_weapons() == [bow] and gosai.melee_weapons() == [sabres]
    assert gosai.can_shoot() and gosai.categories() == {"tireur"}


def test_selene_thresholds(cat):
    s = cat.profile("selene")
    assert [(t.id, t.value) for t in s.traits] == [
        ("soin", 2), ("confusion", 2), ("benediction", 2), ("perception", 3), ("esprit_fort", None)]
    assert s.trait("esprit_fort") is True
    assert s.categories() == {"magicien"}


def test_rulings(cat):
    # Leonidas's spear has no range: melee only.
    assert cat.profile("leonidas").ranged_weapons() == []
    assert cat.profile("leonidas").categories() == {"meneur"}  # meneur charismatique
    # Runir: "Hache enchantée et Loup P4" is a single enchanted weapon.
    assert [(w.power, w.enchanted) for w in cat.profile("runir").weapons] == [(4, True)]
    # "Attaque multiple 2" (singular) is Attaques multiples 2.
    assert cat.profile("thorvald").trait("attaques_multiples") == 2
    assert cat.profile("thurold").trait("attaques_multiples") == 2
    # Asteria the archère counts as a tireur; Thalestri has a throwable spear but no T.
    assert cat.profile("asteria").categories() == {"tireur"}
    thalestri = cat.profile("thalestri")
    assert thalestri.T is None and thalestri.weapons[0].thrown and not thalestri.can_shoot()


def test_bundled_files_all_check_ok():
    paths = [str(p) for p in scenario_paths("evenor") + roster_paths("evenor")]
    paths.append(str(REPO / "game" / "rulesets" / "evenor" / "catalogue.yaml"))
    code, lines = check_files(paths)
    assert code == 0, lines
    assert len(lines) == 10
    assert f"ok: {scenario_path('evenor', 'embuscade')} (scenario evenor/embuscade)" in lines


def test_rosters_are_legal_presets(cat):
    rosters = [load_document(p, "roster", "evenor").model for p in roster_paths("evenor")]
    assert sorted(r.id for r in rosters) == ["amazones", "grecs", "japonais", "saxons", "vikings"]
    for roster in rosters:
        assert schema.warband_problems(cat, roster.members) == []
        assert {cat.faction_of(m) for m in roster.members} == {roster.id}
        assert schema.warband_cost(cat, roster.members) <= 50


def _scenario(sid):
    doc = load_document(scenario_path("evenor", sid), expected_kind="scenario")
    assert isinstance(doc, Document) and doc.kind == "scenario" and doc.ruleset == "evenor"
    return doc.model


def test_extermination():
    sc = _scenario("extermination")
    assert (sc.table.width, sc.table.height, sc.role_assignment, sc.first_player) == \
        (24, 24, "fixed", "roll")
    assert [r.zones for r in sc.roles] == [[(18, 0, 6, 6)], [(0, 18, 6, 6)]]
    assert sc.victory.type == "extermination" and sc.first_role is None
    assert sc.terrain.random.count == (6, 12) and sc.terrain.random.difficult == (1, 2)


def test_embuscade():
    sc = _scenario("embuscade")
    ambushed, ambushers = sc.roles
    assert ambushed.zones == [(0, 7, 24, 10)]
    assert ambushers.zones == [(0, 0, 24, 5), (0, 19, 24, 5)]
    assert sc.role_assignment == "roll" and sc.first_role == ambushers.id
    assert (sc.victory.type, sc.victory.role, sc.victory.exit_edges, sc.victory.loss_limit) == \
        ("escape", ambushed.id, ["left", "right"], 0.5)
    assert sc.terrain.random.keep_clear == [(0, 7, 24, 10)]


def test_chasse_orichalque():
    sc = _scenario("chasse_orichalque")
    points = [t.at for t in sc.tokens]
    assert points[1] == (12, 12) and len(points) == 3
    for a, b in zip(points, points[1:]):
        assert math.dist(a, b) == pytest.approx(9, abs=0.01)
    assert all(x == y for x, y in points)  # one diagonal...
    corners = [r.zones[0] for r in sc.roles]
    assert corners == [(18, 0, 6, 6), (0, 18, 6, 6)]  # ...deployment on the other
    assert sc.victory.type == "orichalque"


def test_expected_kind_and_ruleset_mismatch():
    path = scenario_path("evenor", "extermination")
    with pytest.raises(DataError) as err:
        load_document(path, expected_kind="roster")
    assert err.value.messages == [f"{path}:1:7: kind: expected kind 'roster' here (got 'scenario')"]
    with pytest.raises(DataError) as err:
        load_document(path, expected_ruleset="swidenth")
    assert str(err.value) == f"{path}:2:10: ruleset: expected ruleset 'swidenth' here (got 'evenor')"


def test_paths_helpers():
    assert scenario_path("evenor", "embuscade") == REPO / "scenarios" / "evenor" / "embuscade.yaml"
    assert [p.stem for p in roster_paths("evenor")] == [
        "amazones", "grecs", "japonais", "saxons", "vikings"]
    with pytest.raises(ValueError):
        scenario_path("evenor", "../secret")


def test_game_data_does_not_import_rulesets():
    code = ("import sys, game.data; "
            "sys.exit(any(m.startswith('game.rulesets.evenor') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], cwd=REPO).returncode == 0
