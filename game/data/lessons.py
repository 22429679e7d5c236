"""Lesson files (``scenarios/lessons/<ruleset>/<id>.yaml``, ``kind: lesson``): a guided
game, the same model for every ruleset.

A lesson sets up a game (a bundled scenario, rosters given as profile lists, a fixed seed,
the player's side) and lists its steps. A step shows a text (a key of the string
catalogue), highlights figures, the button of an action kind and an overlay, and either
waits for the player's action matching ``expect`` (other actions are refused with its
``refuse`` text), or has the scripted opponent play ``play``, or waits for "continue". Its
``after`` text explains what just happened. A step opening a new chapter of the guided game
names it with ``chapter`` (a text key). A step with ``until: end`` lets the player play on
freely (the opponent's agent answering) until the game is over, its ``hints`` giving a text
for the decision at hand (action kind -> text key, the first kind the player may play now).

The cross-check builds the game the lesson sets up: the scenario must exist, every figure
named must be in it, and every text key must be in the French and English catalogues."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from .errors import Issue, unknown
from .fields import Circle, DataModel, Identifier
from .registry import register_generic

TextKey = Annotated[str, Field(min_length=1, max_length=120, pattern=r"^[a-z0-9_.]+$")]
FigureId = Annotated[str, Field(min_length=1, max_length=80)]


class Pattern(DataModel):
    """An action as a step waits for it (or as the opponent plays it): only the fields
    given are compared. ``into``: [x, y, r] in the ruleset's unit, the circle where the
    action's path must end."""

    kind: Identifier
    actor: FigureId | None = None
    targets: list[FigureId] | None = None
    value: int | str | None = None
    partners: list[FigureId] | None = None
    into: Circle | None = None

    def figures(self) -> list[tuple[tuple, str]]:
        out = [(("actor",), self.actor)] if self.actor else []
        out += [(("targets", i), f) for i, f in enumerate(self.targets or ())]
        out += [(("partners", i), f) for i, f in enumerate(self.partners or ())]
        return out


class Highlight(DataModel):
    figures: list[FigureId] = []
    button: Identifier | None = None       # the action kind whose button glows
    overlay: Identifier | None = None      # an overlay named in the text (reach, range...)


class Step(DataModel):
    chapter: TextKey | None = None         # this step opens a chapter (its title)
    text: TextKey
    highlight: Highlight = Highlight()
    expect: Pattern | None = None
    refuse: TextKey | None = None
    play: Pattern | None = None
    after: TextKey | None = None
    until: Literal["end"] | None = None    # free play until the game is over
    hints: dict[Identifier, TextKey] = {}  # (free play) action kind -> what to think of

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        if self.expect is not None and self.play is not None:
            raise ValueError("a step has either 'expect' (the player acts) or 'play' (the "
                             "opponent acts), not both")
        if self.refuse is not None and self.expect is None:
            raise ValueError("'refuse' only goes with 'expect'")
        if self.until is not None and (self.expect is not None or self.play is not None):
            raise ValueError("a free-play step ('until') waits for no action ('expect', 'play')")
        if self.hints and self.until is None:
            raise ValueError("'hints' only go with a free-play step ('until: end')")
        return self


class Lesson(DataModel):
    kind: Literal["lesson"]
    ruleset: Identifier
    id: Identifier
    title: TextKey
    summary: TextKey
    order: Annotated[int, Field(ge=0, le=1000)] = 0
    scenario: Identifier
    seed: Annotated[int, Field(ge=0, le=2**31)]
    side: Annotated[int, Field(ge=1, le=8)]
    rosters: dict[Annotated[str, Field(pattern=r"^[1-8]$")], list[Identifier]] = {}   # side -> profiles
    options: dict[Identifier, Any] = {}
    opponent: str = "ai:facile"
    steps: Annotated[list[Step], Field(min_length=1)]

    def engine_options(self) -> dict[str, Any]:
        out = dict(self.options)
        if self.rosters:
            out["rosters"] = {k: list(v) for k, v in self.rosters.items()}
        return out

    def chapters(self) -> list[tuple[int, str]]:
        """(index of the step opening it, title key) of each chapter."""
        return [(i, s.chapter) for i, s in enumerate(self.steps) if s.chapter]


def text_keys(lesson: Lesson) -> list[tuple[tuple, str]]:
    out = [(("title",), lesson.title), (("summary",), lesson.summary)]
    for i, step in enumerate(lesson.steps):
        for name in ("chapter", "text", "refuse", "after"):
            key = getattr(step, name)
            if key:
                out.append((("steps", i, name), key))
        out += [(("steps", i, "hints", kind), key) for kind, key in step.hints.items()]
    return out


def figure_refs(lesson: Lesson) -> list[tuple[tuple, str]]:
    out = []
    for i, step in enumerate(lesson.steps):
        out += [(("steps", i, "highlight", "figures", j), f) for j, f in enumerate(step.highlight.figures)]
        for name in ("expect", "play"):
            pattern = getattr(step, name)
            if pattern is not None:
                out += [(("steps", i, name) + path, f) for path, f in pattern.figures()]
    return out


def check_lesson(lesson: Lesson) -> list[Issue]:
    """What pydantic cannot see: the scenario, the figures of the game it sets up, the
    opponent's agent, the text keys in both languages."""
    from game.core.engine import Engine
    from game.core.errors import UserError
    from game.core.text import catalogue

    from .paths import scenario_path

    issues: list[Issue] = []
    for lang in ("fr", "en"):
        known = catalogue(lang)
        for path, key in text_keys(lesson):
            if key not in known:
                issues.append(Issue(path, f"text key '{key}' is missing from the {lang} catalogue"))
    try:
        from game.ai.agents import make_agent

        make_agent(lesson.opponent, 0)
    except UserError as exc:
        issues.append(Issue(("opponent",), str(exc)))
    if not scenario_path(lesson.ruleset, lesson.scenario).exists():
        from .paths import scenario_paths

        ids = [p.stem for p in scenario_paths(lesson.ruleset)]
        return issues + [Issue(("scenario",), unknown("scenario", lesson.scenario, ids))]
    try:
        engine = Engine.new(lesson.ruleset, lesson.scenario, lesson.seed, lesson.engine_options())
    except (UserError, ValueError, KeyError) as exc:
        return issues + [Issue(("scenario",), f"the game this lesson sets up cannot start ({exc})")]
    state = engine.state
    figures = sorted(state.figures)
    if lesson.side not in state.sides:
        issues.append(Issue(("side",), f"the game has no side {lesson.side} "
                                       f"(sides: {', '.join(map(str, state.side_ids()))})"))
    for path, fid in figure_refs(lesson):
        if fid not in state.figures:
            issues.append(Issue(path, unknown("figure", fid, figures)))
    return issues


register_generic("lesson", Lesson, check_lesson)
