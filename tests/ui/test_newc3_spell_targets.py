"""Newcomer findings of issue 18 (third round): a spell's target list offers only what the
engine accepts at the power chosen (the others greyed with the engine's reason), in
Mortebrume and for a Bonus / Malus psi power."""
from __future__ import annotations

import pytest

from game.core.actions import Action
from tests.ui.driver import Driver


def _open(make_app, engine):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang="fr")))
    d = Driver(app)
    d.frames(2)
    return app, scene, d


def _targets(d) -> dict[str, object]:
    """target id -> its button in the panel's list."""
    return {b.key.split(".", 1)[1]: b for b in d.buttons() if str(b.key).startswith("target.")}


def _engine_takes_every_offered(scene, d, kind: str, value) -> None:
    engine = scene.session.engine
    actor = scene.controller.selected
    for tid, b in _targets(d).items():
        why = engine.check(Action(kind, actor=actor, targets=(tid,), value=value))
        assert (why is None) == b.enabled, (tid, why, b.label)


@pytest.fixture
def necromancer(make_app):
    """A necromancer (Dévoreur d'âme, power 8 against the will) before a knight (will 11)
    and a recruit (will 5)."""
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    engine = sandbox([fig(1, "thanigiste_necromant", 30, 30, 0.0, name="N"),
                      fig(2, "meleien_chevalier", 45, 30, 180.0, name="K"),
                      fig(2, "meleien_recrue", 45, 40, 180.0, name="R")], dice=[4] * 60)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "N"))
    d.press("activate")
    return app, scene, d


def test_mortebrume_spell_targets_follow_the_power_chosen(necromancer):
    from game.rulesets.mortebrume import spells

    app, scene, d = necromancer
    low = spells.encode("devoreur", 0, 0)
    d.press(f"cast.{low}")
    listed = _targets(d)
    assert listed["R"].enabled
    assert not listed["K"].enabled and "11" in listed["K"].label     # greyed: the power must beat 11
    _engine_takes_every_offered(scene, d, "cast", low)
    d.click(d.figure_pos(scene, "K"))                                # the table says why too
    assert "11" in scene.controller.message
    assert all(a.kind != "cast" for a in scene.session.engine.record.actions)
    d.press("mode.cancel")
    for _ in range(4):                                               # power +4: 12 beats 11
        d.press("cast.power")
    high = spells.encode("devoreur", 4, 0)
    d.press(f"cast.{high}")
    assert _targets(d)["K"].enabled
    _engine_takes_every_offered(scene, d, "cast", high)
    d.press("target.K")
    assert scene.session.engine.record.actions[-1] == Action("cast", actor="N", targets=("K",), value=high)


def test_a_psi_power_lists_only_the_targets_in_its_range(make_app):
    from tests.rulesets.bonus_malus.helpers import man
    from tests.rulesets.bonus_malus.test_bm_actions import started

    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "choc_psi": None, "arc_psi": None}}
    _, engine = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 5, 8, 270), man("far", 2, 5, 12, 270),
                        faces=(5,) * 20)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "a"))
    d.press("psi.choc_psi")                     # range 5: "far", 6 pas off, is out of it
    listed = _targets(d)
    assert listed["b"].enabled and not listed["far"].enabled
    _engine_takes_every_offered(scene, d, "psi", "choc_psi")
    d.press("mode.cancel")
    d.press("psi.arc_psi")                      # range 10: both
    listed = _targets(d)
    assert listed["b"].enabled and listed["far"].enabled
    _engine_takes_every_offered(scene, d, "psi", "arc_psi")


def test_a_used_psi_power_keeps_its_place_greyed(make_app):
    """Once a power is used, its button stays where it was, greyed with why, for the rest of
    the activation: the other powers' buttons do not move up under the mouse."""
    from tests.rulesets.bonus_malus.helpers import man
    from tests.rulesets.bonus_malus.test_bm_actions import started

    adept = {"competences": {"psi": 0}, "attributes": {"sensible_psi": None, "choc_psi": None, "arc_psi": None}}
    _, engine = started(man("a", 1, 5, 5, 90, **adept), man("b", 2, 5, 8, 270), faces=(5,) * 20)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "a"))
    before = {b.key: b.rect.topleft for b in d.buttons() if str(b.key).startswith("psi.")}
    assert set(before) == {"psi.choc_psi", "psi.arc_psi"}
    d.press("psi.choc_psi")
    d.press("target.b")
    assert engine.record.actions[-1].value == "choc_psi"
    after = {b.key: b for b in d.buttons() if str(b.key).startswith("psi.")}
    assert after["psi.arc_psi"].enabled and after["psi.arc_psi"].rect.topleft == before["psi.arc_psi"]
    used = after["psi.choc_psi"]
    assert not used.enabled and used.rect.topleft == before["psi.choc_psi"]
    assert "plus possible" in used.label
