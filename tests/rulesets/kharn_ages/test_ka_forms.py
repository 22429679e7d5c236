"""The Khârn-Ages forms the window shows (``forms``), read through the generic form model:
the attack builder lays every allowed build out and builds back exactly the template's
codes, only legal combinations are offered, its odds rows are the odds module's for each
defence the target can afford; the defence form preselects and marks the advised defence;
each die of a re-roll prompt says what re-rolling it would do."""
from __future__ import annotations

import pytest

from game.core.events import DiceRolled
from game.rulesets.kharn_ages import codes, forms
from game.rulesets.kharn_ages.attacks import check_attack
from game.rulesets.kharn_ages.cards import fighter
from game.ui.form_model import LinkedForm

from .flow_helpers import act, choice, engine, figure, game

CHARS = {"V": 4, "P": 4, "A": 3, "C": 4}


class Pres(forms.FormsMixin):
    pass


def duel(att: dict | None = None, dfn: dict | None = None, *faces: int):
    a = {"chars": CHARS, "mastery": (), **(att or {})}
    b = {"chars": {"V": 3, "P": 3, "A": 4, "C": 3}, "mastery": (), **(dfn or {})}
    st = game(figure("a", 1, 5, 5, **a), figure("b", 2, 6, 5, **b))
    eng = engine(st, *faces)
    act(eng, "activate", "a")
    return eng, st


def every_built(form: LinkedForm) -> set:
    """Each value built by clicks alone, field after field from the form's first state
    (a choice picked, toggles switched off then on); every value of the form must come out
    of its own clicks, and every enabled chip of the first state must give a value."""
    lay = form.layout
    start = dict(form.chosen)
    got = set()
    for row in form.rows():
        for chip in row.chips:
            if chip.enabled:
                form.chosen = dict(start)
                assert form.toggle(row.field, chip.key) if row.toggles else form.pick(row.field, chip.key)
                assert form.value in form.values
    for v in form.values:
        form.chosen = dict(start)
        for f in lay.fields:
            want = lay.parts[v][f]
            if f in lay.toggles:
                for item in set(form.current(f)) - set(want):
                    assert form.toggle(f, item), (v, f, item)
                for item in set(want) - set(form.current(f)):
                    assert form.toggle(f, item), (v, f, item)
            elif form.current(f) != want:
                assert form.pick(f, want), (v, f, want)
        got.add(form.value)
    form.chosen = start
    return got


def test_the_attack_builder_reaches_every_build_and_nothing_else():
    eng, st = duel(None, {"pa": 4})
    c = choice(eng, "attack")
    lay = Pres().form_layout(st, c, "fr")
    assert lay.fields == ("pa", "chars", "damage", "effects") and lay.toggles == ("effects",)
    form = LinkedForm(lay, c.values)
    assert form.value in c.values and forms.attack_parts(form.value)["pa"] == 2   # a standard attack first
    assert every_built(form) == set(c.values)
    # the split is one-to-one: each code comes back from its parts
    assert len({tuple(sorted((k, str(v)) for k, v in p.items())) for p in lay.parts.values()}) == len(c.values)


def test_only_legal_combinations_are_enabled():
    eng, st = duel(None, {"pa": 4})
    c = choice(eng, "attack")
    form = LinkedForm(Pres().form_layout(st, c, "fr"), c.values)
    assert form.pick("pa", 3) and form.pick("chars", ("P", "P", "C"))
    rows = {r.field: r for r in form.rows()}
    # PP imposes P as the damage and its doubled effect: nothing else may be chosen
    assert [ch.key for ch in rows["damage"].chips if ch.enabled] == ["P"]
    assert form.value == "PPC/P/PP/"
    assert not form.toggle("effects", "C")
    assert not form.pick("damage", "C")
    a = fighter(st, st.figures["a"])
    for r in form.rows():
        for ch in r.chips:
            if r.field == "chars" and ch.enabled:
                assert len(ch.key) == 3 and check_attack(a, codes.attack_build("/".join(
                    ["".join(ch.key), ch.key[0], "", ""]))) in (None, "forced_damage", "forced_effect")


