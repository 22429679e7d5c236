"""The scenario base (game.data.scenarios): every ruleset's scenario schema extends it, and
every scenario gets its checks: roles that exist, playing roles the ruleset seats, neutral
roles only where the ruleset has a neutral side, played by an agent the game knows, and
geometry on the table. A small neutral-capable ruleset registered here shows the cases the
bundled rulesets (no neutral side) cannot."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

from game.core import plugins
from game.core.plugins import RulesetPlugin
from game.core.ruleset import RulesetInfo
from game.data import check_files, load_document, registry
from game.data.scenarios import RoleRef, Scenario, TerrainPiece, Zone

FIXTURES = Path(__file__).parent / "fixtures"
RID = "sandbox_neutral"


class _Rules:
    info = RulesetInfo(id=RID, name="Sandbox", version=1, unit="cm", dice="D6",
                       table=(60.0, 60.0), unit_mm=10.0, sides=(2, 3), neutral=True)


RULES = _Rules()


class SandboxScenario(Scenario):
    ruleset: Literal["sandbox_neutral"]
    first: RoleRef | None = None
    objectives: list[Zone] = []
    terrain: list[TerrainPiece] = []


DECL = RulesetPlugin(id=RID, rules=f"{__name__}:RULES", schemas=__name__,
                     presentation="game.core.presentation:Presentation",
                     builder="game.rulesets._shared.builder:BuilderRules",
                     rules_pages=("rules", ("turn",)))


@pytest.fixture(autouse=True)
def sandbox():
    registry.register(RID, "scenario", SandboxScenario)
    plugins.register(DECL)
    yield
    plugins.unregister(RID)
    registry._SCHEMAS.pop((RID, "scenario"), None)


HEAD = """kind: scenario
ruleset: sandbox_neutral
id: essai
name: {fr: Essai, en: Test}
description: {fr: Un essai., en: A test.}
table: {width: 60, height: 60}
max_turns: 6
roles:
  - {id: nord, name: {fr: Nord, en: North}, zones: [[0, 0, 60, 10]]}
  - {id: sud, name: {fr: Sud, en: South}, zones: [[0, 50, 60, 10]]}
