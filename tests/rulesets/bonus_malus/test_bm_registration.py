"""What registration hooks up: a complete declaration listed after the other rulesets, the
card's points, the sides named by their rosters, the deployment strips and the objective
for the window, Infiltration in the deployment."""
from __future__ import annotations

import importlib
from pathlib import Path

from game.core import plugins
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus import setup as S
from game.rulesets.bonus_malus.datafiles import catalogue_model
from game.rulesets.bonus_malus.presentation import Info
from game.rulesets.bonus_malus.ruleset import RULESET

FOLDER = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "bonus_malus"


def test_cards_show_points_and_sides_their_roster_names():
    st = RULESET.setup("accrochage", 2, {"rosters": {"1": "patrouille_milice", "2": "escouade_lourde"}})
    cat = catalogue_model()
    for fig in st.figures.values():
        assert fig.status["cost"] == cat.profile(fig.profile).cost > 0
        assert Info().figure(st, fig, "fr").card["cost"] == fig.status["cost"]
    assert st.sides[1].extras["label"]["fr"] != "patrouille_milice"
    assert any(st.sides[1].extras["label"]["en"] in line for line in Info().scenario_hud(st, "en"))


def test_the_zones_and_the_objective_are_where_the_rules_keep_them():
    st = RULESET.setup("le_nid", 1, {})
    zones = Info().deployment_zones(st)
    assert set(zones) >= {1, 2} and all(x1 > x0 and y1 > y0 for z in zones.values() for x0, y0, x1, y1 in z)
    (x, y, r), = Info().objective_areas(st)
    obj = st.extras["objective"]
    assert (x, y, r) == (obj["point"][0], obj["point"][1], obj["radius"]) and 0 < x < st.width
    assert any("2" in line for line in Info().scenario_hud(st, "en") if "Nest" in line)
    ex = RULESET.setup("extraction", 1, {})
    (bx, by, br), = Info().objective_areas(ex)
    assert 0 < bx < ex.width and 0 < by < ex.height and br == F.PAS / 2
    assert any("Beacon" in line for line in Info().scenario_hud(ex, "en"))


def test_an_infiltrator_starts_ten_pas_ahead_when_the_way_is_clear():
    st = RULESET.setup("accrochage", 2, {})
    fig = next(f for f in st.figures.values() if f.side == 1)
    y0, facing = fig.y, fig.facing
    fig.status["attributes"] = {**fig.status.get("attributes", {}), "infiltration": None}
    S._infiltrate(st, fig, facing)
    moved = (fig.y - y0) / F.PAS
    assert 1 <= abs(moved) <= 10 and (moved > 0) == (facing == 90.0)


def test_the_package_is_registered_and_every_module_imports():
    package = importlib.import_module("game.rulesets.bonus_malus")
    assert not hasattr(package, "IN_PROGRESS") and not plugins.problems(package.PLUGIN)
    for path in sorted(FOLDER.glob("*.py")):
        importlib.import_module(f"game.rulesets.bonus_malus.{path.stem}")
    assert "bonus_malus" in plugins.available() and "bonus_malus" not in plugins.in_progress()
    assert plugins.available()[3] == "bonus_malus"           # rank 1: listed after the first three
