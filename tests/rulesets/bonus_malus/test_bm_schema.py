"""Bonus / Malus data files (schema.py): every cross-check answers a bad file with
file:line:col and what was expected; the bundled catalogue, three scenarios and six presets
check clean; the presets keep the team limits (B-R24, B-R65); setup builds a game from every
scenario with every player preset."""
from __future__ import annotations

import pytest

from game.core.errors import UserError
from game.data import DataError, check_files, load_document, roster_paths, scenario_paths
from game.data.paths import catalogue_path
from game.rulesets.bonus_malus import datafiles, teams
from game.rulesets.bonus_malus import setup as S
from game.rulesets.bonus_malus.ruleset import RULESET

PLAYERS = ["cercle_psionique", "equipage_contrebandiers", "escouade_lourde", "patrouille_milice"]
NEUTRALS = ["colosse_et_meute", "meute_et_sentinelle"]
SCENARIOS = ["accrochage", "extraction", "le_nid", "premiere_partie"]


def where(text: str, needle: str, nth: int = 0) -> str:
    """':line:col:' of the nth occurrence of ``needle`` in ``text`` (1-based)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    line = text.count("\n", 0, at) + 1
    col = at - (text.rfind("\n", 0, at) + 1) + 1
    return f":{line}:{col}:"


def errors(tmp_path, text: str, name: str = "bad.yaml") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_document(str(path))
    assert all(m.startswith(str(path) + ":") for m in info.value.messages), info.value.messages
    return info.value.messages


def one(messages: list[str], at: str, *words: str) -> None:
    """Some message is at ``at`` (':line:col:') and says every word."""
    assert any(at in m and all(w in m for w in words) for m in messages), (at, words, messages)


# --------------------------------------------------------------------------- bundled


def test_bundled_files_check_clean():
    paths = [str(p) for p in scenario_paths("bonus_malus") + roster_paths("bonus_malus")]
    paths += [str(p) for p in datafiles.neutral_presets().values()]
    paths.append(str(catalogue_path("bonus_malus")))
    code, lines = check_files(paths)
    assert code == 0, lines
    assert len(lines) == 4 + 6 + 1
    assert sorted(p.stem for p in scenario_paths("bonus_malus")) == SCENARIOS == RULESET.scenarios()


def test_presets_one_per_player_band_within_the_limits():
    cat = datafiles.catalogue_model()
    assert [p.stem for p in roster_paths("bonus_malus")] == S.player_presets() == PLAYERS
    assert sorted(datafiles.neutral_presets()) == NEUTRALS
    bands = set()
    for rid in PLAYERS:
        _, members, _ = S.roster_members(rid)
        assert teams.band_breaks(cat, members, neutral=False) == []
        assert 85 <= teams.band_cost(cat, members) <= teams.TEAM_POINTS
        assert 3 <= len(members) <= 8
        band, = {cat.band_of(m) for m in members}
        bands.add(band)
    assert bands == {b for b, band in cat.bands.items() if not band.neutral}
    for rid in NEUTRALS:
        _, members, _ = S.roster_members(rid)
        assert teams.band_breaks(cat, members, neutral=True) == []
        assert {cat.band_of(m) for m in members} == {"faune"}


def test_points_follow_the_price_table():
    cat = datafiles.catalogue_model()
    # Capitaine: Initiative+, Combat, Tir+, Moral+ (4 + 2 + 4 + 4), Personnage 15, Chef 8,
    # plasma pistol 6, armour 4.
    assert cat.profile("capitaine").cost == 14 + 15 + 8 + 6 + 4 == 47
    # A level below the table's lowest costs nothing; an unlisted competence is not priced.
    assert cat.points.level(-3) == 0 and cat.points.level(-2) == 0 and cat.points.level(2) == 7
    assert cat.profile("fauve").cost == 4 + 2 + 1 + 2 + 4 + 4 + 4 == 21


# --------------------------------------------------------------------------- catalogue


def catalogue_text() -> str:
    return catalogue_path("bonus_malus").read_text(encoding="utf-8")


def test_catalogue_unknown_references_suggest_the_nearest(tmp_path):
    text = catalogue_text()
    text = text.replace("attributes: {personnage: null, chef: null}\n        equipment: [pistolet_plasma, armure]",
                        "attributes: {personage: null, chef: null}\n        equipment: [pistolet_plasme, armure]")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "personage"), "bands.milice.profiles.capitaine.attributes.personage",
        "unknown attribute or power", "did you mean 'personnage'")
    one(msgs, where(text, "pistolet_plasme"), "profiles.capitaine.equipment[0]", "unknown equipment",
        "did you mean 'pistolet_plasma'")
    assert len(msgs) == 2


def test_catalogue_unknown_competence_is_answered_with_the_allowed_ones(tmp_path):
    text = catalogue_text().replace(
        "competences: {initiative: 0, combat: -1, tir: 1, moral: 0}\n        attributes: {gardien",
        "competences: {initiative: 0, combat: -1, tirr: 1, moral: 0}\n        attributes: {gardien")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "tirr"), "profiles.milicien.competences.tirr", "expected one of", "did you mean 'tir'")


def test_catalogue_carrying_limits_and_powers(tmp_path):
    text = catalogue_text()
    text = text.replace("equipment: [fusil, grenades, armure_legere]",
                        "equipment: [fusil, grenades, dague, pistolet, matraque, armure_legere, armure]")
    text = text.replace("attributes: {sensible_psi: null, choc_psi: null}", "attributes: {choc_psi: null}")
    text = text.replace("equipment: [fusil, armure]", "equipment: [baton, balles_dumdum, armure]")
    text = text.replace("equipment: [lame_energie]\n      adepte", "equipment: [double_lame, bouclier]\n      adepte")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "[fusil, grenades, dague"), "profiles.grenadier.equipment",
        "4 weapons or special items at most (got 5)")
    one(msgs, where(text, "[fusil, grenades, dague"), "profiles.grenadier.equipment",
        "one armour at most", "armure_legere, armure")
    one(msgs, where(text, "choc_psi: null}"), "profiles.adepte.attributes.choc_psi",
        "needs the attribute 'sensible_psi'")
    one(msgs, where(text, "balles_dumdum, armure]"), "profiles.garde_temple.equipment[1]",
        "pistol or a rifle")
    one(msgs, where(text, "[double_lame, bouclier]"), "profiles.maitre_psi.equipment", "need 3 hands")


def test_catalogue_attribute_parameters_and_duplicate_profiles(tmp_path):
    text = catalogue_text()
    text = text.replace("attributes: {robuste: null}\n        equipment: [matraque",
                        "attributes: {robuste: null, attaques_multiples: 0, tueur: 2}\n        equipment: [matraque")
    text = text.replace("      brute:\n", "      milicien:\n")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "0, tueur"), "profiles.gros_bras.attributes.attaques_multiples", "a count of 1 or more")
    one(msgs, where(text, "2}\n        equipment: [matraque"), "attributes.tueur", "kind of figure")
    one(msgs, where(text, "milicien:", 1), "bands.mercenaires.profiles.milicien", "already used in band 'milice'")


def test_catalogue_points_table_is_complete(tmp_path):
    text = catalogue_text()
    text = text.replace("    grenades: 8\n", "")
    text = text.replace("    chef: 8\n", "    cheff: 8\n")
    text = text.replace("levels: [0, 1, 2, 4, 7, 11, 16]", "levels: [0, 1, 2, 4, 3, 11]")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "armure_legere: 2"), "points.equipment", "no price for the equipment 'grenades'")
    one(msgs, where(text, "cheff"), "points.attributes.cheff", "did you mean 'chef'")
    one(msgs, where(text, "[0, 1, 2, 4, 3, 11]"), "points.levels", "expected 7 prices", "got 6")


def test_catalogue_effects_name_a_handler(tmp_path):
    text = catalogue_text().replace("effects: [{do: save, level: -1}]}", "effects: [{do: sav, level: -1}]}", 1)
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "sav, level"), "attributes.robuste.effects[0].do", "unknown effect", "did you mean 'save'")


# --------------------------------------------------------------------------- rosters

ROSTER_HEAD = "kind: roster\nruleset: bonus_malus\nid: essai\nname: {fr: Essai, en: Trial}\nmembers:\n"


def roster_text(*members: str) -> str:
    return ROSTER_HEAD + "".join(f"  - {m}\n" for m in members)


def member_at(i: int) -> str:
    return f":{6 + i}:5:"          # members start on line 6, their ids at column 5


MILICE = ["capitaine", "milicien", "recrue", "infirmier"]


@pytest.mark.parametrize("members,index,words", [
    (MILICE + ["capitaine"], 4, ("2 characters", "one at most")),
    (["capitaine", "patronne"], 1, ("patronne belongs to band contrebandiers", "not milice")),
    (["milicien", "recrue"], None, ("2 figures", "3 to 8")),
    (["recrue"] * 9, 8, ("9 figures", "3 to 8")),
    (MILICE + ["milicien"], 4, ("117 points", "100 at most")),
    (["milicien", "recrue", "recru"], 2, ("unknown profile 'recru'", "did you mean 'recrue'")),
    (["fauve"] * 7, 6, ("7 figures", "2 to 6")),
    (["colosse", "colosse", "colosse"], 2, ("138 points", "100 at most")),
])
def test_roster_limits_are_answered_with_file_line_col(tmp_path, members, index, words):
    text = roster_text(*members)
    at = ":6:3:" if index is None else member_at(index)    # the list itself, or the member
    one(errors(tmp_path, text), at, *words)


def test_a_team_must_be_a_player_band_and_a_group_a_neutral_one():
    cat = datafiles.catalogue_model()
    assert teams.band_breaks(cat, ["fauve", "fauve", "fauve"], neutral=False) == [
        (0, "bm.roster.player", {"band": "faune"})]
    assert teams.band_breaks(cat, MILICE, neutral=True)[0] == (0, "bm.roster.neutral", {"band": "milice"})
    with pytest.raises(UserError, match="neutral group"):
        RULESET.setup("accrochage", 1, {"rosters": {"1": "meute_et_sentinelle", "2": "patrouille_milice"}})


# --------------------------------------------------------------------------- scenarios

NEST = "victory: {type: nest, at: [12, 12], radius: 2}\n"


def scenario_text(neutral: str = "neutral_group: {role: faune, roster: meute_et_sentinelle}\n",
                  victory: str = NEST, zone: str = "[6, 10, 12, 4]",
                  terrain: str = "  - {kind: wood, rect: [9, 6, 3, 2]}\n") -> str:
    return ("kind: scenario\nruleset: bonus_malus\nid: essai\nname: {fr: Essai, en: Trial}\n"
            "description: {fr: Un essai., en: A trial.}\ntable: {width: 24, height: 24}\nmax_turns: 6\n"
            "roles:\n"
            "  - {id: nord, name: {fr: Nord, en: North}, zones: [[0, 0, 24, 4]]}\n"
            "  - {id: sud, name: {fr: Sud, en: South}, zones: [[0, 20, 24, 4]]}\n"
            f"  - {{id: faune, name: {{fr: Faune, en: Beasts}}, zones: [{zone}], neutral: true, agent: neutral}}\n"
            f"{neutral}{victory}terrain:\n{terrain}")


def test_a_good_scenario_loads(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(scenario_text(), encoding="utf-8")
    sc = load_document(str(path)).model
    assert sc.victory.hold == 2 and sc.neutral_group.roster == "meute_et_sentinelle"


@pytest.mark.parametrize("change,needle,words", [
    ({"neutral": ""}, "{id: faune", ("neutral role 'faune' needs a 'neutral_group'",)),
    ({"neutral": "neutral_group: {role: nord, roster: meute_et_sentinelle}\n"}, "nord, roster",
     ("expected a neutral role", "faune")),
    ({"neutral": "neutral_group: {role: faune, roster: meute}\n"}, "meute}",
     ("unknown roster 'meute'",)),
    ({"neutral": "neutral_group: {role: faune, roster: patrouille_milice}\n"}, "patrouille_milice}",
     ("player team, not a neutral group",)),
    ({"victory": "victory: {type: nid, at: [12, 12], radius: 2}\n"}, "nid,", ("nid",)),
    ({"victory": "victory: {type: nest, at: [30, 12], radius: 2}\n"}, "[30, 12]", ("table",)),
    ({"zone": "[6, 10, 3, 2]"}, "[6, 10, 3, 2]", ("holds 1 figures", "not 6")),
    ({"terrain": "  - {kind: rocks, rect: [11, 11, 2, 2]}\n"}, "[12, 12]", ("objective lies in terrain", "rocks")),
    ({"terrain": "  - {kind: forest, rect: [9, 6, 3, 2]}\n"}, "forest", ("unknown terrain kind 'forest'",)),
])
def test_scenario_checks_answer_with_file_line_col(tmp_path, change, needle, words):
    text = scenario_text(**change)
    one(errors(tmp_path, text), where(text, needle), *words)


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_setup_builds_every_scenario_with_every_preset(scenario):
    sc = S.load_scenario(scenario)
    for a, b in zip(PLAYERS, PLAYERS[1:] + PLAYERS[:1]):
        options = {"rosters": {"1": a, "2": b}}
        st = RULESET.setup(scenario, 5, options)
        assert [st.sides[s].roster for s in (1, 2)] == [a, b]
        assert len(st.sides) == 2 + len(sc.neutral_roles())
        cat = datafiles.catalogue_model()
        for fid, fig in st.figures.items():
            assert st.extras["points"][fid] == cat.profile(fig.profile).cost
            side = st.sides[fig.side]
            y_pas = fig.y / 25.0
            zone = sc.roles[fig.side - 1].zones[0]
            assert zone[1] <= y_pas <= zone[1] + zone[3], (fid, side.role)
        if sc.neutral_roles():
            neutral = st.sides[3]
            assert neutral.neutral and neutral.agent == "neutral" and neutral.roster == sc.neutral_group.roster
            assert neutral.extras["agent"]["radius"] == sc.neutral_roles()[0].agent_params.radius * 25.0


def test_setup_picks_two_different_player_presets_from_the_seed_and_keeps_them():
    seen = set()
    for seed in range(6):
        options: dict = {}
        st = RULESET.setup("le_nid", seed, options)
        a, b = options["rosters"]["1"], options["rosters"]["2"]
        assert a != b and {a, b} <= set(PLAYERS)
        assert (st.sides[1].roster, st.sides[2].roster) == (a, b)
        again = RULESET.setup("le_nid", seed, dict(options))
        assert sorted(again.figures) == sorted(st.figures)
        seen.add(a)
    assert len(seen) >= 3


def test_setup_refuses_what_breaks_a_rule():
    with pytest.raises(UserError, match="unknown scenario 'nowhere'"):
        RULESET.setup("nowhere", 1, {})
    with pytest.raises(UserError, match="unknown roster 'nobody'"):
        RULESET.setup("accrochage", 1, {"rosters": {"1": "nobody", "2": "patrouille_milice"}})
    with pytest.raises(UserError, match="side 1 team 'custom'.*at most"):
        RULESET.setup("accrochage", 1, {"rosters": {"1": ["capitaine", "patronne", "recrue"],
                                                    "2": "patrouille_milice"}})
    st = RULESET.setup("accrochage", 1, {"rosters": {"1": ["recrue", "recrue", "recrue"], "2": "patrouille_milice"}})
    assert st.sides[1].roster == "custom" and st.sides[1].extras["label"]["fr"] == "Milice coloniale"


def test_the_check_command_reads_these_files(tmp_path, capsys):
    """``python main.py check FILE`` (here in-process)."""
    from game.cli import main

    good = [str(scenario_paths("bonus_malus")[0]), str(datafiles.neutral_presets()["colosse_et_meute"])]
    assert main(["check", *good]) == 0
    out = capsys.readouterr().out
    assert "ok:" in out and "scenario bonus_malus/accrochage" in out and "roster bonus_malus/colosse_et_meute" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text(roster_text("capitaine", "milicen", "recrue"), encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:7:5: members[1]: unknown profile 'milicen'; did you mean 'milicien'?" in err


def test_bands_profiles_rosters_and_scenarios_use_our_own_names():
    """B-R25: nothing a player reads in these files borrows the film franchise's words."""
    import re

    borrowed = re.compile(r"laser|force|phrik|wookie|blaster|jedi|sith|vibro|dro[iï]d", re.IGNORECASE)
    paths = scenario_paths("bonus_malus") + roster_paths("bonus_malus") + list(datafiles.neutral_presets().values())
    texts = [path.read_text(encoding="utf-8") for path in paths]
    cat = datafiles.catalogue_model()
    for bid, band in cat.bands.items():
        texts += [bid, band.name.fr, band.name.en]
        for pid, prof in band.profiles.items():
            texts += [pid, prof.name.fr, prof.name.en]
    for text in texts:
        assert not borrowed.search(text), text


def test_the_ruleset_is_registered_and_reads_its_own_files():
    from game.core import plugins

    assert "bonus_malus" in plugins.available() and "bonus_malus" not in plugins.in_progress()
    assert RULESET.setup("accrochage", 2, {}).sides[3].neutral
