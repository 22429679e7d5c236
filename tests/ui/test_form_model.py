"""The window's form models, headless and ruleset-free: linked fields built from any
template's values (the options a field offers follow the choices before it; a choice is
kept while it stays possible; toggles add, swap and remove items), and the re-roll prompt
(the dice of the roll the decision is about, one click to re-roll one die, a selection for
a template taking several, the keep button)."""
from __future__ import annotations

from game.core.actions import Action, ActionChoice
from game.core.events import DiceRolled, Note
from game.core.presentation import FormLayout
from game.ui.form_model import LinkedForm, RerollPrompt

# size x colour x extras (a made-up form): small comes only red; extras only on big
PARTS = {"s-red": {"size": "s", "colour": "red", "extra": ()},
         "b-red": {"size": "b", "colour": "red", "extra": ()},
         "b-blue": {"size": "b", "colour": "blue", "extra": ()},
         "b-blue-x": {"size": "b", "colour": "blue", "extra": ("x",)},
         "b-blue-y": {"size": "b", "colour": "blue", "extra": ("y",)},
         "b-blue-xy": {"size": "b", "colour": "blue", "extra": ("x", "y")}}


def layout(**kw) -> FormLayout:
    return FormLayout(("size", "colour", "extra"), PARTS, {"size": "Size"}, {("size", "s"): "Small"},
                      toggles=("extra",), **kw)


def test_a_field_offers_what_the_fields_before_it_leave():
    form = LinkedForm(layout(), list(PARTS))
    assert form.value == "s-red"
    rows = {r.field: r for r in form.rows()}
    assert [(c.key, c.enabled, c.selected) for c in rows["colour"].chips] == [("red", True, True),
                                                                               ("blue", False, False)]
    assert rows["size"].label == "Size" and rows["size"].chips[0].label == "Small"
    assert not form.pick("colour", "blue")
    assert form.jump("colour", "blue") and form.value == "b-blue"      # greyed: the size follows
    assert form.jump("extra", "y") and form.value == "b-blue-y"
    assert not form.jump("colour", "green")
    form.chosen = {}                             # nothing chosen: the first value
    assert form.pick("size", "b") and form.pick("colour", "blue") and form.value == "b-blue"
    assert form.toggle("extra", "y") and form.value == "b-blue-y"
    assert form.toggle("extra", "x") and form.value == "b-blue-xy"      # added
    assert form.toggle("extra", "y") and form.value == "b-blue-x"       # removed
    form.pick("size", "s")
    assert form.value == "s-red"
    form.pick("size", "b")                     # the colour chosen before comes back with big
    assert form.value == "b-blue-x"


def test_a_choice_stays_while_possible_and_the_marked_value_is_the_fallback():
    form = LinkedForm(layout(default="b-red", marked="b-blue-xy"), list(PARTS))
    assert form.value == "b-red"
    marked = {(r.field, c.key) for r in form.rows() for c in r.chips if c.marked}
    assert marked == {("size", "b"), ("colour", "blue"), ("extra", "x"), ("extra", "y")}
    form.chosen = {"size": "b"}                 # nothing said of the rest: the marked value's
    assert form.value == "b-blue-xy"
    assert LinkedForm(layout(), ["b-red", "nowhere"]).values == ["b-red"]


def test_the_reroll_prompt_shows_the_roll_and_plays_one_die():
    keep = ActionChoice("keep", "a", input="none")
    one = ActionChoice("again", "a", values=(0, 1, 2), input="reroll")
    roll = DiceRolled(who="a", rule="attack", sides=10, faces=(3, 9, 1), target=None, result=9,
                      kept=(1,), fumble=(2,))
    other = DiceRolled(who="b", rule="defence", sides=10, faces=(4, 4, 4), target=None, result=4)
    p = RerollPrompt.build([keep, one], [roll, Note(key="x"), other])
    assert p.event is roll                       # the actor's roll with as many dice as offered
    dice = p.dice()
    assert [(d.face, d.kept, d.fumble) for d in dice] == [(3, False, False), (9, True, False), (1, False, True)]
    assert p.click(2) == Action("again", "a", value=2)
    assert p.play_keep() == Action("keep", "a")
    assert RerollPrompt.build([keep], [roll]) is None
    assert RerollPrompt.build([one], [other]) is None


def test_a_template_taking_several_dice_plays_the_selection():
    one = ActionChoice("again", "a", values=(0, 1), input="reroll")
    many = ActionChoice("master", "a", values=(0, 1), input="reroll", hints={"several": True})
    roll = DiceRolled(who="a", rule="attack", sides=10, faces=(2, 5), target=None, result=5, kept=(1,))
    p = RerollPrompt.build([one, many], [roll])
    assert p.click(1) is None and p.picked == [1]
    assert p.play_one() == Action("again", "a", value=1)
    assert p.click(0) is None and p.play_one() is None
    assert p.play_several() == Action("master", "a", value=0, values=(0, 1))
    p.click(0)
    p.click(1)
    assert p.play_several() is None


def test_a_template_taking_at_most_n_dice_drops_the_oldest_pick_and_shows_the_current_faces():
    """A decision about another figure's roll (``roller``) with a cap (``most``); the faces
    given by the template win over the roll's first event (a die re-rolled since)."""
    many = ActionChoice("force", "b", values=(0, 1, 2), input="reroll",
                        hints={"several": True, "most": 2, "roller": "a", "faces": (4, 9, 7)})
    mine = DiceRolled(who="b", rule="defence", sides=10, faces=(1, 1, 1), target=None, result=1)
    roll = DiceRolled(who="a", rule="attack", sides=10, faces=(4, 9, 2), target=None, result=9, kept=(1,))
    p = RerollPrompt.build([many], [roll, mine])
    assert p.event.who == "a" and [d.face for d in p.dice()] == [4, 9, 7] and p.most() == 2
    for i in (0, 1, 2):
        p.click(i)
    assert p.picked == [1, 2] and p.play_several() == Action("force", "b", value=1, values=(1, 2))
