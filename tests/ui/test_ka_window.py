"""Khârn-Ages in the window with the generic inputs: the acting figure is selected, its
card and buttons shown; an attack is built with the form's fields and buttons, its target
clicked, and the AI answers; a defence decision of ours is answered from its buttons."""
from __future__ import annotations

from game.core.actions import Action
from game.core.engine import Engine
from tests.ui.driver import Driver
from tests.ui.test_ai_play import frames_until, table_scene

PLACES = {"k1_00_prince": {"at": [7, 10.2]}, "k2_00_matriarche": {"at": [7, 11.3]}}


def _scene(make_app, seed):
    app = make_app(lang="en")
    eng = Engine.new("kharn_ages", "gue_des_crocs", seed, {"placements": PLACES, "max_turns": 2})
    scene = table_scene(app, eng, {1: "human", 2: "human"})
    return app, scene, Driver(app)


def test_a_quick_attack_is_played_on_a_clicked_target_and_the_builder_holds_the_fields(make_app):
    app, scene, d = _scene(make_app, 1)
    s = scene.session
    eng = s.engine
    if eng.decider() != 1:                      # let side 2 pass its first activation
        other = next(c.actor for c in eng.legal_actions() if c.kind == "activate" and c.actor != "k2_00_matriarche")
        assert s.submit(Action("activate", actor=other)) is None and s.submit(Action("end", actor=other)) is None
    d.frames(2)
    d.click(d.figure_pos(scene, "k1_00_prince"))
    d.press("activate")
    d.frames(2)
    assert scene.controller.selected == "k1_00_prince"       # the acting figure stays selected
    keys = [b.key for b in d.buttons()]
    # the builder over the table holds the fields (with odds): the panel does not cycle them too
    assert {"walk", "attack.builder", "end"} <= set(keys)
    assert not {"attack.attack.pa", "attack.attack.chars"} & set(keys)
    build = next(k for k in (b.key for b in d.buttons()) if k.startswith("attack.") and k.count("/") == 3)
    code = build.removeprefix("attack.")
    assert len(code.split("/")[0]) == 1                       # the quick builds: one PA
    d.press(build)
    d.press("target.k2_00_matriarche")
    frames_until(d, lambda: any(a.kind == "attack" for a in eng.record.actions), limit=50)
    attack = next(a for a in eng.record.actions if a.kind == "attack")
    assert attack.value == code and attack.targets == ("k2_00_matriarche",)
    # the matriarche's side (human here) answers its own decisions from the buttons
    for _ in range(6):
        if not eng.state.pending or eng.state.pending[-1].side != 2:
            break
        keys = [b.key for b in d.buttons()]
        first = next(k for k in keys if k.startswith(("defend./", "defend.V", "defend.P", "defend.A", "defend.C",
                                                      "defend.none")) or k in ("keep", "skip"))
        d.press(first)
        d.frames(1)
    assert not eng.state.pending or eng.state.pending[-1].side != 2
