"""What a newcomer asked in the first Evenor game against ai:facile, answered where the
question arose: the activation ladder's tooltip says what a failed die costs, and the
"lie down" answer to a shot says what lying down costs afterwards."""
from __future__ import annotations

from game.core.text import t
from game.rulesets.evenor.presentation import EvenorInfo
from tests.rulesets.evenor.sandbox import act, fig, sandbox, step


def test_the_ladder_tooltip_says_a_failed_die_ends_the_turn():
    eng = sandbox([fig(1, "phobos", 2, 10), fig(2, "asteria", 20, 10)])
    (ladder,) = [c for c in eng.legal_actions() if c.kind == "activate" and c.actor == "1.phobos"]
    buttons = EvenorInfo().buttons(eng.state, ladder, "fr")
    tips = {b.value: b.tooltip for b in buttons}
    assert t("ui.tip.ladder.fail", "fr") in tips[2] and "2+, 3+" in tips[2]
    assert tips[0] == ""                                  # the static activation rolls nothing


def test_lying_down_against_a_shot_says_what_it_costs():
    from game.ui.intent import table_of

    eng = sandbox([fig(1, "phobos", 2, 10), fig(2, "asteria", 12, 10)], dice=[6, 6, 6], to_act=2)
    step(eng, act("activate", "2.asteria", value=1))
    step(eng, act("shoot", "2.asteria", "1.phobos", value=0))
    assert eng.state.pending and eng.state.pending[-1].kind == "reaction"
    pres = EvenorInfo()
    reacts = [c for c in eng.legal_actions() if c.kind == "react"]
    notes = {str(c.values[0]): pres.choice_odds(eng.state, table_of(eng), c, c.values[0], "fr") for c in reacts}
    assert t("ui.odds.tip.prone_cost", "fr") in notes["prone"].lines
    assert t("ui.odds.tip.prone_cost", "fr") not in notes["none"].lines


def _ladder(x_foe: float):
    from game.ui.intent import table_of

    eng = sandbox([fig(1, "phobos", 2, 10), fig(2, "asteria", x_foe, 10)])
    (ladder,) = [c for c in eng.legal_actions() if c.kind == "activate" and c.actor == "1.phobos"]
    return EvenorInfo().plan_hint(eng.state, table_of(eng), ladder, "fr")


def test_before_activating_the_panel_says_whom_a_charge_reaches():
    # Phobos: a charge of 4 pas, a move of 6; bases 1 pas wide (centres 1 pas apart in contact)
    assert _ladder(6.0) == t("ui.plan.charge_now", "fr", names="Asteria")
    assert _ladder(12.0) == t("ui.plan.charge_after_move", "fr")     # 9 pas apart: move, then charge
    assert _ladder(20.0) is None                                      # nothing to plan yet


def test_the_window_shows_the_plan_for_the_selected_figure(make_app):
    from game.ui.scenes import hud
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    eng = sandbox([fig(1, "phobos", 2, 10), fig(2, "asteria", 12, 10)])
    app = make_app(lang="fr")
    scene = app.push(GameScene(app, Session(eng, {1: "human", 2: "human"}, lang="fr")))
    assert t("ui.plan.charge_after_move", "fr") not in [text for text, _ in hud.message_lines(scene)]
    scene.controller.select("1.phobos")
    assert t("ui.plan.charge_after_move", "fr") in [text for text, _ in hud.message_lines(scene)]
