"""Khârn-Ages recruitment limits (K-R74): LIM X copies, LIM U unique, LIM P characters taking
one of their rank's places (the book's Engueran example), the Guilde Noire's sellswords
serving other factions, the leader the book allows, the deployment strip; the same rules in
the builder (with the reason a profile is greyed) and in roster files (file:line:col)."""
from __future__ import annotations

import pytest

from game.core.text import t
from game.data import DataError, load_document
from game.data.paths import catalogue_path
from game.rulesets.kharn_ages import bands, setup
from game.rulesets.kharn_ages.builder import KharnAgesBuilder
from game.rulesets.kharn_ages.schema import catalogue


def keys(members, **kw):
    return [k for _, k, _ in bands.band_breaks(catalogue(), members, **kw)]


def test_lim_x_counts_copies_of_one_profile():
    cat = catalogue()
    assert cat.profile("hallebardier").lim == 2
    assert keys(["prince", "hallebardier", "hallebardier"]) == []
    [(i, key, args)] = bands.band_breaks(cat, ["hallebardier", "prince", "hallebardier", "hallebardier"])
    assert (i, key, args) == (3, "ka.builder.limit", {"profile": "hallebardier", "most": 2})
    assert t(key, "en", **args) == "hallebardier: 2 at most in a band."


def test_the_books_kherops_example_fills_every_limit_of_one_figure():
    """Commandant (U), two level-2 warriors (LIM 2) and three level-1 warriors (LIM 3)."""
    band = ["commandant_kherops"] + ["guerrier_kherops_aguerri"] * 2 + ["guerrier_kherops"] * 3
    assert keys(band) == []
    assert keys(band + ["guerrier_kherops"]) == ["ka.builder.limit"]
    assert keys(band + ["commandant_kherops"]) == ["ka.builder.unique"]


def test_a_character_takes_one_of_its_ranks_places_as_engueran_does():
    cat = catalogue()
    assert cat.profile("engueran").lim == "P" and cat.profile("engueran").character_of == "paladin_emerite"
    assert cat.profile("paladin_emerite").lim == 2
    assert keys(["paladin_emerite", "paladin_emerite"]) == []
    assert keys(["engueran", "paladin_emerite"]) == []
    [(i, key, args)] = bands.band_breaks(cat, ["paladin_emerite", "engueran", "paladin_emerite"])
    assert i == 2 and key == "ka.builder.limit" and args["profile"] == "paladin_emerite"
    [(i, key, args)] = bands.band_breaks(cat, ["paladin_emerite", "paladin_emerite", "engueran"])
    assert (i, key, args) == (2, "ka.builder.character_slot",
                              {"profile": "engueran", "names": "paladin_emerite", "most": 2})
    assert keys(["engueran", "engueran"]) == ["ka.builder.character"]


def test_sellswords_serve_the_factions_they_name_and_no_other():
    cat = catalogue()
    assert "kharn" in cat.profile("spadassin").serves and "goun" not in cat.profile("spadassin").serves
    assert keys(["prince", "spadassin", "coupe_jarret"]) == []
    assert bands.band_faction(cat, ["spadassin", "prince"]) == "kharn"      # led off by the sellsword
    assert keys(["chef_de_clan", "spadassin"]) == ["ka.builder.mixed"]
    assert keys(["spadassin", "prince"], faction="guilde_noire") == ["ka.builder.mixed"]
    assert keys(["maitre_de_guilde", "spadassin"]) == []                    # at home in its own guild
    assert keys(["spadassin", "spadassin", "prince", "spadassin"]) == ["ka.builder.limit"]


