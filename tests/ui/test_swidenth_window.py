"""Swidenth in the window, from the mouse: the leader's eligible friends are offered as
partners (ringed) and Ctrl+clicked into its phase, a fight's target hover shows both
fighters' odds, and the winner's recoil choice is two buttons that play the decision."""
from __future__ import annotations

import pygame
import pytest

from game.rulesets.swidenth import melee, odds
from tests.rulesets.swidenth.sandbox import PAS, fig, sandbox
from tests.ui.driver import Driver

E = pygame.event.Event


def ctrl_click(d: Driver, pos) -> None:
    d.frames(1, [E(pygame.KEYDOWN, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)])
    d.click(pos)
    d.frames(1, [E(pygame.KEYUP, key=pygame.K_LCTRL, mod=0, unicode="", scancode=0)])


def test_a_phase_a_fight_preview_and_a_recoil_from_the_mouse(make_app):
    from game.core.presentation import pct
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    app = make_app()
    engine = sandbox([fig("cent", 1, 10, 10, "centurion"), fig("leg", 1, 12, 10, "legionnaire", "Marcus"),
                      fig("far", 1, 20, 3, "legionnaire", "Gaius"), fig("b1", 2, 11, 11, "brigand"),
                      fig("capt", 2, 14, 20, "capitaine")], dice=[10, 10])
    scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang="fr")))
    d = Driver(app)
    d.frames(2)
    d.click(d.figure_pos(scene, "cent"))
    assert scene.controller.partner_candidates() == {"leg"}          # Gaius is out of the bubble
    ctrl_click(d, d.figure_pos(scene, "leg"))
    assert scene.controller.partners == {"leg"}
    d.press("activate")
    st = engine.state
    assert set(st.activation["members"]) == {"cent", "leg"}
    d.click(d.figure_pos(scene, "cent"))
    d.press("fight")
    d.move(d.figure_pos(scene, "b1"))
    table = engine.ruleset.table_for(st)
    o = odds.melee(melee.setup(st, table, st.figures["cent"], st.figures["b1"]))
    lines = scene._odds
    assert any(pct(o.win) in x and pct(o.lose) in x for x in lines)
    assert any(x.startswith("Centurion risque") and pct(o.att.stunned) in x for x in lines)
    d.click(d.figure_pos(scene, "b1"))                                 # 10 + 4 against 10 + 1: a recoil
    assert st.pending and st.pending[-1].kind == "push"
    y = st.figures["b1"].y
    d.press("push.recoil")
    assert not st.pending and st.figures["b1"].y == pytest.approx(y + PAS / 2 ** 0.5)
