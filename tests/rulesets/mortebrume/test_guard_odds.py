"""A reserved action interrupting an attack: the odds shown for it (guards.py, on the
preview and on the reserved-action button) against the engine, every branch of the roll
tree walked: the guard's free strike on the attacker, answered by each reaction the
attacker has, deals the law of wounds the odds module computes."""
from __future__ import annotations

import pytest

from game.rulesets.mortebrume import guards
from game.rulesets.mortebrume.presentation import MortebrumeInfo

from .sandbox import act, fig, sandbox
from .test_odds_match_engine import BIG, _close, _leaves, _wounds


def _declared(armour: int = 1):
    """X strikes T; T's companion C stands within reach of X with its reserved action."""
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")], dice=[4] * 20, strict=False)
    for f in eng.state.figures.values():
        f.vitality = f.max_vitality = BIG
    eng.state.figures["X"].status["armour"] = armour
    eng.step(act("activate", "X"))
    eng.step(act("strike", "X", "T", value="lance"))
    eng.dice.queue.clear()
    return eng


@pytest.mark.parametrize("armour", [0, 2])
@pytest.mark.parametrize("reaction", ["dodge", "take"])
def test_a_companion_s_interruption_deals_what_its_odds_say(reaction, armour):
    base = _declared(armour)
    st = base.state
    assert "reserved:C" in st.pending[-1].options
    rows = dict(guards.strike_on_attacker(st, base.ruleset.table_for(st), st.figures["C"], st.figures["X"]))
    assert set(rows) == {"dodge", "take"}           # X has struck: no riposte left
    hit = wounds = 0.0
    steps = [act("react", "T", value="reserved:C"), act("react", "X", value=reaction)]
    for events, p in _leaves(base, steps):
        to_x = _wounds(events, "X")
        hit += p if to_x else 0.0
        wounds += p * sum(to_x)
    o = rows[reaction]
    assert _close((hit, wounds), (o.p_hit, o.expected_wounds)), (hit, wounds, o)


def test_the_preview_and_the_button_name_the_interruption():
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 30, 33.5, 270.0, name="C")], dice=[4] * 20, strict=False)
    eng.step(act("activate", "X"))
    st = eng.state
    table = eng.ruleset.table_for(st)
    pres = MortebrumeInfo()
    choice = next(c for c in eng.legal_actions() if c.kind == "strike")
    lines = pres.odds_preview(st, table, choice, "lance", st.figures["T"], (), False, "fr")
    guard_lines = [line for line in lines if st.figures["C"].name in line]
    assert len(guard_lines) == 1
    eng.step(act("strike", "X", "T", value="lance"))
    rows = guards.strike_on_attacker(st, table, st.figures["C"], st.figures["X"])
    _, best = guards.best_for_attacker(rows)
    react = next(c for c in eng.legal_actions() if c.kind == "react" and c.values == ("reserved:C",))
    note = pres.choice_odds(st, table, react, "reserved:C", "fr")
    assert note is not None and len(note.lines) == len(rows) + 1
    from game.core.presentation import pct

    assert pct(best.p_hit) in note.short and pct(best.p_hit) in guard_lines[0]


def test_a_companion_the_attacker_cannot_see_is_not_named():
    """A companion behind the attacker, out of its field of vision, is left out of the
    preview (its reserved action is still the engine's to offer)."""
    eng = sandbox([fig(1, "thanigiste_recrue", 30, 30, 0.0, name="X"),
                   fig(2, "meleien_recrue", 33.5, 30, 180.0, name="T"),
                   fig(2, "shimeien_veteran", 26.5, 30, 0.0, name="C")], dice=[4] * 20, strict=False)
    eng.step(act("activate", "X"))
    st = eng.state
    table = eng.ruleset.table_for(st)
    pres = MortebrumeInfo()
    assert "C" not in pres.sight.visible_to(st, table, 1)
    choice = next(c for c in eng.legal_actions() if c.kind == "strike")
    lines = pres.odds_preview(st, table, choice, "lance", st.figures["T"], (), False, "fr")
    assert len(lines) == 4 and not any(st.figures["C"].name in line for line in lines)
    eng.step(act("strike", "X", "T", value="lance"))
    assert "reserved:C" in st.pending[-1].options
