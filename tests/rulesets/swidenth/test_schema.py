"""Swidenth data files (schema.py): every cross-check answers a bad file with file:line:col
and what was expected; the bundled catalogue, scenarios and four presets check clean, the
presets keep the warband limits (S-R22), and setup builds a game from every scenario with
every preset, through ``options["rosters"]``."""
from __future__ import annotations

import pytest

from game.core.errors import UserError
from game.data import DataError, check_files, load_document, roster_paths, scenario_paths
from game.data.paths import catalogue_path
from game.rulesets._shared import bundled
from game.rulesets.swidenth import catalogue as C
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import schema
from game.rulesets.swidenth import setup as S
from tests.rulesets.shared.spatial import table_of

PAS = F.PAS
PRESETS = ["brigands_des_marches", "clans_du_nord", "culte_de_l_ombre", "legion_imperiale"]
SCENARIOS = ["escarmouche", "le_gue"]


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
    paths = [str(p) for p in scenario_paths("swidenth") + roster_paths("swidenth")]
    paths.append(str(catalogue_path("swidenth")))
    code, lines = check_files(paths)
    assert code == 0, lines
    assert len(lines) == 3 + 4 + 1      # escarmouche, le_gue and the guided game's premiere_partie


def test_four_presets_one_per_warband_within_the_limits():
    cat = C.model()
    assert [p.stem for p in roster_paths("swidenth")] == PRESETS
    for pid in PRESETS:
        rid, members = bundled.roster_members("swidenth", pid)
        assert rid == pid
        assert schema.warband_breaks(cat, members) == []
        assert {cat.warband_of(m) for m in members} == {pid}     # each preset is its warband
        assert 130 <= schema.warband_cost(cat, members) <= schema.WARBAND_POINTS
        assert 6 <= len(members) <= 12
        assert [cat.profile(m).rank for m in members].count("chef") == 1


# --------------------------------------------------------------------------- catalogue


def catalogue_text() -> str:
    return catalogue_path("swidenth").read_text(encoding="utf-8")


def test_catalogue_unknown_equipment_and_spell(tmp_path):
    text = catalogue_text()
    text = text.replace("equipment: [epee, bouclier, maille]", "equipment: [epee, bouclier, maile]")
    text = text.replace("spells: [trait_de_feu, emprise", "spells: [trait_de_fue, emprise")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "maile]"), "profiles.centurion.equipment[2]", "unknown weapon or armour",
        "did you mean 'maille'")
    one(msgs, where(text, "trait_de_fue"), "profiles.grand_pretre.spells[0]", "unknown spell",
        "did you mean 'trait_de_feu'")
    assert len(msgs) == 2


def test_catalogue_hands_and_ranged_weapons(tmp_path):
    text = catalogue_text()
    text = text.replace("equipment: [espadon]", "equipment: [espadon, bouclier]", 1)   # hersir
    text = text.replace("equipment: [arc, dague]", "equipment: [arc, fronde, dague]")   # archer
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "[espadon, bouclier]"), "profiles.hersir.equipment", "3 hands", "2 at most")
    one(msgs, where(text, "[arc, fronde, dague]"), "profiles.archer.equipment",
        "one ranged weapon at most", "arc, fronde")


def test_catalogue_profile_ids_are_unique_across_warbands(tmp_path):
    text = catalogue_text().replace("      frondeur_du_culte:", "      frondeur:")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "frondeur:", 1), "warbands.culte_de_l_ombre.profiles.frondeur",
        "already used in warband 'brigands_des_marches'")


def test_catalogue_weapon_shapes(tmp_path):
    text = catalogue_text()
    text = text.replace("damage: 1, range: 18, hands: 2", "damage: 1, range: 17, hands: 2")      # bow
    text = text.replace("weight: heavy, damage: 3, hands: 2", "weight: heavy, damage: 3, hands: 1")  # spear
    text = text.replace("kind: melee, weight: light, damage: 1, hands: 1, cost: 1}",
                        "kind: sword, weight: light, damage: 1, hands: 1, cost: 1}", 1)          # dagger
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "{name: {fr: Arc, en: Bow}"), "weapons.arc", "positive multiple of 3", "got 17")
    one(msgs, where(text, "{name: {fr: Lance"), "weapons.lance", "heavy weapon takes two hands")
    one(msgs, where(text, "sword, weight"), "weapons.dague.kind", "expected one of melee, ranged")


def test_catalogue_needs_bare_hands_and_every_rank(tmp_path):
    text = catalogue_text()
    start = text.index("  mains_nues:")
    text = text[:start] + text[text.index("\n", start) + 1:]
    text = text.replace("  troop: {bubble: 0, cost: 0}\n", "")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "chef: {bubble"), "ranks", "missing: troop")
    one(msgs, where(text, "crocs: {name"), "weapons", "'mains_nues' is missing")


