"""A scenario may name its own warbands: "Première partie" is three Spartans against the four
Amazons whatever the seed (as its description says), the players' choice still wins, and a
warband naming an unknown profile is refused with its place in the file."""
from __future__ import annotations

from pathlib import Path

from game.core.engine import Engine
from game.data import check_files
from game.rulesets.evenor.schema import warband_cost
from game.rulesets.evenor.stats import catalogue

ROOT = Path(__file__).resolve().parents[3]


def _bands(engine) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for f in engine.state.figures.values():
        out.setdefault(f.side, []).append(f.profile)
    return {s: sorted(v) for s, v in out.items()}


def test_the_first_game_is_always_its_own_warbands():
    for seed in (1, 2, 3, 4):
        assert _bands(Engine.new("evenor", "premiere_partie", seed)) == {
            1: ["hylas", "leonidas", "ulysse"], 2: ["asteria", "hiera", "myrina", "thalestri"]}


def test_the_first_games_warbands_are_even_in_do():
    """The book's costs: 24 DO of Spartans against 26 of Amazons (with three Amazons, 20 DO,
    the Spartans won 43 of 60 games between two ai:normal; with Phobos, 25 DO, 86 of 120)."""
    bands = _bands(Engine.new("evenor", "premiere_partie", 1))
    costs = {side: warband_cost(catalogue(), members) for side, members in bands.items()}
    assert costs == {1: 24, 2: 26}


def test_a_warband_the_players_chose_replaces_the_scenarios():
    bands = _bands(Engine.new("evenor", "premiere_partie", 1, {"rosters": {"1": "vikings"}}))
    assert "leonidas" not in bands[1] and bands[2] == ["asteria", "hiera", "myrina", "thalestri"]


def test_an_unknown_profile_in_a_scenario_warband_is_refused_with_its_place(tmp_path):
    text = (ROOT / "scenarios" / "evenor" / "premiere_partie.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "premiere_partie.yaml"
    bad.write_text(text.replace("[asteria, hiera, thalestri, myrina]", "[asteria, nobody, thalestri, myrina]"),
                   encoding="utf-8")
    code, messages = check_files([str(bad)])
    assert code == 2 and len(messages) == 1
    assert messages[0].startswith(f"{bad}:") and "rosters.2" in messages[0] and "nobody" in messages[0]
