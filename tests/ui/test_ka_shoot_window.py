"""Khârn-Ages shots in the window, through the real engine with scripted dice: the shot
builder opens on the target clicked, shows the live odds with the target's band and cover,
and plays the shot made with its chips; the defender's form then opens on the shot's total
with no riposte to offer."""
from __future__ import annotations

from game.rulesets.kharn_ages.shooting import RangedWeapon
from tests.rulesets.kharn_ages.flow_helpers import act, engine, figure, game
from tests.ui.hot_seat import open_table

CROSSBOW = RangedWeapon("arbalete", damage=5, short=3, long=7, limit=True, short_bonus=2, cadence=1, reload=1)


def test_the_shot_builder_plays_the_shot_made_with_its_chips(make_app):
    st = game(figure("a", 1, 2, 5, ranged=CROSSBOW, chars={"V": 3, "A": 4}, mastery=()),
              figure("b", 2, 8, 5, chars={"V": 3, "A": 5}, mastery=(), pa=4, pv=20))
    eng = engine(st, 9, 2, 2, 2, 2)
    act(eng, "activate", "a")
    d, scene = open_table(make_app, eng, "a")
    c = next(c for c in eng.legal_actions() if c.kind == "shoot")
    scene.controller.start(c, None)
    d.press("target.b")
    req = scene.controller.building
    assert req is not None and req.targets == ("b",)
    for name in ("chip.kind.basic", "chip.damage.weapon", "chip.effects.A"):
        d.frames(2)
        rect = scene.form_box.find(name)
        assert rect is not None, name
        d.click(rect.center)
    assert req.form.value == "basic/AA/weapon/A"
    d.frames(2)
    odds = scene.form_box._odds
    assert odds is not None and len(odds.rows) >= 2 and "portée efficace" in odds.note
    d.click(scene.form_box.find("form.submit").center)
    last = eng.record.actions[-1]
    assert last.kind == "shoot" and last.value == "basic/AA/weapon/A" and last.targets == ("b",)
    [p] = eng.state.pending
    assert p.kind == "defend" and p.side == 2 and not any(v.split("/")[2] for v in p.options if v != "none")
