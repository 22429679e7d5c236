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
