"""Spells in the window, through the real engine with scripted dice: the cast form opens on
the target clicked, shows the card and the exact odds, and plays the effect and PA chosen
with its chips; the resist form opens on the target's decision with the advice marked; the
magician's card lists its spells; its range and area are drawn (``FigureInfo``)."""
from __future__ import annotations

from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
from tests.ui.hot_seat import open_table

WITCH = dict(chars={"I": 5}, level=2, pa=5, mastery=(), skills={"magicien": None}, faction="fang",
             path="osteomancie", spells=("trait_arcanique", "poudre_d_os"))


def test_the_cast_form_plays_the_chosen_effect_and_the_resist_form_opens(make_app):
    st = game(figure("w", 1, 5, 5, **WITCH), figure("e", 2, 8, 5, chars={"I": 3}, mastery=()))
    eng = engine(st, 9, 9, 2)
    act(eng, "activate", "w")
    d, scene = open_table(make_app, eng, "w")
    session = scene.session
    assert {"cast.trait_arcanique", "cast.poudre_d_os"} <= {b.key for b in d.buttons()}
    info = scene.adapter.figure(eng.state, eng.state.figures["w"], "fr")
    assert [round(r) for _, r in info.auras] == [180] and {v for v, _, _ in info.areas} >= {"poudre_d_os/0/2"}
    assert any("Trait arcanique 2/2" in line for line in info.card["weapons"])
    c = next(c for c in eng.legal_actions() if c.kind == "cast" and c.hints["spell"] == "trait_arcanique")
    scene.controller.start(c, None)
    d.press("target.e")
    req = scene.controller.building
    assert req is not None and req.targets == ("e",)
    for chip in ("chip.effect.1", "chip.pa.3"):
        d.frames(2)
        d.click(scene.form_box.find(chip).center)
    assert req.form.value == "trait_arcanique/1/3"
    d.frames(2)
    odds = scene.form_box._odds
    assert odds is not None and len(odds.rows) == 4 and "17" in odds.note
    d.click(scene.form_box.find("form.submit").center)
    assert eng.record.actions[-1].value == "trait_arcanique/1/3"
    assert eng.state.pending[-1].kind == "resist"
    session.shown_side = 2
    d.frames(4)
    req = scene.controller.building
    assert req is not None and req.choice.kind == "resist" and req.form.value == req.choice.hints["advised"]
