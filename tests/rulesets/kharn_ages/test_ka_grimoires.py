"""Grimoires bought at recruitment, Affinité and Archimage, and the dread step read by the
morale rules (K-R130, K-R132): prices in Kouronnes, what a band's choice breaks (with
file:line:col in a roster file), the spells a figure carries into the game, the faction bonus
on a borrowed path's spell (scripted dice), and effroi caused by Puissance du Culte at 18."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.events import DiceRolled
from game.data import DataError, load_document
from game.rulesets.kharn_ages import casting as CA
from game.rulesets.kharn_ages import morale as M
from game.rulesets.kharn_ages import spell_books as SB
from game.rulesets.kharn_ages import spells as SP
from game.rulesets.kharn_ages.bands import band_cost
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.fighter import make
from game.rulesets.kharn_ages.schema import ProfileModel, catalogue
from game.rulesets.kharn_ages.setup import setup

from .flow_helpers import act, engine, figure, game

BAND = ["prince", "mage_du_culte", "guerrier_kharn"]


# ------------------------------------------------------------------ recruitment
def test_the_small_grimoire_is_in_the_price_and_the_large_one_costs_20_ko_more_each():
    cat = catalogue()
    assert (cat.grimoires["petit"].cost, cat.grimoires["petit"].pages) == (20, 5)
    assert (cat.grimoires["grand"].cost, cat.grimoires["grand"].pages) == (40, None)
    plain = band_cost(cat, BAND)
    refill = {"mage_du_culte": {"size": "petit", "spells": ["puissance_du_culte", "saignee"]}}
    large = {"mage_du_culte": {"size": "grand", "spells": ["puissance_du_culte"]}}
    assert band_cost(cat, BAND, refill) == plain
    assert band_cost(cat, BAND, large) == plain + 20
    assert band_cost(cat, BAND + ["mage_du_culte"], large) == band_cost(cat, BAND + ["mage_du_culte"]) + 40


def test_what_a_grimoire_choice_breaks():
    cat = catalogue()

    def keys(pid, choice, members=BAND):
        return [(f, k) for f, k, _ in SB.book_breaks(cat, members, pid, choice)]

    assert keys("mage_du_culte", {"size": "petit", "spells": ["puissance_du_culte", "lame_consacree"]}) == []
    assert keys("mage_du_culte", {"spells": ["poudre_d_os"]}) == [(("spells", 0), "ka.builder.book.spell")]
    assert keys("mage_du_culte", {"spells": ["saignee", "saignee"]}) == [(("spells", 1), "ka.builder.book.twice")]
    assert keys("mage_du_culte", {"size": "vaste"}) == [(("size",), "ka.builder.book.size")]
    assert keys("prince", {"spells": []}) == [((), "ka.builder.book.not_magician")]
    assert keys("sorciere_fang", {"spells": []}) == [((), "ka.builder.book.not_member")]


def test_pages_fit_a_small_grimoire_and_a_large_one_holds_any_number():
    cat = catalogue()
    tight = ["puissance_du_culte", "saignee", "lame_consacree"]
    assert SB.pages(cat, tight) == 5
    full = {"spells": tight + ["poudre_d_os"]}
    assert [k for _, k, _ in SB.book_breaks(cat, BAND, "mage_du_culte", full)][-1] == "ka.builder.book.pages"
    mage = cat.profile("mage_du_culte")
    affine = mage.model_copy(update={"skills": {**mage.skills, "affinite": "osteomancie"}})
    assert SB.open_paths(cat, "kharn", affine) == {"sang_et_acier", "osteomancie"}
    assert [k for _, k, _ in SB.book_breaks(cat, BAND, "mage_du_culte", {**full, "size": "grand"})] == \
        ["ka.builder.book.spell"]                       # a large book holds it all, but not another path
    archi = mage.model_copy(update={"skills": {**mage.skills, "archimage": None}})
    assert SB.open_paths(cat, "kharn", archi) == {"sang_et_acier", "osteomancie", "shamanisme", "sacrifice",
                                                   "adansonia"}
    assert SB.open_paths(cat, "kharn", mage) == {"sang_et_acier"}


def _roster(tmp_path: Path, grimoires: str) -> Path:
    p = tmp_path / "band.yaml"
    p.write_text("kind: roster\nruleset: kharn_ages\nid: band\nname: {fr: Bande, en: Band}\n"
                 "members: [prince, mage_du_culte, guerrier_kharn]\n" + grimoires, encoding="utf-8")
    return p


def test_a_roster_file_names_the_grimoire_line_and_column_it_breaks(tmp_path):
    bad = _roster(tmp_path, "grimoires:\n  mage_du_culte:\n    size: petit\n"
                            "    spells: [puissance_du_culte, saignee, lame_consacree, saignee]\n")
    with pytest.raises(DataError) as e:
        load_document(bad, expected_kind="roster", expected_ruleset="kharn_ages")
    text = str(e.value)
    assert "band.yaml:9:59: grimoires.mage_du_culte.spells[3]: saignee is written twice" in text
    assert "band.yaml:9:13: grimoires.mage_du_culte.spells: Grimoire too full: 7 pages for 5" in text


def test_the_bought_grimoire_goes_into_the_game_in_place_of_the_cards(tmp_path):
    path = _roster(tmp_path, "grimoires:\n  mage_du_culte: {size: grand, spells: [saignee]}\n")
    st = setup("premiere_partie", 1, {"rosters": {"1": str(path), "2": "meute_fang"}})
    mage = next(f for f in st.figures.values() if f.profile == "mage_du_culte")
    assert mage.status["grimoire"] == ["saignee"]
    f = fighter(st, mage)
    assert SP.known(f) == ["trait_arcanique", "egide", "saignee"]
    plain = setup("premiere_partie", 1, {"rosters": {"1": BAND, "2": "meute_fang"}})
    other = next(f for f in plain.figures.values() if f.profile == "mage_du_culte")
    assert "grimoire" not in other.status
    assert SP.known(fighter(plain, other))[-3:] == ["puissance_du_culte", "lame_consacree", "saignee"]


# ------------------------------------------------------------------ Affinité and Archimage in the cast
KHARN_MAGE = dict(chars={"I": 5}, level=2, mastery=(), pa=5, spells=("trait_arcanique",),
                  path="sang_et_acier", faction="kharn")


def _opened(skills: dict, faces=()):
    st = game(figure("m", 1, 5, 5, skills={"magicien": None, **skills}, **KHARN_MAGE),
              figure("e", 2, 7, 5, chars={"I": 3}, mastery=()))
    st.figures["e"].vitality -= 1                        # a wounded foe in the aura: Khârn bonus +1
    st.figures["m"].status["grimoire"] = ["froid_des_tombes", "puissance_du_culte"]
    eng = engine(st, *faces)
    act(eng, "activate", "m")
    return eng


def _cast_mods(eng, value):
    ev = act(eng, CA.CAST, "m", targets=("e",) if "froid" in value else ("m",), value=value)
    roll = [e for e in ev if isinstance(e, DiceRolled)][0]
    return [tuple(m) for m in roll.mods]


def test_affinite_casts_a_borrowed_paths_spell_without_the_faction_bonus():
    eng = _opened({"affinite": "osteomancie"}, faces=(9, 9, 1))
    f = fighter(eng.state, eng.state.figures["m"])
    assert "froid_des_tombes" in SP.known(f)
    assert CA.spell_bonus(eng.state, f, "puissance_du_culte") == 1
    assert CA.spell_bonus(eng.state, f, "trait_arcanique") == 1
    assert CA.spell_bonus(eng.state, f, "froid_des_tombes") == 0
    assert ("faction", 1) not in _cast_mods(eng, "froid_des_tombes/0/2")


def test_an_archimage_keeps_its_faction_bonus_on_every_path():
    eng = _opened({"archimage": None}, faces=(9, 9, 1))
    f = fighter(eng.state, eng.state.figures["m"])
    assert CA.spell_bonus(eng.state, f, "froid_des_tombes") == 1
    assert ("faction", 1) in _cast_mods(eng, "froid_des_tombes/0/2")


def test_the_schema_lets_affinite_write_its_second_path_on_a_card():
    from game.rulesets.kharn_ages.schema import _magic_issues

    cat = catalogue()
    mage = cat.profile("mage_du_culte")
    borrowed = mage.model_copy(update={"grimoire": ["puissance_du_culte", "froid_des_tombes"]})
    assert [i.path[-2:] for i in _magic_issues(cat, "kharn", borrowed, ("p",))] == [("grimoire", 1)]
    affine = borrowed.model_copy(update={"skills": {**mage.skills, "affinite": "osteomancie"}})
    assert _magic_issues(cat, "kharn", ProfileModel.model_validate(affine.model_dump()), ("p",)) == []


# ------------------------------------------------------------------ the dread step, for morale
def test_puissance_du_culte_at_18_makes_the_caster_cause_effroi_13_while_it_lasts():
    f = make("m", 1, chars={"I": 5}, level=2, skills={"magicien": None})
    assert M.effroi_caused(f) is None and not M.effroi_immune(f)
    f.status["spells"] = [{"spell": "puissance_du_culte", "by": "m", "dread": 13}]
    assert M.effroi_caused(f) == 13 and M.effroi_immune(f)
    scary = make("g", 1, level=2, skills={"effroi": 12})
    assert M.effroi_caused(scary) == 12
    scary.status["spells"] = [{"spell": "puissance_du_culte", "by": "m", "dread": 13}]
    assert M.effroi_caused(scary) == 13                 # the higher of the card and the spell
    plain = make("p", 1, level=3, skills={"effroi": None})
    assert M.effroi_caused(plain) == 13 and M.effroi_caused(plain, base=8) == 11