def test_catalogue_unknown_characteristic_is_answered_with_the_allowed_ones(tmp_path):
    text = catalogue_text().replace("stats: {combat: 2, bravoure: 1}\n        equipment: [epee, bouclier]",
                                    "stats: {combat: 2, courage: 1}\n        equipment: [epee, bouclier]")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "courage"), "profiles.optio.stats.courage", "unknown key", "bravoure")


# --------------------------------------------------------------------------- rosters

ROSTER_HEAD = "kind: roster\nruleset: swidenth\nid: essai\nname: {fr: Essai, en: Trial}\nmembers:\n"


def roster_text(*members: str) -> str:
    return ROSTER_HEAD + "".join(f"  - {m}\n" for m in members)


def member_at(i: int) -> str:
    return f":{6 + i}:5:"          # members start on line 6, their ids at column 5


LEGION = ["centurion", "optio", "legionnaire", "legionnaire", "legionnaire", "archer"]


@pytest.mark.parametrize("members,index,words", [
    (LEGION[:1] + ["centurion"] + LEGION[1:], 1, ("exactly one Chef", "here 2")),
    (LEGION[1:] + ["optio"], None, ("exactly one Chef", "here 0")),
    (LEGION + ["optio", "optio"], 7, ("3 Champions", "2 at most")),
    (LEGION + ["legionnaire"] * 7, 12, ("13 figures", "6 to 12")),
    (LEGION[:5], None, ("5 figures", "6 to 12")),
    (LEGION + ["archer", "optio"], 6, ("198 points", "150 at most")),
    (LEGION[:5] + ["brigand"], 5, ("brigand belongs to warband brigands_des_marches",
                                   "not legion_imperiale")),
    (LEGION[:5] + ["legionaire"], 5, ("unknown profile 'legionaire'", "did you mean 'legionnaire'")),
])
def test_roster_limits_are_answered_with_file_line_col(tmp_path, members, index, words):
    text = roster_text(*members)
    at = ":6:3:" if index is None else member_at(index)    # the list itself, or the member
    one(errors(tmp_path, text), at, *words)


def test_a_legal_roster_loads():
    path = roster_paths("swidenth")[0]
    doc = load_document(str(path), expected_kind="roster", expected_ruleset="swidenth")
    assert doc.model.members and doc.model.ruleset == "swidenth"


def test_one_caster_at_most():
    import yaml

    doc = yaml.safe_load(catalogue_text())
    doc["warbands"]["culte_de_l_ombre"]["profiles"]["fidele"]["spells"] = ["soins"]
    cat = C.validate(doc)
    members = ["grand_pretre", "bourreau", "fidele", "fidele", "fidele", "frondeur_du_culte"]
    breaks = schema.warband_breaks(cat, members)
    assert (2, "sw.roster.casters", {"count": 4, "max": 1}) in breaks   # the second caster
    assert [k for _, k, _ in schema.warband_breaks(C.model(), members)] == []


def test_the_cult_s_seven_figures_pass_the_limit_once_spells_are_priced():
    cat = C.model()
    six = ["grand_pretre", "bourreau", "fidele", "fidele", "fidele", "frondeur_du_culte"]
    assert schema.warband_cost(cat, six) == 140
    assert [k for _, k, _ in schema.warband_breaks(cat, six)] == []
    seven = six + ["fidele"]
    assert (6, "sw.roster.points", {"cost": 153, "max": 150}) in schema.warband_breaks(cat, seven)


def test_points_are_counted_where_the_limit_is_passed():
    cat = C.model()
    members = LEGION + ["archer", "optio"]
    assert schema.warband_cost(cat, members) == 148 + 18 + 32 == 198
    (i, key, args), = [b for b in schema.warband_breaks(cat, members) if b[1] == "sw.roster.points"]
    assert (i, args) == (6, {"cost": 198, "max": 150})       # 148 + 18 = 166 > 150 at members[6]


# --------------------------------------------------------------------------- scenarios


def scenario_text(zones: str = "zones: [[0, 0, 24, 4]]", victory: str = "{type: points}",
                  terrain: str = "  - {kind: wood, rect: [9, 6, 3, 2]}\n") -> str:
    return ("kind: scenario\nruleset: swidenth\nid: essai\nname: {fr: Essai, en: Trial}\n"
            "description: {fr: Un essai., en: A trial.}\ntable: {width: 24, height: 24}\n"
            "max_turns: 8\nroles:\n"
            f"  - id: nord\n    name: {{fr: Nord, en: North}}\n    {zones}\n"
            "  - id: sud\n    name: {fr: Sud, en: South}\n    zones: [[0, 20, 24, 4]]\n"
            f"victory: {victory}\nterrain:\n{terrain}")


def test_a_role_has_one_strip_that_holds_a_warband(tmp_path):
    text = scenario_text(zones="zones: [[0, 0, 24, 4], [0, 5, 24, 2]]")
    one(errors(tmp_path, text), where(text, "[[0, 0, 24, 4], [0, 5"), "roles[0].zones",
        "expected one deployment zone (got 2)")
    text = scenario_text(zones="zones: [[0, 0, 8, 2]]")
    one(errors(tmp_path, text), where(text, "[0, 0, 8, 2]"), "roles[0].zones[0]",
        "holds 5 figures", "not 12")


