"""Every kind of broken data file gives exact, located, one-line messages."""

from pathlib import Path

import pytest

from game.ai.agents import accepted_specs
from game.core.plugins import available
from game.data import DataError, check_files, load_document

FIXTURES = Path(__file__).parent / "fixtures"
# the agents an unknown one is compared with (the accepted ones, personalities aside)
AGENTS = ", ".join(sorted(s for s in accepted_specs() if s.count(":") < 2))
# the rulesets an unregistered one is compared with (whichever are registered now)
KNOWN = ", ".join(sorted(available()))

EXPECTED = {
    "syntax_error.yaml": [
        "syntax_error.yaml:4:6: (document): YAML syntax error: expected ',' or ']', but got ':'",
    ],
    "wrong_type.yaml": [
        "wrong_type.yaml:5:10: members: expected a list (got 'leonidas')",
    ],
    "unknown_key.yaml": [
        "unknown_key.yaml:11:9: factions.grecs.profiles.leda.cost: required key is missing",
        "unknown_key.yaml:13:9: factions.grecs.profiles.leda.coût: unknown key 'coût'; "
        "did you mean 'cost'?",
    ],
    "unknown_profile.yaml": [
        "unknown_profile.yaml:5:29: members[2]: unknown profile 'leonida'; did you mean 'leonidas'?",
    ],
    "python_tag.yaml": [
        "python_tag.yaml:4:7: name: Python tags ('!!python/object/apply:os.system') are not "
        "allowed: only plain YAML data is accepted",
    ],
    "empty.yaml": [
        "empty.yaml:1:1: (document): the file is empty (expected a mapping with 'kind' and 'ruleset')",
    ],
    "binary.yaml": [
        "binary.yaml:2:118: (file): not UTF-8 text (is this a binary file?)",
    ],
    "invalid_utf8.yaml": [
        "invalid_utf8.yaml:3:14: (file): not UTF-8 text (is this a binary file?)",
    ],
    "nul_char.yaml": [
        "nul_char.yaml:2:5: (document): unexpected character #x0000 (is this a text file?)",
    ],
    "top_level_list.yaml": [
        "top_level_list.yaml:1:1: (document): expected a mapping with 'kind' and 'ruleset' "
        "at the top level (got a list)",
    ],
    "missing_kind.yaml": [
        "missing_kind.yaml:1:1: kind: required key is missing",
    ],
    "unknown_ruleset.yaml": [
        "unknown_ruleset.yaml:2:10: ruleset: unknown ruleset 'evenr'; did you mean 'evenor'?",
    ],
    "unregistered_ruleset.yaml": [   # a ruleset with no package declaring it
        f"unregistered_ruleset.yaml:2:10: ruleset: unknown ruleset 'atlantide' (expected one of: {KNOWN})",
    ],
    "duplicate_key.yaml": [
        "duplicate_key.yaml:6:1: id: duplicate key 'id' (first given at line 3)",
    ],
    "deep_nesting.yaml": [
        "deep_nesting.yaml:3:46: (document): nesting is too deep (more than 40 levels)",
    ],
    "bad_rect.yaml": [
        "bad_rect.yaml:18:27: terrain.fixed[2].rect: expected a list of 4 numbers (got 'abc')",
    ],
    "huge_number.yaml": [
        "huge_number.yaml:6:16: table.width: expected a finite number (got .inf)",
        "huge_number.yaml:7:12: max_turns: expected a number <= 100 (got 12345678901234567...)",
        "huge_number.yaml:18:27: terrain.fixed[2].rect: expected a list of 4 numbers (got 'abc')",
        "huge_number.yaml:19:37: terrain.fixed[3].rect[3]: integer too large (5000 characters)",
    ],
    "several_errors.yaml": [
        "several_errors.yaml:3:5: id: expected an id of lowercase ASCII letters, digits and '_' "
        "(got 'Essai')",
        "several_errors.yaml:5:14: description.en: required key is missing",
        "several_errors.yaml:6:28: table.height: expected a number (got 'vingt')",
        "several_errors.yaml:12:5: roles[1].name: required key is missing",
        # a role also takes 'neutral', 'agent' and 'agent_params' (a side its scenario's agent plays)
        "several_errors.yaml:13:5: roles[1].nom: unknown key 'nom' (expected one of: agent, agent_params, "
        "id, name, neutral, zones)",
        "several_errors.yaml:15:18: role_assignment: expected one of fixed, roll (got 'fixe'); "
        "did you mean 'fixed'?",
        "several_errors.yaml:17:10: victory.loss_limit: required key is missing",
        "several_errors.yaml:20:7: terrain.fixed[0]: expected exactly one of 'rect', 'polygon' "
        "or 'circle'",
        "several_errors.yaml:22:38: tokens[0].taille: unknown key 'taille' (expected one of: at, kind)",
    ],
    "cross_errors.yaml": [
        "cross_errors.yaml:10:10: roles[1].id: role id 'a' is used twice",
        "cross_errors.yaml:10:43: roles[1].zones[0]: rect [20, 20, 6, 6] goes outside the 24 x 24 table",
        "cross_errors.yaml:12:15: first_player: unknown role 'c' (expected one of: a)",
        "cross_errors.yaml:13:17: victory.type: an orichalque victory needs orichalque tokens "
        "(none in 'tokens')",
        "cross_errors.yaml:16:14: terrain.fixed[0].kind: unknown terrain kind 'rochr'; "
        "did you mean 'rocher'?",
        "cross_errors.yaml:19:20: terrain.random.kinds[1]: unknown terrain kind 'buison'; "
        "did you mean 'buisson'?",
        "cross_errors.yaml:21:18: terrain.random.keep_clear[0]: rect [-1, 0, 3, 3] goes outside "
        "the 24 x 24 table",
    ],
    "unknown_side.yaml": [
        "unknown_side.yaml:13:31: victory.role: unknown role 'proie' (expected one of: "
        "chasseurs, gibier)",
    ],
    "neutral_role.yaml": [   # the ruleset declares no neutral side
        "neutral_role.yaml:14:14: roles[2].neutral: ruleset 'mortebrume' has no neutral side: "
        "expected false (got true)",
    ],
    "unknown_agent.yaml": [
        "unknown_agent.yaml:10:67: roles[1].agent: expected no agent on a playing role "
        "(got 'greedy'); only a neutral role ('neutral: true') is played by its scenario's agent",
        "unknown_agent.yaml:11:67: roles[2].neutral: ruleset 'evenor' has no neutral side: "
        "expected false (got true)",
        f"unknown_agent.yaml:11:80: roles[2].agent: unknown agent 'zorglub' (expected one of: "
        f"{AGENTS})",
    ],
    "too_many_members.yaml": [
        "too_many_members.yaml:5:17: members[1]: too many meneur profiles: 2 (max 1: leda, leonidas)",
        "too_many_members.yaml:5:50: members[5]: too many tireur profiles: 3 "
        "(max 2: ulysse, gosai, asteria)",
        "too_many_members.yaml:5:59: members[6]: total cost 69 DO is over the 50 DO limit",
    ],
    "bad_catalogue.yaml": [
        "bad_catalogue.yaml:5:33: terrain_kinds.rocher.tags[1]: expected one of blocks_sight, "
        "blocks_movement, cover, difficult (got 'solide')",
        "bad_catalogue.yaml:20:12: factions.grecs.profiles.leda.C: expected a number >= 2 (got 1)",
        "bad_catalogue.yaml:21:18: factions.grecs.profiles.leda.traits[0]: unknown trait "
        "'courageu'; did you mean 'courageux'?",
        "bad_catalogue.yaml:21:28: factions.grecs.profiles.leda.traits[1]: trait 'confusion' "
        "needs a threshold between 1 and 6 (got 7)",
        "bad_catalogue.yaml:21:44: factions.grecs.profiles.leda.traits[2]: trait 'acrobate' "
        "takes no number (got 1)",
        "bad_catalogue.yaml:21:59: factions.grecs.profiles.leda.traits[3]: trait 'perception' "
        "needs a number, e.g. {perception: 2}",
        "bad_catalogue.yaml:23:13: factions.grecs.profiles.leda.weapons[0]: a thrown weapon "
        "needs a 'range'",
        "bad_catalogue.yaml:29:15: factions.amazones.profiles.leda.role: expected one of meneur, "
        "attaquant, assassin, tireur, archer, magicien, defenseur, harceleur, berserker, monstre "
        "(got 'archere'); did you mean 'archer'?",
        "bad_catalogue.yaml:35:48: factions.amazones.profiles.leda.weapons[0].range: expected 3 "
        "increasing positive ranges (got [10, 5, 20])",
    ],
}


