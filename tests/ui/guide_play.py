"""Driving a guided first game headless, as every ruleset's guide test does: a wrong action
for a step, the index of the free-play step, and the lesson played through the session up
to its free play (each wrong action refused with the step's reason, the opponent on its
script, each expected action played)."""
from __future__ import annotations

from collections.abc import Callable

from game.core.actions import Action
from game.core.errors import Refusal
from game.core.guide import matches


def wrong_action(engine, pattern, unit: float) -> Action | None:
    """A legal action (as the engine sees it) that the step does not wait for."""
    for c in engine.legal_actions():
        if c.move is not None:
            continue
        tries = [(t,) for t in c.targets] if c.min_targets == 1 else [tuple(c.targets[:c.min_targets])]
        for value in (c.values or (None,)):
            for targets in tries:
                a = Action(kind=c.kind, actor=c.actor, value=value, targets=targets)
                if engine.check(a) is None and not matches(pattern, a, unit):
                    return a
    return None


def free_step(lesson) -> int:
    return next(i for i, step in enumerate(lesson.steps) if step.until == "end")


def play_to_free(s, unit: float, on_step: Callable | None = None, done: Callable | None = None,
                 after: Callable | None = None, limit: int = 300) -> tuple[int, int]:
    """Play the session's lesson up to its free play (or until ``done(guide)``); (wrong
    actions refused, scripted opponent moves). ``on_step(session, step)`` looks at each step
    the player plays before it is played, ``after(session, step)`` once it is."""
    from game.ui.guided import agent_move, next_player_action

    g = s.guide
    refused = played = 0
    over = done or (lambda guide: guide.waiting() == "free")
    for _ in range(limit):
        if over(g):
            break
        step = g.step
        if step.expect is None and step.play is None:
            assert s.submit(Action("nothing")) == Refusal("guide.refused.continue")
            assert s.proceed()
            continue
        at = g.index
        if step.play is not None:
            assert s.agent_to_decide()
            assert agent_move(s)
            assert g.index == at + 1, f"the opponent left its script at step {at}"
            assert matches(step.play, s.engine.record.actions[-1], unit)
            played += 1
            continue
        if on_step is not None:
            on_step(s, step)
        wrong = wrong_action(s.engine, step.expect, unit)
        if wrong is not None:
            before = len(s.engine.record.actions)
            assert s.submit(wrong) == Refusal(step.refuse or "guide.refused.default")
            assert len(s.engine.record.actions) == before and g.index == at
            refused += 1
        action = next_player_action(s)
        assert action is not None, f"step {at} cannot be played"
        assert s.submit(action) is None
        assert g.index == at + 1
        if after is not None:
            after(s, step)
    return refused, played


def play_free(s, limit: int) -> list[tuple[str, str | None]]:
    """The lesson's last chapter, free play, to the end of the game: an ``ai:facile`` agent
    in the player's place (nothing it plays may be refused), the opponent's agent on the
    other side. The hints shown before each of the player's decisions: (first kind offered,
    hint key)."""
    from game.ai.agents import make_agent, settle
    from game.ui.guided import agent_move

    g, me, hints = s.guide, make_agent("ai:facile", 5), []
    for _ in range(limit):
        if s.over():
            break
        if s.agent_to_decide():
            assert agent_move(s)                   # the opponent: its agent, no script left
            continue
        kinds = [c.kind for c in s.engine.legal_actions()]
        hints.append((kinds[0], g.hint(kinds)))
        view = s.engine.view_for(1)
        action = settle(s.engine, view, me, me.choose(view)).action
        assert s.submit(action) is None            # free play: nothing refused
    return hints


def open_lesson(app, ruleset: str, intro: str, last_chapter: int, unfold: bool = True):
    """From the main menu, open ``ruleset``'s first-game lesson as a player does: "Apprendre
    à jouer", its chapters listed (up to ``last_chapter``), the lesson started on the table
    with its guide and its ``intro`` text shown. (driver, game scene, guide)."""
    from game.core.text import t
    from game.ui.scenes.game import GameScene
    from game.ui.scenes.lessons import LessonsScene
    from game.ui.scenes.menu import MainMenu
    from tests.ui.driver import Driver

    key = f"lesson.{ruleset}.premiere_partie"
    app.reset(MainMenu(app))
    d = Driver(app)
    d.frames(2)
    d.press("menu.learn")
    assert isinstance(app.top, LessonsScene)
    if unfold:                                     # its chapters shown, the others' closed
        d.press(f"{key}.open")
    keys = [b.key for b in d.buttons()]
    assert key in keys and f"{key}.{last_chapter}" in keys
    d.press(key)
    sc = app.top
    assert isinstance(sc, GameScene) and sc.session.guide is not None
    assert t(intro, app.lang) in sc.lesson.lines
    return d, sc, sc.session.guide


def window_play_until(d, sc, done: Callable[[], bool], frames: int = 600) -> None:
    """Play the lesson in the window until ``done()``: Continue pressed on read steps, the
    step's expected action played through the controller, frames run while the opponent
    plays its script."""
    from game.ui.guided import next_player_action

    g = sc.session.guide
    for _ in range(frames):
        if done():
            return
        if g.waiting() == "continue":
            d.press("guide.continue")
        elif g.waiting() == "player" and sc.session.human_to_decide():
            assert sc.controller.play(next_player_action(sc.session))
            d.frames(2)
        else:
            d.frames(3)
