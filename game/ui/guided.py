"""Guided games (lessons): the bundled lesson files of a ruleset, a session playing one with
its guide and scripted opponent, going straight to a chapter, and the progress kept in the
settings. No pygame: the lesson list and the table scene read it."""
from __future__ import annotations

from typing import Any

from game.ai.agents import make_agent
from game.ai.scripted import ScriptedAgent, instance
from game.core.engine import Engine
from game.core.guide import Guide
from game.data import DataError, load_document
from game.data.paths import lesson_paths
from game.ui.session import Session


def lessons(ruleset: str) -> list[Any]:
    """The bundled lessons of a ruleset that validate, in their order (a broken file is
    left out of the menu: `python main.py check` and the tests name its problems)."""
    found = []
    for path in lesson_paths(ruleset):
        try:
            found.append(load_document(path, expected_kind="lesson", expected_ruleset=ruleset).model)
        except DataError:
            continue
    return sorted(found, key=lambda m: (m.order, m.id))


def progress_key(lesson: Any) -> str:
    return f"{lesson.ruleset}/{lesson.id}"


def guided_session(lesson: Any, lang: str = "fr", chapter: int = 0) -> Session:
    """A session playing the lesson's game: the player at the lesson's side, the scripted
    opponent at every other seat, the guide at the start of ``chapter`` (the steps before
    it are played as the lesson scripts them)."""
    engine = Engine.new(lesson.ruleset, lesson.scenario, lesson.seed, lesson.engine_options())
    seats = engine.state.seats()
    players = {s: "human" if s == lesson.side else lesson.opponent for s in seats}
    session = Session(engine, players, lang=lang, seed=lesson.seed)
    guide = Guide(lesson, engine.ruleset.info.unit_mm)
    session.guide = guide
    for s in seats:
        if s != lesson.side:
            session.agents[s] = ScriptedAgent(guide, make_agent(lesson.opponent, lesson.seed * 2 + s))
    starts = lesson.chapters()
    if 0 < chapter < len(starts):
        play_until(session, starts[chapter][0])
        guide.after = None
    return session


def next_player_action(session: Session):
    """The action the current step awaits from the player, as the lesson would play it
    (None: no step awaits one, or it cannot be played now)."""
    guide = session.guide
    step = guide.step if guide is not None else None
    if step is None or step.expect is None:
        return None
    return instance(session.engine, step.expect, guide.unit_mm)


def agent_move(session: Session) -> bool:
    """Let the deciding agent play one decision (thinking to the end); False if none could."""
    for _ in range(100_000):
        if session.agent_think() is not None:
            session.play_agent()
            return True
        if not session.agent_to_decide():
            return False
    return False


def play_until(session: Session, index: int, limit: int = 2000) -> bool:
    """Play the lesson as it is scripted until its step ``index`` (the whole lesson with
    len(steps)); True when reached."""
    guide = session.guide
    for _ in range(limit):
        if guide.index >= index:
            break
        if guide.waiting() == "continue":
            session.proceed()
        elif session.over():
            break
        elif session.agent_to_decide():
            if not agent_move(session):
                return False
        else:
            action = next_player_action(session)
            if action is None or session.submit(action) is not None:
                return False
    return guide.index >= index


def mark_progress(settings, lesson: Any, guide: Guide) -> bool:
    """Keep the chapters the guide has passed in the settings; True when it changed."""
    key = progress_key(lesson)
    done = set(settings.lessons.get(key, [])) | set(guide.chapters_done())
    if guide.finished:
        done |= set(range(len(lesson.chapters())))
    if sorted(done) == settings.lessons.get(key, []):
        return False
    settings.lessons = {**settings.lessons, key: sorted(done)}
    return True
