"""The warband builder for Bonus / Malus (its ruleset lent to the game while it is not
registered): the four player bands with costs in points, tooltips naming role, points,
competence levels and gear, the team limits in the player's language, every preset legal,
and a team saved as a YAML roster that the data checker and setup accept."""
from __future__ import annotations

import pytest
import yaml

from game.core.text import t
from game.rulesets.bonus_malus.datafiles import lent
from tests.ui.driver import Driver


@pytest.fixture()
def builder(make_app):
    from game.ui.scenes.builder import BuilderScene

    with lent():
        app = make_app(lang="en")
        b = app.push(BuilderScene(app, "bonus_malus"))
        d = Driver(app)
        d.frames(2)
        yield app, b, d


def test_build_save_and_play_a_militia_patrol(builder, home):
    app, b, d = builder
    assert b.ruleset == "bonus_malus" and b.factions == ["milice", "contrebandiers", "ordre_psi", "mercenaires"]
    add = d.button("builder.add.capitaine")
    assert add.label == "+ Captain (47 pts)"
    assert add.tooltip == ("Character, 47 pts. Initiative+, Combat, Shooting+, Morale+. "
                           "Character, Leader, Plasma pistol, Armour")
    d.press("builder.add.capitaine")
    d.press("builder.add.capitaine")
    assert b.problems() == [t("bm.roster.characters", "en", count=2),
                            t("bm.roster.size", "en", n=2, min=3, max=8)]
    d.press("builder.remove.1")
    for pid in ("milicien", "recrue", "infirmier"):
        d.press(f"builder.add.{pid}")
    assert not b.problems() and b.cost() == 95
    assert t("bm.builder.cost", "en", cost=95, n=4) in b.status.html_text
    d.press("builder.save")
    files = list((home / "rosters").glob("*.yaml"))
    assert len(files) == 1
    doc = yaml.safe_load(files[0].read_text(encoding="utf-8"))
    assert doc["ruleset"] == "bonus_malus" and sorted(doc["members"]) == sorted(b.members)
    from game.data import check_files
    from game.rulesets.bonus_malus.ruleset import RULESET

    assert check_files([str(files[0])])[0] == 0
    st = RULESET.setup("le_nid", 4, {"rosters": {"1": str(files[0]), "2": "escouade_lourde"}})
    assert sorted(f.profile for f in st.figures.values() if f.side == 1) == sorted(doc["members"])


def test_presets_of_every_band_are_legal(builder):
    app, b, d = builder
    for band in b.factions:
        d.choose("builder.faction", band)
        d.press("builder.preset")
        assert b.members and not b.problems(), band
        assert all(b.rules.group_of(p) == band for p in b.members)
