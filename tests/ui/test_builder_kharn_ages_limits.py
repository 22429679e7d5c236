"""The warband builder for Khârn-Ages (K-R74): a profile the band cannot take now is greyed,
the reason after its label; removing the figure that blocks it offers it again; every
faction's presets load legal; a Khârn band is offered the Guilde Noire's sellswords."""
from __future__ import annotations

from tests.ui.driver import Driver


def open_builder(make_app, lang="en"):
    from game.ui.scenes.builder import BuilderScene

    app = make_app(lang=lang)
    b = app.push(BuilderScene(app))
    d = Driver(app)
    d.frames(2)
    d.choose("builder.ruleset", "kharn_ages")
    return app, b, d


def test_a_unique_profile_is_greyed_with_why_once_taken(make_app):
    app, b, d = open_builder(make_app)
    assert b.faction_id() == "kharn" and d.button("builder.add.spadassin").enabled
    assert "LIM U" in d.button("builder.add.prince").label
    d.press("builder.add.prince")
    greyed = d.button("builder.add.prince")
    assert not greyed.enabled and greyed.label.endswith("104 Ko) — unique")
    assert "104 Ko" in greyed.tooltip
    d.press("builder.add.engueran")
    d.press("builder.add.paladin_emerite")
    assert not d.button("builder.add.paladin_emerite").enabled and d.button("builder.add.paladin").enabled
    d.press("builder.remove.1")                       # Engueran leaves: his rank's place is free
    assert d.button("builder.add.paladin_emerite").enabled and not b.problems()


def test_every_factions_preset_is_legal(make_app):
    app, b, d = open_builder(make_app)
    for faction in b.factions:
        d.choose("builder.faction", faction)
        d.press("builder.preset")
        assert b.members and not b.problems(), faction