def test_effects_toggle_on_and_off_within_what_the_build_allows():
    eng, st = duel(None, {"pa": 4})
    c = choice(eng, "attack")
    form = LinkedForm(Pres().form_layout(st, c, "fr"), c.values)
    assert form.pick_value("VP/P//") and form.current("effects") == ()
    assert form.toggle("effects", "V") and form.value == "VP/P/V/"
    assert form.toggle("effects", "P") and form.value == "VP/P/P/"      # one effect at 2 PA: swapped
    assert form.toggle("effects", "P") and form.value == "VP/P//"       # off again
    assert not form.toggle("effects", "A")                               # A was not committed
    form.pick("pa", 1)
    assert form.current("effects") == () and all(not ch.enabled for r in form.rows()
                                                 if r.field == "effects" for ch in r.chips)


def test_the_attack_odds_are_the_odds_modules_per_affordable_defence():
    from game.rulesets.kharn_ages import odds, zones
    from game.rulesets.kharn_ages.attacks import attack_mods
    from game.rulesets.kharn_ages.defence import Incoming, options

    eng, st = duel(None, {"pa": 4, "shield": None})
    c = choice(eng, "attack")
    table = eng.ruleset.table_for(st)
    got = Pres().form_odds(st, table, c, "VP/P/V/", ("b",), "fr")
    a, b = fighter(st, st.figures["a"]), fighter(st, st.figures["b"])
    build = codes.attack_build("VP/P/V/")
    want = odds.attack_table(a, b, build, attack_mods(a, build), in_reach=zones.in_reach(table, b, a.fig))
    assert len(got.rows) == len(want) == len(options(b, Incoming(("V", "P"), (4, 4), 2)))
    assert [r[1] for r in got.rows] == [f"{round(100 * w.hit)}\u00a0%" for w in want]
    assert Pres().form_odds(st, table, c, "VP/P/V/", (), "fr") is None     # no target yet: no table


def test_the_defence_form_preselects_and_marks_the_advised_defence():
    eng, st = duel(None, {"pa": 4, "pv": 20}, 5, 8)
    act(eng, "attack", "a", targets=("b",), value="PC/P//")
    [c] = eng.legal_actions()
    lay = Pres().form_layout(st, c, "fr")
    form = LinkedForm(lay, c.values)
    assert form.value == c.hints["advised"] == lay.marked
    marked = {(r.field, ch.key) for r in form.rows() for ch in r.chips if ch.marked}
    assert marked == {(f, o) for f, o in forms.defence_parts(c.hints["advised"]).items()}
    assert every_built(form) == set(c.values)
    table = Pres().form_odds(st, eng.ruleset.table_for(st), c, "P/-//", (), "fr")
    assert len(table.rows) == 2 and table.marked == 1 and "P" in table.rows[0][0]
    holds = float(table.rows[0][1].split("\u00a0")[0])
    assert holds == pytest.approx(100 * sum(1 for f in range(1, 11) if f != 1 and f + 3 >= 13) / 10, abs=1)


def test_a_re_roll_note_per_die():
    eng, st = duel(None, {"pa": 0, "mastery": (frozenset({"defence"}),)}, 3, 2, 9)
    act(eng, "attack", "a", targets=("b",), value="PC/P//")         # attack 3 + 8 = 11; defence 2: short
    c = choice(eng, "reroll")
    roll = DiceRolled(who="b", rule="defence", sides=10, faces=(2,), target=11, result=2, kept=(0,))
    notes = Pres().reroll_notes(st, c, roll, "fr")
    # reflex defence, no characteristic: 11 needs a 10 (also an RC): 1 chance in 10
    assert set(notes) == {0} and "10\u00a0%" in notes[0]


@pytest.mark.parametrize("pa,shield", [(0, True), (4, False), (4, True)])
def test_the_defence_form_builds_back_every_offered_defence(pa, shield):
    from game.rulesets.kharn_ages.fighter import Shield

    dfn = {"pa": pa, "pv": 20, "shield": Shield("ecu", 2, True) if shield else None}
    eng, st = duel(None, dfn, 5, 8)
    act(eng, "attack", "a", targets=("b",), value="PC/P//")
    assert st.pending                                   # a choice: the defender is asked (K-R23)
    [c] = eng.legal_actions()
    form = LinkedForm(Pres().form_layout(st, c, "fr"), c.values)
    assert every_built(form) == set(c.values)
