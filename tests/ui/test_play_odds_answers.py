"""Odds that include the answer, in the window: an Evenor shot's or charge's preview shows
the target's Reaction roll and one line per reaction it may choose, with the numbers of
answers.py; the reaction buttons of both rulesets carry their own odds (label and
tooltip); Mortebrume shows them on the reaction buttons once the attack is declared, even
under strict measuring."""
from __future__ import annotations

import pytest

from game.core.presentation import num, pct
from game.core.text import t
from tests.ui.driver import Driver


def _scene(app, engine):
    from game.ui.scenes.game import GameScene
    from game.ui.session import Session

    scene = app.push(GameScene(app, Session(engine, {1: "human", 2: "human"}, lang=app.lang)))
    d = Driver(app)
    d.frames(2)
    return scene, d


def _ready(app, d) -> None:
    from game.ui.scenes.handoff import HandoffScene

    d.frames(2)
    if isinstance(app.top, HandoffScene):
        d.press("handoff.ready")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_evenor_shot_preview_has_one_line_per_reaction(make_app, lang):
    from game.rulesets.evenor import answers
    from tests.rulesets.evenor.sandbox import act, fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "gosai", 12, 12), fig(2, "lothar", 20, 22)],
                  dice=[6] * 40)
    eng.step(act("activate", "1.ulysse", value=0))
    scene, d = _scene(app, eng)
    scene.session.lang = lang
    d.click(d.figure_pos(scene, "1.ulysse"))
    d.press("shoot")
    d.move(d.figure_pos(scene, "2.gosai"))
    lines = scene._odds
    st = eng.state
    ans = answers.shot(st, eng.ruleset.table_for(st), st.figures["1.ulysse"], st.figures["2.gosai"], 0)
    head = t("ui.odds.answer.roll", lang, who=st.figures["2.gosai"].name, x=ans.roll, p=pct(ans.p_react))
    assert head in lines
    rows = lines[lines.index(head) + 1:]
    assert len(rows) == len(ans.rows) == 2             # shoot back, go prone
    for line, a in zip(rows, ans.rows):
        assert t(f"ui.odds.answer.name.{a.reaction}", lang) in line
        assert pct(a.p_out) in line and num(a.loss, lang) in line
    assert pct(ans.rows[0].back_out) in rows[0]      # the shot back's threat to the shooter


def test_evenor_charge_preview_shows_the_counter_charge(make_app):
    from game.rulesets.evenor import answers, odds
    from tests.rulesets.evenor.sandbox import act, fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "deimos", 5, 12), fig(2, "gosai", 8, 12), fig(2, "lothar", 20, 22)],
                  dice=[6] * 40)
    eng.step(act("activate", "1.deimos", value=1))
    scene, d = _scene(app, eng)
    d.click(d.figure_pos(scene, "1.deimos"))
    d.press("charge")
    d.move(d.figure_pos(scene, "2.gosai"))
    lines = scene._odds
    st = eng.state
    table = eng.ruleset.table_for(st)
    deimos, gosai = st.figures["1.deimos"], st.figures["2.gosai"]
    ans = answers.charge(st, table, [deimos], gosai)
    names = [t(f"ui.odds.answer.name.{a.reaction}", "fr") for a in ans.rows]
    rows = [line for line in lines if any(line.startswith(f"· {n}") for n in names)]
    assert len(rows) == 3                             # counter-charge, shot at the charger, flight
    counter = ans.rows[0]
    assert pct(counter.p_win) in rows[0] and pct(counter.p_lose) in rows[0]
    assert counter.p_win < odds.fight(st, table, [deimos], gosai, charged=True).p_win
    assert t("ui.odds.answer.flee", "fr", reaction=names[2]) == rows[2]


