"""Situation files (the rules pages' diagrams): the bundled ones are valid, a bad one is
answered with file:line:col, and the game they set up has the figures where they say."""
from __future__ import annotations

import pytest

from game.core.engine import Engine
from game.core.plugins import available
from game.data import check_files
from game.data.paths import situation_paths
from game.data.situations import game_options, situations


def test_every_bundled_situation_is_valid_and_names_a_rules_page():
    from game.core.plugins import plugin

    found = 0
    for rid in available():
        paths = situation_paths(rid)
        if not paths:
            continue
        code, lines = check_files(paths)
        assert code == 0, lines
        pages = plugin(rid).rules_pages[1]
        for page, sit in situations(rid).items():
            assert page in pages and sit.ruleset == rid
            found += 1
    assert found >= 2


def test_the_game_of_a_situation_places_its_figures_and_replays():
    sit = situations("evenor")["shoot"]
    engine = Engine.new(sit.ruleset, sit.scenario, sit.seed, game_options(sit))
    unit = engine.ruleset.info.unit_mm
    for fid, placed in sit.figures.items():
        fig = engine.state.figures[fid]
        assert (fig.x / unit, fig.y / unit) == pytest.approx(placed.at)
        for key, value in placed.status.items():
            assert fig.status[key] == value
    again = Engine.replay(engine.record)          # the placements are a recorded option
    assert again.state.digest() == engine.state.digest()


BAD = """kind: situation
ruleset: evenor
id: mauvaise
page: shoot
scenario: embuscade
seed: 3
rosters: {"1": [asteria], "2": [runir]}
figures:
  1.asteria: {at: [5.5, 40]}
  2.ruinr: {at: [7, 4]}
select: 1.hiera
"""


def test_a_bad_situation_is_answered_with_its_places(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD, encoding="utf-8")
    code, lines = check_files([path])
    assert code == 2
    text = "\n".join(lines)
    assert f"{path}:9:19: figures.1.asteria.at: (5.5, 40.0) is off the table (24 x 24)" in text
    assert f"{path}:10:3: figures.2.ruinr:" in text and "2.runir" in text      # suggests the id
    assert "missing: 2.runir" in text
    assert f"{path}:11:9: select:" in text


def test_an_unknown_scenario_is_answered_at_its_key(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(BAD.replace("scenario: embuscade", "scenario: nulle_part"), encoding="utf-8")
    code, lines = check_files([path])
    assert code == 2 and any(":5:11: scenario:" in line and "nulle_part" in line for line in lines)


def test_a_situation_without_figures_keeps_the_setups_deployment():
    sit = situations("swidenth")["scenarios"]
    assert not sit.figures and sit.zones and "placements" not in game_options(sit)
    engine = Engine.new(sit.ruleset, sit.scenario, sit.seed, game_options(sit))
    again = Engine.new(sit.ruleset, sit.scenario, sit.seed, {"rosters": dict(sit.rosters)})
    assert engine.state.digest() == again.state.digest()


STEPS = """kind: situation
ruleset: evenor
id: pas_ici
page: statics
scenario: extermination
seed: 1
rosters: {"1": [myrina, asteria], "2": [jorund, runir]}
figures:
  1.myrina: {at: [16.0, 12.0]}
  1.asteria: {at: [13, 15]}
  2.jorund: {at: [21, 12]}
  2.runir: {at: [13.5, 5.5]}
steps:
  - {kind: activate, actor: 1.myrina, value: 0}
  - {kind: activate, actor: 1.asteria, value: 0}
"""


def test_a_situations_steps_are_played_and_a_refused_one_is_named(tmp_path):
    from game.ui.diagram import situation_engine

    sit = situations("evenor")["statics"]
    engine = situation_engine(sit)
    assert [a.kind for a in engine.record.actions] == [s.kind for s in sit.steps] == ["activate"]
    assert engine.state.activation["leader"] == "1.myrina"
    again = Engine.replay(engine.record)          # the steps are recorded decisions
    assert again.state.digest() == engine.state.digest()
    path = tmp_path / "steps.yaml"
    path.write_text(STEPS, encoding="utf-8")
    code, lines = check_files([path])
    assert code == 2 and any(f"{path}:15:5: steps[1]:" in line and "not legal" in line for line in lines), lines