"""
BEASTS = "  - {id: betes, name: {fr: Bêtes, en: Beasts}, zones: [[0, 25, 10, 10]], neutral: true%s}\n"


def _check(tmp_path, monkeypatch, text: str) -> tuple[int, list[str]]:
    monkeypatch.chdir(tmp_path)
    Path("s.yaml").write_text(text, encoding="utf-8")
    return check_files(["s.yaml"])


def test_every_ruleset_scenario_schema_extends_the_base():
    for rid in plugins.plugins():
        assert issubclass(registry.lookup(rid, "scenario").model, Scenario), rid


def test_a_neutral_role_with_a_known_agent_is_accepted(tmp_path, monkeypatch):
    text = HEAD + BEASTS % ", agent: random" + "first: sud\nterrain:\n  - {kind: x, rect: [20, 20, 5, 5], height: 2}\n"
    assert _check(tmp_path, monkeypatch, text) == (0, [f"ok: s.yaml (scenario {RID}/essai)"])
    sc = load_document("s.yaml").model
    assert [r.id for r in sc.playing_roles()] == ["nord", "sud"]
    assert [r.id for r in sc.neutral_roles()] == ["betes"]
    assert sc.roles[2].side_flags() == {"neutral": True, "agent": "random"}
    assert sc.roles[0].side_flags() == {"neutral": False, "agent": None}
    assert sc.terrain[0].height == 2


def test_a_neutral_agent_s_parameters_reach_its_side_in_mm(tmp_path, monkeypatch):
    params = ", agent: neutral, agent_params: {radius: 8, guard: [5, 30], leash: 2}"
    assert _check(tmp_path, monkeypatch, HEAD + BEASTS % params)[0] == 0
    flags = load_document("s.yaml").model.roles[2].side_flags(unit_mm=25.0)
    assert flags == {"neutral": True, "agent": "neutral",
                     "extras": {"agent": {"radius": 200.0, "guard": [125.0, 750.0], "leash": 50.0}}}
    from game.ai.neutral import NeutralParams

    assert NeutralParams.from_data(flags["extras"]["agent"]) == NeutralParams(200.0, (125.0, 750.0), 50.0)
    code, lines = _check(tmp_path, monkeypatch, HEAD + BEASTS % ", agent: neutral, agent_params: {guard: [5, 99]}")
    assert code == 2 and any("agent_params.guard" in line for line in lines), lines


def test_an_agent_make_agent_accepts_at_run_time_is_accepted(tmp_path, monkeypatch):
    """Agents added later (e.g. the neutral agent) count as soon as make_agent builds them."""
    from game.ai import agents

    monkeypatch.setitem(agents.AGENTS, "sentinelle", agents.RandomAgent)
    assert "sentinelle" not in agents.accepted_specs()
    code, _ = _check(tmp_path, monkeypatch, HEAD + BEASTS % ", agent: sentinelle")
    assert code == 0


def test_an_unknown_agent_is_refused_at_its_value(tmp_path, monkeypatch):
    code, lines = _check(tmp_path, monkeypatch, HEAD + BEASTS % ", agent: zorglub")
    assert code == 2
    assert len(lines) == 1 and lines[0].startswith(
        "s.yaml:11:96: roles[2].agent: unknown agent 'zorglub' (expected one of: ")
    assert "random" in lines[0]


def test_a_neutral_role_needs_its_agent(tmp_path, monkeypatch):
    assert _check(tmp_path, monkeypatch, HEAD + BEASTS % "") == (2, [
        "s.yaml:11:83: roles[2].neutral: a neutral role needs the 'agent' that plays it (got none)"])


def test_unknown_sides_are_refused_wherever_a_role_is_named(tmp_path, monkeypatch):
    text = HEAD + "first: ouest\nobjectives:\n  - {id: puits, circle: [30, 30, 3], role: est}\n"
    assert _check(tmp_path, monkeypatch, text) == (2, [
        "s.yaml:11:8: first: unknown role 'ouest' (expected one of: nord, sud)",
        "s.yaml:13:44: objectives[0].role: unknown role 'est' (expected one of: nord, sud)",
    ])


def test_playing_roles_must_fit_the_ruleset_seats(tmp_path, monkeypatch):
    one = HEAD.split("  - {id: sud")[0] + BEASTS % ", agent: random"
    assert _check(tmp_path, monkeypatch, one) == (2, [
        "s.yaml:9:3: roles: expected 2 to 3 playing roles (got 1)"])
    four = HEAD + "".join(f"  - {{id: r{i}, name: {{fr: R, en: R}}, zones: [[0, 20, 5, 5]]}}\n"
                          for i in range(2))
    assert _check(tmp_path, monkeypatch, four) == (2, [
        "s.yaml:9:3: roles: expected 2 to 3 playing roles (got 4)"])


def test_geometry_must_lie_on_the_table(tmp_path, monkeypatch):
    text = HEAD + ("objectives:\n  - {id: puits, rect: [55, 55, 10, 10]}\n"
                   "terrain:\n  - {kind: x, polygon: [[0, 0], [70, 0], [0, 5]], height: 3}\n")
    assert _check(tmp_path, monkeypatch, text) == (2, [
        "s.yaml:12:23: objectives[0].rect: rect [55, 55, 10, 10] goes outside the 60 x 60 table",
        "s.yaml:14:33: terrain[0].polygon[1]: point [70, 0] is off the 60 x 60 table",
    ])
    text = HEAD + "terrain:\n  - {kind: x, circle: [5, 5, 2], height: -1}\n"
    assert _check(tmp_path, monkeypatch, text) == (2, [
        "s.yaml:12:42: terrain[0].height: expected a number >= 0.0 (got -1)"])


@pytest.mark.parametrize("name", ["unknown_side.yaml", "neutral_role.yaml", "unknown_agent.yaml"])
def test_check_command_refuses_bad_sides_with_exit_2(name, monkeypatch, capsys):
    from game.cli import main

    monkeypatch.chdir(FIXTURES)
    assert main(["check", name]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith(f"{name}:") for line in err)
    assert any(part in line for line in err for part in (".role:", ".neutral:", ".agent:"))
