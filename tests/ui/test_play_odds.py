"""Mortebrume's odds preview in the window: hovering a target of a strike or a shot shows,
for each reaction, the numbers of the ruleset's odds module; strict measuring hides them."""
from __future__ import annotations

import pytest

from game.core.text import t
from tests.rulesets.mortebrume.sandbox import fig, sandbox
from tests.ui.driver import Driver


def pct(p: float) -> str:
    return f"{round(100 * p)}\u00a0%"


def num(v: float) -> str:
    return f"{v:.1f}".replace(".", ",")


def scene_for(make_app, strict: bool, figures):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app()
    engine = sandbox(figures, dice=[4] * 60, strict=strict)
    scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang="fr")))
    d = Driver(app)
    d.frames(2)
    return app, scene, d


@pytest.mark.parametrize("strict", [False, True])
def test_strike_preview_equals_the_odds_module(make_app, strict):
    from game.rulesets.mortebrume import odds, stats

    app, scene, d = scene_for(make_app, strict, [
        fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
        fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")])
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    d.move(d.figure_pos(scene, "D"))
    lines = scene._odds
    if strict:
        assert lines == [t("play.odds.mb_strict", "fr")]
        return
    state = scene.session.engine.state
    a, tg = state.figures["A"], state.figures["D"]
    gap = scene.session.engine.ruleset.table_for(state).distance("A", "D")
    assert gap > stats.CONTACT                    # the strike walks in: counted at its reach
    dist = stats.reach_band("epee")[1]
    assert len(lines) == 4                        # the head, then riposte, dodge, take
    for line, reaction in zip(lines[1:], ("riposte", "dodge", "take")):
        o = odds.strike(a, tg, "epee", dist, reaction)
        assert t(f"ui.react.{reaction}", "fr") in line
        assert pct(o.p_hit) in line and num(o.expected_wounds) in line and pct(o.p_out) in line
        if o.expected_back > 0:
            assert num(o.expected_back) in line
    assert odds.strike(a, tg, "epee", dist, "take").p_hit > 0


def test_shot_preview_equals_the_odds_module(make_app):
    from game.rulesets.mortebrume import odds, stats

    app, scene, d = scene_for(make_app, False, [
        fig(1, "meleien_archer", 30, 30, 0.0, name="A"),
        fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")])
    state = scene.session.engine.state
    bow = stats.ranged_weapons(state.figures["A"])[0][0]
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press(f"shoot.{bow}" if any(b.key == f"shoot.{bow}" for b in d.buttons()) else "shoot")
    d.move(d.figure_pos(scene, "D"))
    lines = scene._odds
    gap = scene.session.engine.ruleset.table_for(state).distance("A", "D")
    assert num(gap / 10) in lines[0]
    for line, reaction in zip(lines[1:], ("dodge", "take")):
        o = odds.shot(state.figures["A"], state.figures["D"], bow, gap, reaction,
                      stats.mist_radius(state))
        assert pct(o.p_hit) in line and num(o.expected_wounds) in line and pct(o.p_out) in line
    assert len(lines) == 3


def test_shot_preview_shows_the_shield(make_app):
    """A shield bearer facing the shooter before its activation: dodge, shield and take,
    as the rules list them, each with the odds module's numbers."""
    from game.rulesets.mortebrume import combat, odds, stats

    app, scene, d = scene_for(make_app, False, [
        fig(1, "thanigiste_arbaletrier", 30, 30, 0.0, name="A"),
        fig(2, "abelberien_recrue", 45, 30, 180.0, name="D")])
    state = scene.session.engine.state
    a, tg = state.figures["A"], state.figures["D"]
    bow = stats.ranged_weapons(a)[0][0]
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press(f"shoot.{bow}" if any(b.key == f"shoot.{bow}" for b in d.buttons()) else "shoot")
    d.move(d.figure_pos(scene, "D"))
    lines = scene._odds
    reactions = combat.shot_reactions(state, a, tg)
    assert reactions == ["dodge", "shield", "take"] and len(lines) == 4
    gap = scene.session.engine.ruleset.table_for(state).distance("A", "D")
    for line, reaction in zip(lines[1:], reactions):
        o = odds.shot(a, tg, bow, gap, reaction, stats.mist_radius(state))
        assert t(f"ui.react.{reaction}", "fr") in line
        assert pct(o.p_hit) in line and num(o.expected_wounds) in line
    shield = odds.shot(a, tg, bow, gap, "shield", stats.mist_radius(state))
    assert 0 < shield.p_hit < odds.shot(a, tg, bow, gap, "take", stats.mist_radius(state)).p_hit


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_spell_preview(make_app, lang):
    """Casting a fire dart: power against the target's resistance, then for the dodge and
    the blow taken the chance the spell takes effect and the wounds expected."""
    from game.rulesets.mortebrume import odds, spells

    app, scene, d = scene_for(make_app, False, [
        fig(1, "meleien_pyromancien", 30, 30, 0.0, name="P"),
        fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")])
    scene.session.lang = lang
    state = scene.session.engine.state
    p, tg = state.figures["P"], state.figures["D"]
    d.click(d.figure_pos(scene, "P"))
    d.press("activate")
    value = spells.encode("trait_de_feu", 0, 0)
    d.press(f"cast.{value}")
    d.move(d.figure_pos(scene, "D"))
    lines = scene._odds
    assert len(lines) == 3
    gap = spells.gap(scene.session.engine.ruleset.table_for(state), p, tg)
    res = spells.resistance(p, tg, "armure")
    assert str(res) in lines[0] and "6" in lines[0]
    show = (lambda v: f"{v:.1f}".replace(".", ",")) if lang == "fr" else (lambda v: f"{v:.1f}")
    for line, reaction in zip(lines[1:], ("dodge", "take")):
        o = odds.spell(p, tg, "trait_de_feu", 0, 0, gap, reaction == "dodge")
        assert t(f"ui.react.{reaction}", lang) in line
        assert pct(o.p_effect) in line and show(o.expected_amount) in line
    assert lines[1] != lines[2]