def test_evenor_reaction_buttons_carry_their_odds(make_app):
    from game.rulesets.evenor import answers, odds
    from tests.rulesets.evenor.sandbox import act, fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "deimos", 5, 12), fig(2, "gosai", 8, 12), fig(2, "lothar", 20, 22)],
                  dice=[6, 4])                       # the activation, then Gosaï's Reaction 4+
    eng.step(act("activate", "1.deimos", value=1))
    scene, d = _scene(app, eng)
    d.click(d.figure_pos(scene, "1.deimos"))
    d.press("charge")
    d.click(d.figure_pos(scene, "2.gosai"))
    assert eng.state.pending and eng.state.pending[-1].kind == "reaction"
    _ready(app, d)
    st = eng.state
    table = eng.ruleset.table_for(st)
    deimos, gosai = st.figures["1.deimos"], st.figures["2.gosai"]
    ans = {a.reaction: a for a in answers.charge(st, table, [deimos], gosai).rows}
    cc = d.button("react.counter_charge")
    a = ans["counter_charge"]
    assert t("ui.odds.btn.fight", "fr", w=pct(a.p_lose), out=pct(a.p_out)) in cc.label
    assert t("ui.odds.tip.fight", "fr", w=pct(a.p_lose), l=pct(a.p_win), out=pct(a.p_out),
             e=num(a.loss, "fr")) in cc.tooltip
    shot = d.button("react.countercharge_shot")
    assert t("ui.odds.tip.back", "fr", back=pct(ans["countercharge_shot"].back_out)) in shot.tooltip
    plain = odds.fight(st, table, [deimos], gosai, charged=True)
    assert pct(plain.p_lose) in d.button("react.none").label
    assert t("ui.odds.btn.flee", "fr") in d.button("react.flee").label


@pytest.mark.parametrize("strict", [True, False])
def test_mortebrume_reaction_buttons_show_the_declared_strike_odds(make_app, strict):
    """Strict measuring hides the odds before declaring; once the strike is declared and
    carried out, the target's reaction buttons show its odds against each reaction."""
    from game.rulesets.mortebrume import odds
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 45 if strict else 33.5, 30, 180.0, name="D")],
                  dice=[4] * 200, strict=strict)
    scene, d = _scene(app, eng)
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    d.move(d.figure_pos(scene, "D"))
    if strict:
        assert scene._odds == [t("play.odds.mb_strict", "fr")]
    d.click(d.figure_pos(scene, "D"))
    _ready(app, d)
    st = eng.state
    data = st.pending[-1].context
    a, tg = st.figures["A"], st.figures["D"]
    for reaction in ("riposte", "dodge", "take"):
        o = odds.strike(a, tg, "epee", data["dist"], reaction)
        b = d.button(f"react.{reaction}")
        assert t("mb.odds.btn", "fr", p=pct(o.p_hit), e=num(o.expected_wounds, "fr")) in b.label
        assert t("mb.odds.tip", "fr", p=pct(o.p_hit), e=num(o.expected_wounds, "fr"),
                 out=pct(o.p_out)) in b.tooltip
        if o.expected_back:
            assert num(o.expected_back, "fr") in b.tooltip


def test_mortebrume_shot_reaction_buttons(make_app):
    from game.rulesets.mortebrume import odds, stats
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "thanigiste_arbaletrier", 30, 30, 0.0, name="A"),
                   fig(2, "abelberien_recrue", 45, 30, 180.0, name="D")], dice=[4] * 200)
    scene, d = _scene(app, eng)
    st = eng.state
    bow = stats.ranged_weapons(st.figures["A"])[0][0]
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press(f"shoot.{bow}" if any(b.key == f"shoot.{bow}" for b in d.buttons()) else "shoot")
    d.click(d.figure_pos(scene, "D"))
    _ready(app, d)
    data = st.pending[-1].context
    shown = set()
    for reaction in ("dodge", "shield", "take"):
        o = odds.shot(st.figures["A"], st.figures["D"], bow, data["dist"], reaction,
                      stats.mist_radius(st))
        label = d.button(f"react.{reaction}").label
        assert t("mb.odds.btn", "fr", p=pct(o.p_hit), e=num(o.expected_wounds, "fr")) in label
        shown.add(label)
    assert len(shown) == 3


def test_no_odds_on_buttons_when_the_preview_is_off(make_app):
    """The odds preview setting governs the buttons' odds too, at once."""
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")], dice=[4] * 200)
    scene, d = _scene(app, eng)
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    d.click(d.figure_pos(scene, "D"))
    _ready(app, d)
    assert d.button("react.take").label.startswith(t("ui.react.take", "fr") + " · ")
    app.settings.odds_preview = False
    d.frames(2)
    assert d.button("react.take").label == t("ui.react.take", "fr")