def test_every_fixture_has_an_expectation():
    assert sorted(p.name for p in FIXTURES.iterdir() if p.is_file()) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_messages(name, monkeypatch):
    monkeypatch.chdir(FIXTURES)
    assert check_files([name]) == (2, EXPECTED[name])
    with pytest.raises(DataError) as err:
        load_document(name)
    assert err.value.messages == EXPECTED[name]
    assert str(err.value) == "\n".join(EXPECTED[name])


def test_paths_are_reported_as_given():
    path = FIXTURES / "wrong_type.yaml"
    assert check_files([str(path)]) == (2, [f"{path}:5:10: members: expected a list (got 'leonidas')"])


def test_missing_file_and_directory(monkeypatch):
    monkeypatch.chdir(FIXTURES.parent)
    code, lines = check_files(["fixtures/nope.yaml", "fixtures", "fixtures/empty.yaml"])
    assert code == 2
    assert lines == [
        "fixtures/nope.yaml:1:1: (file): file not found",
        "fixtures:1:1: (file): is a directory, not a data file",
        "fixtures/empty.yaml:1:1: (document): the file is empty "
        "(expected a mapping with 'kind' and 'ruleset')",
    ]


def test_one_bad_file_among_good_ones(monkeypatch):
    monkeypatch.chdir(FIXTURES)
    good = Path(__file__).resolve().parents[2] / "scenarios" / "rosters" / "evenor" / "grecs.yaml"
    assert check_files([str(good)]) == (0, [f"ok: {good} (roster evenor/grecs)"])
    code, lines = check_files([str(good), "wrong_type.yaml"])
    assert (code, lines) == (2, EXPECTED["wrong_type.yaml"])


