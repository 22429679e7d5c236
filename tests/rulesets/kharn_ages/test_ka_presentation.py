"""What the window reads from Khârn-Ages (``presentation.Info``): the card's PA, boxes,
mastery dice and states; the walk rings and their cost as the activation goes on; the
buttons of a re-roll prompt (with the faces) and of a defence (the advised one first); the
attack form's fields; the odds preview of a build."""
from __future__ import annotations

from game.core.actions import Action
from game.rulesets.kharn_ages.fighter import TOISE, Armour
from game.rulesets.kharn_ages.presentation import Info, roll_faces

from .flow_helpers import act, choice, engine, figure, game

CHARS = {"V": 4, "P": 4, "A": 3, "C": 4}
MAIL = Armour("cuir", threshold=5, low=0, high=1, boxes=4)


def test_the_card_shows_pa_boxes_crossed_mastery_and_states():
    st = game(figure("a", 1, 5, 5, chars=CHARS, level=2, armour=MAIL), figure("b", 2, 12, 12))
    fig = st.figures["a"]
    fig.status.update({"armour_ticks": 3, "mastery_used": [1], "bleeding": [1, 2], "poison": 1, "pa": 2})
    card = Info().figure(st, fig, "en").card
    assert ("AP", "2/5") in card["stats"] and ("P", "3 (4)") in card["stats"]     # poison -1 shown
    lines = " | ".join(card["weapons"])
    assert "■■■□" in lines and "✗" in lines and lines.count("✗") == 1
    assert Info().status_labels(fig, "en") == ["bleeding 3", "poison (-1)"]


def test_walk_rings_follow_the_activation_and_the_legend_names_their_cost():
    eng = engine(game(figure("a", 1, 2, 2, chars=CHARS), figure("b", 2, 12, 12)))
    info = Info()
    st = eng.state
    ready = info.figure(st, st.figures["a"], "fr")
    assert ready.moves["walk"][0] == ready.moves["sprint"][0] / 2 == 4 * TOISE
    assert "gratuite, puis 1 PA" in ready.card["now"]
    act(eng, "activate", "a")
    act(eng, "walk", "a", path=((2 * TOISE, 4 * TOISE),))
    acting = info.figure(st, st.figures["a"], "fr")
    assert info.legend_text("reach.walk", "") == "ui.ka.legend.walk_pa.1"
    assert info.legend_text("reach.sprint", "") == "ui.ka.legend.sprint_pa.3"
    assert "marche suivante 1 PA, puis 2 PA" in acting.card["now"]
    st.figures["a"].status["pa"] = 2                     # 1 + 2 > 2: one walk left, no second
    assert set(info.figure(st, st.figures["a"], "fr").moves) == {"walk", "assault"}


def test_re_roll_buttons_show_the_faces_and_defences_put_the_advised_first():
    st = game(figure("a", 1, 5, 5, chars=CHARS, mastery=(frozenset({"melee"}),)),
              figure("b", 2, 6, 5, chars={"V": 3, "P": 3, "A": 4, "C": 3}, mastery=(), pa=4))
    eng = engine(st, 2, 9, 5, 5, 5)
    act(eng, "activate", "a")
    act(eng, "attack", "a", targets=("b",), value="P/P//")
    info = Info()
    [b] = info.buttons(st, choice(eng, "reroll"), "en")
    assert roll_faces(st) == [2] and b.label == "Re-roll die 1: 2 (mastery)" and b.value == 0
    assert "(2)" in info.decision_caption(st, st.pending[-1], "en")
    act(eng, "keep", "a")
    c = choice(eng, "defend")
    fields, buttons = info.form(st, c, {}, "en")
    advised = c.hints["advised"]
    assert buttons[0].value == advised and buttons[0].toggled and "advised" in buttons[0].label
    if fields:                                           # the other groups, one click away
        other = fields[0].options[1]
        _, more = info.form(st, c, {fields[0].key: other}, "en")
        assert all(v.value.split("/")[0] == other for v in more if v.value != "none")


def test_the_attack_form_narrows_by_pa_then_characteristics_and_previews_odds():
    st = game(figure("a", 1, 5, 5, chars=CHARS, level=2), figure("b", 2, 6, 5))
    eng = engine(st)
    act(eng, "activate", "a")
    c = choice(eng, "attack")
    info = Info()
    fields, buttons = info.form(st, c, {}, "en")
    assert [f.key for f in fields][:1] == ["attack.pa"] and fields[0].current == 1
    assert all(len(b.value.split("/")[0]) == 1 for b in buttons)
    fields, buttons = info.form(st, c, {"attack.pa": 2, "attack.chars": "PC"}, "en")
    assert buttons and all(b.value.startswith("PC/") for b in buttons)
    labels = {b.value: b.label for b in buttons}
    assert "C = 4 damage, effect —" in labels["PC/C//"] and "C = 5 damage, effect P" in labels["PC/C/P/"]
    lines = info.odds_preview(st, eng.ruleset.table_for(st), c, buttons[0].value, st.figures["b"], (), False, "en")
    assert lines and lines[0].startswith("Reflex: hits ")
    assert eng.check(Action("attack", actor="a", targets=("b",), value=buttons[0].value)) is None