def test_the_ford_must_score_within_the_game_and_lie_on_the_table(tmp_path):
    text = scenario_text(victory="{type: ford, at: [12, 30], radius: 3, from_turn: 9}")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "9}"), "victory.from_turn", "never score", "max_turns 8", "got 9")
    one(msgs, where(text, "[12, 30]"), "victory.at", "off the 24 x 24 table")


def test_terrain_kinds_come_from_the_catalogue(tmp_path):
    text = scenario_text(terrain="  - {kind: bois, rect: [9, 6, 3, 2]}\n  - {kind: rocks, rect: [20, 6, 6, 2]}\n")
    msgs = errors(tmp_path, text)
    one(msgs, where(text, "bois"), "terrain[0].kind", "unknown terrain kind 'bois'")
    one(msgs, where(text, "[20, 6, 6, 2]"), "terrain[1].rect", "outside the 24 x 24 table")


def test_victory_type_is_checked(tmp_path):
    text = scenario_text(victory="{type: siege}")
    one(errors(tmp_path, text), where(text, "siege"), "victory.type", "points", "ford")


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("preset", PRESETS)
def test_setup_from_every_scenario_with_every_preset(scenario, preset):
    other = PRESETS[(PRESETS.index(preset) + 1) % len(PRESETS)]
    options = {"rosters": {"1": preset, "2": other}}
    st = S.setup(scenario, 11, options)
    sc = bundled.load_scenario("swidenth", scenario)
    assert (st.width, st.height, st.max_turns) == (24 * PAS, 24 * PAS, sc.max_turns)
    assert len(st.terrain) == len(sc.terrain) and st.extras["layout"]
    assert ("objective" in st.extras) == (sc.victory.type == "ford")
    table = table_of(st)
    for side, rid in ((1, preset), (2, other)):
        assert (st.sides[side].roster, st.sides[side].role) == (rid, sc.roles[side - 1].id)
        figs = [f for f in st.figures.values() if f.side == side]
        assert sorted(f.profile for f in figs) == sorted(bundled.roster_members("swidenth", rid)[1])
        assert F.rank(figs[0]) == "chef"
        x, y, w, h = (v * PAS for v in sc.roles[side - 1].zones[0])
        for f in figs:
            assert x + f.size / 2 <= f.x <= x + w - f.size / 2 and y + f.size / 2 <= f.y <= y + h - f.size / 2
            assert table.on_table(f.id)
            assert not [p for p in table.terrain_in_contact(f.id)
                        if "blocks_movement" in table.terrain_by_id[p].tags]
    assert options["rosters"] == {"1": preset, "2": other}


def test_setup_defaults_to_two_presets_from_the_seed_and_records_them():
    seen = set()
    for seed in range(6):
        options: dict = {}
        st = S.setup("escarmouche", seed, options)
        a, b = options["rosters"]["1"], options["rosters"]["2"]
        assert a != b and {a, b} <= set(PRESETS)
        assert (st.sides[1].roster, st.sides[2].roster) == (a, b)
        assert S.setup("escarmouche", seed, {}).figures.keys() == st.figures.keys()   # same seed, same game
        seen.add((a, b))
    assert len(seen) > 1


def test_setup_takes_lists_of_profiles_and_refuses_illegal_warbands():
    st = S.setup("le_gue", 1, {"rosters": {"1": LEGION, "2": "culte_de_l_ombre"}})
    assert st.sides[1].roster == "custom" and st.sides[1].extras["warband"] == "legion_imperiale"
    with pytest.raises(UserError, match="side 1 warband 'custom'.*exactly one Chef"):
        S.setup("le_gue", 1, {"rosters": {"1": LEGION + ["centurion"], "2": "culte_de_l_ombre"}})
    with pytest.raises(UserError, match="unknown roster 'legion'"):
        S.setup("le_gue", 1, {"rosters": {"1": "legion", "2": "culte_de_l_ombre"}})
    with pytest.raises(UserError, match="unknown scenario 'gue'"):
        S.setup("gue", 1, {})


def test_the_old_warbands_option_still_names_two_presets():
    options = {"warbands": ("clans_du_nord", "culte_de_l_ombre")}
    st = S.setup("escarmouche", 2, options)
    assert options["rosters"] == {"1": "clans_du_nord", "2": "culte_de_l_ombre"}
    assert {f.status["warband"] for f in st.figures.values() if f.side == 2} == {"culte_de_l_ombre"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_scenario_is_named_in_the_window_as_in_its_file(lang):
    from game.core.text import catalogue

    texts = catalogue(lang)
    for sid in S.scenario_ids():
        assert texts[f"ui.scenario.{sid}"] == bundled.load_scenario("swidenth", sid).name.get(lang)
        assert texts[f"ui.scenario.{sid}.tip"]
