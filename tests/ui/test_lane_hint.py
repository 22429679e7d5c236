"""A move's preview warns when the figure would end in the way of a shot or a charge a
friend may still make this turn (issue 18: a newcomer's move blocked a friend's shot with no
warning). The lanes and whether one stays open are the ruleset's own tests (Evenor's
targetable and charge paths, Mortebrume's line of fire and strike paths)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.core.text import t
from game.ui.lane_hint import LaneHint
from game.ui.rules_info import info_for


def _warn(engine, ruleset: str, mover: str, end, unit: float):
    session = SimpleNamespace(engine=engine, version=0)
    return LaneHint().text(session, info_for(ruleset), mover, (end[0] * unit, end[1] * unit), "fr")


@pytest.fixture(scope="module")
def evenor():
    from tests.rulesets.evenor.sandbox import fig, sandbox

    # Ulysse (a bow) sees Deimos along y = 10; Thorvald charges Deimos straight up x = 14
    return lambda **ulysse: sandbox([fig(1, "phobos", 2, 4), fig(1, "ulysse", 2, 10, **ulysse),
                                     fig(2, "deimos", 14, 10), fig(1, "thorvald", 14, 15)])


def test_evenor_a_move_into_a_friends_line_of_fire_is_warned(evenor):
    from tests.rulesets.evenor.sandbox import PAS

    eng = evenor()
    shot = t("ui.lane.shot", "fr", friend="Ulysse", enemy="Deimos")
    assert _warn(eng, "evenor", "1.phobos", (8, 10), PAS) == shot
    assert _warn(eng, "evenor", "1.phobos", (8, 14), PAS) is None          # beside the line
    assert _warn(eng, "evenor", "1.phobos", (14, 12.5), PAS) == \
        t("ui.lane.charge", "fr", friend="Thorvald", enemy="Deimos")      # across the charge
    # a friend that has already acted this turn has no shot left to spoil
    assert _warn(evenor(activated=True), "evenor", "1.phobos", (8, 10), PAS) is None


def test_mortebrume_warns_only_where_the_rules_close_the_line(monkeypatch):
    from tests.rulesets.mortebrume.sandbox import CM, fig, sandbox

    def engine(mover: str, strict: bool):
        return sandbox([fig(1, mover, 40, 20, 90.0, name="M"), fig(1, "meleien_archer", 30, 30, 0.0, name="A"),
                        fig(2, "thanigiste_recrue", 48, 30, 180.0, name="D")], strict=strict)

    shot = t("ui.lane.shot", "fr", friend="Archer méléien", enemy="Recrue thanigiste")
    assert _warn(engine("loup_brume", True), "mortebrume", "M", (39, 30), CM) == shot   # a wider base
    # a fighter no wider than the archer and its target leaves a line past it: no warning
    assert _warn(engine("shimeien_veteran", True), "mortebrume", "M", (39, 30), CM) is None
    assert _warn(engine("loup_brume", True), "mortebrume", "M", (39, 36), CM) is None


def test_the_move_preview_shows_the_warning(make_app, monkeypatch):
    from game.core.actions import Action
    from game.ui.scenes import hud
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session
    from tests.rulesets.evenor.sandbox import PAS, fig, sandbox
    from tests.ui.driver import Driver

    eng = sandbox([fig(1, "phobos", 4, 6), fig(1, "ulysse", 2, 10), fig(2, "deimos", 14, 10)], dice=[6] * 10)
    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(eng, {1: "human", 2: "human"}, lang="fr")))
    d = Driver(app)
    assert scene.session.submit(Action(kind="activate", actor="1.phobos", value=1)) is None
    d.frames(2)
    d.press("move")
    drawn, real = [], hud._tag
    monkeypatch.setattr(hud, "_tag", lambda surf, img, at: (drawn.append(at), real(surf, img, at)))
    d.move(scene.view.camera.to_screen(8 * PAS, 10 * PAS))
    d.frames(3)
    assert scene._lane_hint._text == t("ui.lane.shot", "fr", friend="Ulysse", enemy="Deimos")
    assert len(drawn) >= 2                 # the length, and the warning under it
    # a path too long for the move: the warning is about where the move stops, not the cursor
    d.move(scene.view.camera.to_screen(13 * PAS, 10.5 * PAS))
    d.frames(3)
    assert scene._lane_hint._text is None
