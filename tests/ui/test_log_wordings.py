"""Every number the log prints is explained, read from the real table scene's log box:
which way a modifier pushes a roll (harder or easier, never a bare "+1"), Evenor's exploding
6s and re-rolls (in the log and behind the preview's expected hits), the parts of a
Mortebrume total, the special strike's extra wound, and both totals of an opposed roll."""
from __future__ import annotations

import pytest

from game.core.text import t
from tests.ui.driver import Driver
from tests.ui.test_ai_play import table_scene


def _scene(make_app, engine, lang="fr"):
    app = make_app(lang=lang)
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    scene.session.shown_side = 1
    d = Driver(app)
    d.frames(2)
    return app, scene, d


def _play(scene, d, *actions) -> str:
    for a in actions:
        assert scene.session.submit(a) is None
    d.frames(2)
    return "\n".join(scene.session.shown_log())     # (a hand-off may cover the log box)


# --- Evenor
def test_evenor_modifiers_say_harder_or_easier(make_app):
    from tests.rulesets.evenor.sandbox import act, fig, sandbox

    engine = sandbox([fig(1, "harald", 3, 12), fig(2, "grendel", 12 + 1.3, 12)], dice=[])
    app, scene, d = _scene(make_app, engine)
    _play(scene, d, act("activate", "1.harald", value=0))
    engine.dice.push(1, 3, 2, 6, 5, 2, 5, 3)   # ..., the damage roll
    text = _play(scene, d, act("shoot", "1.harald", "2.grendel", value=0))
    shot = next(line for line in scene.session.log if "Harald tire" in line)
    assert "+1" not in shot and "-1" not in shot
    assert t("log.mod.harder", "fr", name=t("mod.long_range", "fr"), n=1) in shot
    assert t("log.mod.easier", "fr", name=t("mod.large_target", "fr"), n=1) in shot
    assert "portée longue\u00a0: plus dur de 1" in text


def test_evenor_exploding_sixes_are_explained_in_the_log_and_the_odds(make_app):
    from tests.rulesets.evenor.sandbox import PAS, act, fig, sandbox

    engine = sandbox([fig(1, "leda", 3, 12), fig(2, "kara", 6, 12)], dice=[1])
    app, scene, d = _scene(make_app, engine)
    d.click(d.figure_pos(scene, "1.leda"))
    d.press("activate.1")
    d.press("charge")
    d.move(d.figure_pos(scene, "2.kara"))                 # the preview under the cursor
    odds = "\n".join(scene._odds)
    assert t("ui.odds.why.sixes", "fr") in odds            # why 4 dice can give 4,6 hits
    assert t("ui.odds.why.reroll", "fr") in odds           # Léda's spear is enchanted
    d.key(27)                                              # Esc: back out of the charge
    engine.dice.push(1,                  # Kara's reaction roll fails
                     6, 6, 4, 5,         # Léda: 4 dice at 2+, two 6s...
                     2, 3,               # ...add two dice
                     3, 4, 5, 1, 2,      # Kara's 5 dice
                     1, 1, 1, 1, 1, 1)   # saves and damage
    scene.controller.mode = None
    text = _play(scene, d, act("charge", "1.leda", "2.kara", path=[(5, 12)]))
    assert t("log.explode", "fr", n=2) in text
    assert PAS > 0


# --- Mortebrume
def _mb_duel(attacker, defender, gap_cm, dice):
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    return sandbox([fig(1, attacker, 30, 30, 0.0, name="A"),
                    fig(2, defender, 30 + 2.5 + gap_cm, 30, 180.0, name="D")], dice=dice)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_mortebrume_special_strike_names_its_extra_wound(make_app, lang):
    from tests.rulesets.mortebrume.sandbox import act

    # a sword (3, tranchant) rolls a particular 8 against an unarmoured recruit: special
    # strike, an extra die (3): 6 damage less 0 armour, +1 for a special strike on no armour
    engine = _mb_duel("meleien_recrue", "shimeien_recrue", 0.5, [8, 3])
    app, scene, d = _scene(make_app, engine, lang)
    _play(scene, d, act("activate", "A"), act("strike", "A", "D", value="epee"))
    text = _play(scene, d, act("react", "D", value="take"))
    line = next(x for x in scene.session.log if t("mb.why.bare", lang) in x)
    assert "6" in line and "7" in line and line in text
    assert t("mb.total.skill", lang, dice=8, aptitude=9) in text     # 17 = 8 + 9
    who = {"fr": "Recrue méléienne", "en": "Meleian recruit"}[lang]
    assert t("mb.dice.special_damage", lang, who=who, dice="1D6", faces="3", base=3, sum=3,
             total=6) in text                                        # 6 = 3 (sword) + 3


def test_mortebrume_opposed_dodge_shows_both_totals(make_app):
    from tests.rulesets.mortebrume.sandbox import act

    engine = _mb_duel("gueorwen", "gueorwen", 3.0, [4, 4])   # strike 10 against dodge 9
    app, scene, d = _scene(make_app, engine)
    _play(scene, d, act("activate", "A"), act("strike", "A", "D", value="epee_deux_mains"))
    text = _play(scene, d, act("react", "D", value="dodge"))
    assert t("mb.note.dodge_roll", "fr", figure="Guéorwen", other="Guéorwen", dodge=9,
             attack=10) in text