@pytest.mark.parametrize("text, expected", [
    ("kind: roster\nruleset: evenor\nid: x\nname: {fr: X, en: X}\nmembers: [leda]\n"
     "extra: &a 1\nmore: *a\n",
     ["t.yaml:6:1: extra: unknown key 'extra' (expected one of: id, kind, members, name, ruleset)",
      "t.yaml:7:7: more: aliases ('*name') are not supported: write the value out"]),
    ("kind: roster\nruleset: evenor\n<<: {id: x}\n",
     ["t.yaml:1:1: id: required key is missing",
      "t.yaml:1:1: name: required key is missing",
      "t.yaml:1:1: members: required key is missing",
      "t.yaml:3:1: (document): merge keys ('<<') are not supported"]),
    ("--- {kind: roster}\n--- {kind: scenario}\n",
     ["t.yaml:1:5: ruleset: required key is missing",
      "t.yaml:2:1: (document): only one YAML document per file is allowed"]),
    ("kind: [roster]\nruleset: !!binary aGVsbG8=\n",
     ["t.yaml:1:7: kind: expected text (got ['roster'])",
      "t.yaml:2:10: ruleset: tag '!!binary' is not supported"]),
    ("kind: scenario\nruleset: evenor\nvictory: {role: a}\n",
     None),  # many errors; checked below for the discriminator message
])
def test_yaml_oddities(tmp_path, monkeypatch, text, expected):
    monkeypatch.chdir(tmp_path)
    Path("t.yaml").write_text(text, encoding="utf-8")
    code, lines = check_files(["t.yaml"])
    assert code == 2
    if expected is None:
        assert "t.yaml:3:10: victory.type: required key is missing" in lines
    else:
        assert lines == expected