def test_evenor_answers_to_a_power_and_to_an_engagement_carry_odds(make_app):
    """Confusion aimed at Gosaï: its chance on every button, a shot back's chance to fell
    the caster; a move engaging Gosaï: the counter-charge shot's chance to fell the mover."""
    from game.rulesets.evenor import answers, odds
    from tests.rulesets.evenor.sandbox import act, fig, sandbox, toward

    app = make_app()
    eng = sandbox([fig(1, "selene", 5, 12), fig(2, "gosai", 12, 12), fig(1, "phobos", 2, 22),
                   fig(2, "lothar", 20, 22)], dice=[6, 4])
    eng.step(act("activate", "1.selene", value=0))
    eng.step(act("power", "1.selene", "2.gosai", value="confusion"))
    assert eng.state.pending[-1].options == ["none", "shoot_back"]
    scene, d = _scene(app, eng)
    _ready(app, d)
    st = eng.state
    table = eng.ruleset.table_for(st)
    selene, gosai = st.figures["1.selene"], st.figures["2.gosai"]
    p = answers.power_chance(selene, "confusion", gosai)
    assert t("ui.odds.btn.confused", "fr", p=pct(p)) in d.button("react.none").label
    back = odds.shot(st, table, gosai, selene, 0).p_out
    shot = d.button("react.shoot_back")
    assert t("ui.odds.btn.fell", "fr", back=pct(back)) in shot.label
    assert t("ui.odds.tip.confused", "fr", p=pct(p)) in shot.tooltip

    app2 = make_app()
    eng = sandbox([fig(1, "deimos", 2, 12), fig(2, "gosai", 8.5, 12), fig(1, "phobos", 2, 22),
                   fig(2, "lothar", 20, 22)], dice=[6, 4])
    eng.step(act("activate", "1.deimos", value=1))
    eng.step(act("move", "1.deimos", path=[toward(eng, "1.deimos", "2.gosai")]))
    assert eng.state.pending[-1].options == ["none", "countercharge_shot", "flee"]
    scene, d = _scene(app2, eng)
    _ready(app2, d)
    st = eng.state
    row = answers.engage_shot(st, eng.ruleset.table_for(st), st.figures["1.deimos"], st.figures["2.gosai"])
    assert 0 < row.back_out < 1
    assert t("ui.odds.btn.fell", "fr", back=pct(row.back_out)) in d.button("react.countercharge_shot").label
    assert t("ui.odds.btn.flee", "fr") in d.button("react.flee").label


def test_the_log_gives_the_declared_attack_s_odds_against_the_answer_chosen(make_app):
    """Under strict measuring the attacker sees no odds before declaring; once the target
    has answered, the log says the odds of that attack against that answer, before the
    dice, for both sides to read (the attacker's player included)."""
    from game.rulesets.mortebrume import odds
    from tests.rulesets.mortebrume.sandbox import fig, sandbox

    app = make_app()
    eng = sandbox([fig(1, "shimeien_veteran", 30, 30, 0.0, name="A"),
                   fig(2, "thanigiste_recrue", 45, 30, 180.0, name="D")], dice=[4] * 200, strict=True)
    scene, d = _scene(app, eng)
    d.click(d.figure_pos(scene, "A"))
    d.press("activate")
    d.press("strike.epee")
    d.click(d.figure_pos(scene, "D"))
    _ready(app, d)
    st = eng.state
    data = st.pending[-1].context
    o = odds.strike(st.figures["A"], st.figures["D"], "epee", data["dist"], "dodge")
    d.press("react.dodge")
    from game.ui.rules_info import info_for

    who = info_for("mortebrume").figure_name(st.figures["D"], "fr")    # a name, never an id
    assert who not in ("", "D")
    line = t("ui.log.answer_odds", "fr", who=who,
             odds=t("mb.odds.btn", "fr", p=pct(o.p_hit), e=num(o.expected_wounds, "fr")))
    log = scene.session.log
    assert line in log
    assert 0 < log.index(line) < len(log) - 1          # after the answer's line, before the dice
