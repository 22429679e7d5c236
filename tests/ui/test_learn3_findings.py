"""Newcomer findings (issue 18): a finished figure gives way to one that may act (not an empty
panel); a guided lesson's "continue" steps offer no action (not even "make the opponent
act"); Mortebrume's free-play strike hint names the weapon of the fighter it is about."""
from __future__ import annotations

import math

import pytest

from game.core.engine import Engine
from game.core.text import t
from game.ui.session import Session


def _scene(make_app, session, lang="fr"):
    from game.ui.scenes.game import GameScene
    from tests.ui.driver import Driver

    app = make_app(lang=lang)
    scene = app.push(GameScene(app, session))
    d = Driver(app)
    d.frames(2)
    return app, scene, d


def _do_nothing(session, fid) -> None:
    """Activate ``fid`` for no action, then end its activation."""
    from game.core.actions import Action

    assert session.submit(Action(kind="activate", actor=fid, value=0)) is None
    assert session.submit(Action(kind="end")) is None


def test_a_finished_figure_gives_way_to_the_nearest_that_may_act(make_app):
    engine = Engine.new("evenor", "extermination", 3, {})
    session = Session(engine, {1: "human", 2: "ai:facile"}, lang="fr")
    app, sc, d = _scene(make_app, session)
    ctl, st = sc.controller, engine.state
    side = session.decider()
    assert side == 1
    fid = next(c.actor for c in engine.legal_actions() if c.kind == "activate")
    ctl.select(fid)
    d.frames(2)
    _do_nothing(session, fid)                         # it has finished for this turn
    for _ in range(3000):                             # the computer's activation
        d.frames(1)
        if session.decider() == side and not session.agent_to_decide() and not sc.busy():
            break
    assert session.decider() == side and st.turn == 1
    due = {c.actor for c in engine.legal_actions()} - {None}
    assert fid not in due
    assert ctl.selected in due and st.figures[ctl.selected].side == side
    mine = [f for f in due if st.figures[f].side == side]
    nearest = min(math.dist(st.figures[f].pos, st.figures[fid].pos) for f in mine)
    assert math.dist(st.figures[ctl.selected].pos, st.figures[fid].pos) == pytest.approx(nearest)
    assert any(b.enabled for b in sc.panel.buttons)               # its buttons, not an empty panel
    assert ctl.message == t("ui.next_figure", "fr", done=sc.adapter.name_of(st, fid, "fr"),
                            next=sc.adapter.name_of(st, ctl.selected, "fr"))


@pytest.mark.parametrize("ruleset", ["mortebrume", "evenor"])
def test_a_lesson_being_read_offers_no_action(make_app, ruleset):
    from game.ui.guided import guided_session, lessons

    lesson = {le.id: le for le in lessons(ruleset)}["premiere_partie"]
    session = guided_session(lesson, "fr")
    app, sc, d = _scene(make_app, session)
    g = session.guide
    assert g.waiting() == "continue"
    keys = [b.key for b in sc.panel.buttons]
    labels = [b.label for b in sc.panel.buttons]
    assert keys == [] and t("ui.action.impose", "fr") not in labels
    end = next(b for b in sc.fighters.set.buttons if b.key == "fighters.end_turn")
    assert not end.enabled                                        # nor ending the turn
    d.press("guide.continue")
    d.frames(2)
    assert g.waiting() == "player" and any(b.enabled for b in sc.panel.buttons)   # now the lesson's action


def test_the_strike_hint_names_the_weapon_of_the_fighter_it_is_about(make_app):
    from game.ai.agents import make_agent, settle
    from game.ui.guided import agent_move, guided_session, lessons, play_until

    lesson = {le.id: le for le in lessons("mortebrume")}["premiere_partie"]
    session = guided_session(lesson, "fr")
    free = next(i for i, st in enumerate(lesson.steps) if st.until == "end")
    assert play_until(session, free)
    app, sc, d = _scene(make_app, session)
    pres = sc.adapter
    me, seen = make_agent("ai:facile", 5), {}
    for _ in range(400):
        if session.over():
            break
        if session.agent_to_decide():
            assert agent_move(session)
            continue
        legal = session.engine.legal_actions()
        strikers = sorted({c.actor for c in legal if c.kind == "strike"})
        if strikers and "react" not in {c.kind for c in legal} and "priority" not in {c.kind for c in legal}:
            for fid in strikers:
                sc.controller.select(fid)
                text = sc.lesson.hint_text()
                fig = session.engine.state.figures[fid]
                weapon = pres.hint_args(session.engine.state, fig, "fr")["weapons"]
                assert weapon in text and "{" not in text
                seen[fid] = text
        view = session.engine.view_for(1)
        assert session.submit(settle(session.engine, view, me, me.choose(view)).action) is None
    assert "1.meleien_recrue" in seen, seen
    assert "deux mains" not in seen["1.meleien_recrue"]          # the recruit's sword, not Guéorwen's
    if "1.gueorwen" in seen:
        assert "deux mains" in seen["1.gueorwen"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_reaction_by_power_is_named_not_a_catalogue_key(lang):
    """Evenor: a magician shot at may answer with a power; its button read
    "ui.react.power:benediction" (a missing key), it names the power."""
    from game.core.actions import ActionChoice
    from game.ui.rules_info import info_for

    state = Engine.new("evenor", "extermination", 3, {}).state
    pres = info_for("evenor")
    for power in ("benediction", "confusion"):
        [b] = pres.buttons(state, ActionChoice("react", "1.myrina", values=(f"power:{power}",)), lang)
        assert not b.label.startswith("ui.") and t(f"power.{power}", lang) in b.label
    [b] = pres.buttons(state, ActionChoice("react", "1.myrina", values=("cover",)), lang)
    assert b.label == t("ui.react.cover", lang)


@pytest.mark.parametrize("kind", ["priority", "designate", "deploy", "deploy_order"])
def test_mortebrume_kinds_shown_on_greyed_slots_have_a_label(kind):
    """A greyed slot names its action ("ui.action.priority — plus possible..." was shown)."""
    from game.core.actions import ActionChoice
    from game.ui.rules_info import info_for

    for lang in ("fr", "en"):
        assert not info_for("mortebrume").action_label(ActionChoice(kind, None), lang).startswith("ui.")


def test_ending_the_turn_warns_that_the_opponent_plays_on(make_app):
    """Passing turn 1 let the computer charge unanswered: the confirmation says how many of
    its figures may still act; once they all have, it says nothing of them."""
    from game.ui.scenes.end_turn import EndTurnScene

    engine = Engine.new("evenor", "extermination", 3, {})
    session = Session(engine, {1: "human", 2: "human"}, lang="fr")
    app, sc, d = _scene(make_app, session)
    side = session.decider()
    enemies = sum(1 for f in engine.state.figures.values() if f.side != side and not f.out)
    dialog = EndTurnScene(app, sc, side)
    texts = [text for text, _ in dialog.body()]
    assert t("ui.endturn.enemies_left", "fr", n=enemies) in texts
    for f in engine.state.figures.values():          # the other side has acted this turn
        if f.side != side:
            f.status["activated"] = True
    texts = [text for text, _ in EndTurnScene(app, sc, side).body()]
    assert not any(x.startswith(t("ui.endturn.enemies_left", "fr", n=1)[:20]) for x in texts)