def test_the_leader_is_of_the_two_highest_levels_a_character_or_a_named_chief():
    cat = catalogue()
    band = ["prince", "paladin", "guerrier_kharn", "ecuyer"]          # levels 3, 2, 1, 1
    assert bands.leader_of(cat, band) == 0                             # the Prince's card names it
    assert keys(band, leader="paladin") == []
    assert keys(band, leader="ecuyer") == ["ka.builder.leader_cannot"]
    assert keys(band, leader="goulue") == ["ka.builder.leader_absent"]
    assert keys(["paladin", "guerrier_kharn", "ecuyer"], leader="ecuyer") == []   # levels 2 and 1
    assert bands.leader_of(cat, ["paladin_emerite", "engueran"]) == 1   # a character before the rank
    assert bands.leader_of(cat, ["ecuyer", "paladin", "hallebardier"]) == 1
    assert bands.leader_of(cat, []) is None


def test_the_leader_stands_on_the_table():
    st = setup.setup("gue_des_crocs", 2, {"rosters": ["kharn_300", ["rodeuse", "goulue", "traqueuse"]]})
    leaders = sorted(f.id for f in st.figures.values() if f.status.get("leader"))
    assert leaders == ["k1_00_prince", "k2_00_rodeuse"]


def test_bases_that_do_not_fit_the_strip_are_refused():
    wide = ["jeune_tembo", "jeune_tembo", "protecteur_d_adansonia", "protecteur_d_adansonia", "ancien_tembo",
            "gardien_khemiste", "gardien_khemiste", "gardien_khemiste", "gardien_khemiste"]
    assert bands.fits(catalogue(), wide[:6]) and not bands.fits(catalogue(), wide)
    assert keys(wide) == ["ka.builder.too_wide"]


def test_the_builder_greys_a_profile_with_the_reason_and_offers_the_sellswords():
    b = KharnAgesBuilder()
    assert b.profiles("kharn")[-3:] == ["arbaletrier_de_la_guilde", "coupe_jarret", "spadassin"]
    assert "spadassin" not in b.profiles("goun") and "brute_de_la_guilde" in b.profiles("goun")
    assert b.refusal(["prince"], "ecuyer", "en") == ""
    assert b.refusal(["prince"], "prince", "en") == "unique"
    assert b.refusal(["engueran", "paladin_emerite"], "paladin_emerite", "fr") == "2 au plus"
    assert b.refusal(["paladin_emerite", "paladin_emerite"], "engueran", "en") == "no place of Veteran paladin left"
    assert b.refusal(["prince"], "goulue", "en") == "another faction"
    assert b.role("commandant_kherops", "en") == "level 3, LIM U, leader"
    assert b.role("guerrier_kherops", "fr") == "niveau 1, LIM 3"


def _bad(tmp_path, name: str, text: str) -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_document(path, expected_kind=name.split("_")[0], expected_ruleset="kharn_ages")
    return err.value.messages


def test_a_roster_past_a_limit_or_with_a_bad_leader_names_file_line_column(tmp_path):
    text = ("kind: roster\nruleset: kharn_ages\nid: mine\nname: {fr: Moi, en: Me}\nleader: ecuyer\n"
            "members: [prince, ecuyer, prince, spadassin]\n")
    lines = _bad(tmp_path, "roster_bad.yaml", text)
    assert any("roster_bad.yaml:6:" in m and "members[2]" in m and "unique" in m for m in lines), lines
    assert any("roster_bad.yaml:5:" in m and "leader" in m and "cannot lead" in m for m in lines), lines
    assert len(lines) == 2


def test_the_catalogue_checks_characters_and_sellswords(tmp_path):
    text = catalogue_path("kharn_ages").read_text(encoding="utf-8")
    bad = text.replace("character_of: paladin_emerite", "character_of: paladin_emerit")
    [line] = _bad(tmp_path, "catalogue_bad.yaml", bad)
    assert "factions.kharn.profiles.engueran.character_of" in line and "paladin_emerite" in line
    assert line.split(":")[1].isdigit()
    bad = text.replace("serves: [kharn, kherops]", "serves: [kharn, kerops]", 1)
    [line] = _bad(tmp_path, "catalogue_bad.yaml", bad)
    assert "serves[1]" in line and "kherops" in line
    bad = text.replace("        lim: P\n", "        lim: 2\n", 1)
    [line] = _bad(tmp_path, "catalogue_bad.yaml", bad)
    assert "engueran.character_of" in line and "lim: P" in line
