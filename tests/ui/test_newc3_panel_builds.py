"""Newcomer findings of issue 18 (third round, Khârn-Ages): a template laid out as a form
with many builds shows its builder (and its advised answer), not a button per build."""
from __future__ import annotations

from game.core.actions import Action


def test_a_form_built_action_does_not_bury_the_others_under_its_values(make_app):
    """Khârn-Ages: an assault has dozens of builds; the panel offers its builder (which
    shows them all with their odds) instead of a button per build, so the walk, the
    other actions and "end the activation" stay in view without scrolling."""
    from game.ui import panel
    from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
    from tests.ui.hot_seat import open_table
    from tests.ui.test_ka_forms_window import A, B

    st = game(figure("a", 1, 5, 5, **A), figure("b", 2, 8, 5, **B))
    eng = engine(st, 5, 8, 3, 3, 3, 3, 3, 3, 3, 3)
    act(eng, "activate", "a")
    d, scene = open_table(make_app, eng, "a")
    assault = next(c for c in eng.legal_actions() if c.kind == "assault")
    assert len(assault.values) > getattr(panel, "LISTED_BUILDS", 6)
    keys = [b.key for b in scene.panel.buttons]
    assert "assault.builder" in keys and not [k for k in keys if k.startswith("assault.") and k != "assault.builder"]
    assert "end" in keys and len(keys) <= 12      # a short column: nothing to scroll to end the activation
    d.press("assault.builder")                    # the builds are one click away
    d.press("target.b")
    assert scene.controller.building is not None and scene.controller.building.choice.kind == "assault"


def test_a_long_decision_list_keeps_its_advised_answer_one_click_away(make_app):
    """A Khârn-Ages defence has many builds: the panel keeps the builder and the advised
    defence's own button (the answer a newcomer takes), not the rest."""
    from game.rulesets.kharn_ages.fighter import Shield
    from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
    from tests.ui.hot_seat import open_table
    from tests.ui.test_ka_forms_window import A, B

    st = game(figure("a", 1, 5, 5, **A), figure("b", 2, 6, 5, shield=Shield("ecu", 2, True), **B))
    eng = engine(st, 5, 8, 3, 3, 3, 3, 3, 3, 3, 3)
    act(eng, "activate", "a")
    d, scene = open_table(make_app, eng, "a")
    c = next(c for c in eng.legal_actions() if c.kind == "attack")
    scene.session.submit(Action("attack", actor="a", targets=("b",), value="PC/P//"))
    assert eng.state.pending and eng.state.pending[-1].kind == "defend"
    scene.session.shown_side = 2
    while scene.app.top is not scene:                 # the hand-off screen, passed
        scene.app.pop()
    d.frames(3)
    scene.controller.building = None                  # the form that opened by itself, closed
    d.frames(2)
    [dc] = eng.legal_actions()
    assert len(dc.values) > 6 and c is not None
    keys = [b.key for b in scene.panel.buttons if b.key.startswith("defend")]
    assert "defend.builder" in keys
    values = [b for b in scene.panel.buttons if b.key.startswith("defend") and b.key != "defend.builder"]
    assert len(values) == 1 and dc.hints["advised"] in values[0].key
    d.press(values[0].key)
    assert eng.record.actions[-1] == Action("defend", actor=dc.actor, value=dc.hints["advised"])
