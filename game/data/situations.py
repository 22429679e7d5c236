"""Situation files: a small position of any ruleset that a rules page draws as its diagram
and opens on the table ("try it"). ``scenarios/situations/<ruleset>/<id>.yaml``:

    kind: situation
    ruleset: <ruleset id>
    id: <situation id>
    page: <page id>             # the rules page it illustrates
    scenario: <scenario id>     # table and terrain (the seed settles its random terrain)
    seed: 3
    rosters: {"1": [<profile>, ...], "2": <preset>}   # profile ids, or a preset roster
    figures:                    # every figure the rosters make, placed (ruleset's unit), or none
      1.<profile>: {at: [5, 8], facing: 90, status: {...}}
      ...
    select: 1.<profile>         # the figure whose overlays the diagram shows
    view: [0, 2, 12, 12]        # the part of the table shown (x, y, w, h)
    zones: true                 # the deployment zones and objectives drawn
    hide: [reach]               # overlays of the selected figure left out of the diagram
    steps:                      # decisions played after the setup (paths in the ruleset's unit)
      - {kind: activate, actor: 1.<profile>, value: 1}

Figure ids are the game's own: "<side>.<profile>" (".2", ".3"... for repeats). The
cross-check builds the game to check the scenario, the rosters, each id and each place,
and plays the steps: each must be legal where it comes (its dice come from the seed).
Importing this module registers the schema for every ruleset."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .errors import Issue, unknown
from .fields import DataModel, Identifier, Point, Rect
from .registry import register_generic

Status = bool | int | str | list[int] | list[str]
Overlay = Literal["reach", "bands", "los", "bubble", "threats", "melee", "shots", "mist", "facing", "rings"]


class Step(DataModel):
    """A decision played after the setup (game.core.actions.Action, paths in the unit)."""

    kind: Identifier
    actor: str | None = None
    targets: list[str] = []
    path: list[Point] = []
    value: int | str | None = None
    values: list[int] = []
    partners: list[str] = []


class Placed(DataModel):
    at: Point
    facing: Annotated[float, Field(ge=0, lt=360)] | None = None
    status: dict[Identifier, Status] = {}


class Situation(DataModel):
    kind: Literal["situation"]
    ruleset: Identifier
    id: Identifier
    page: Identifier
    scenario: Identifier
    seed: Annotated[int, Field(ge=0)]
    rosters: dict[Literal["1", "2"], list[Identifier] | Identifier]   # profile ids, or a preset
    figures: dict[str, Placed] = {}      # none: the figures stand as the setup deployed them
    select: str | None = None
    view: Rect | None = None
    zones: bool = False                  # draw the deployment zones and objectives
    steps: list[Step] = []               # decisions played after the setup
    hide: list[Overlay] = []             # overlays the diagram leaves out (the table shows them)


def check_situation(sit: Situation) -> list[Issue]:
    from game.core.engine import Engine
    from game.core.errors import UserError

    try:
        engine = Engine.new(sit.ruleset, sit.scenario, sit.seed, {"rosters": dict(sit.rosters)})
    except UserError as exc:
        where = ("scenario",) if "scenario" in str(exc) else ("rosters",)
        return [Issue(where, str(exc))]
    state = engine.state
    unit = engine.ruleset.info.unit_mm
    issues = []
    for fid, placed in sit.figures.items():
        if fid not in state.figures:
            issues.append(Issue(("figures", fid), unknown("figure", fid, sorted(state.figures)), at_key=True))
            continue
        x, y = placed.at
        if not (0 <= x * unit <= state.width and 0 <= y * unit <= state.height):
            issues.append(Issue(("figures", fid, "at"), f"({x}, {y}) is off the table "
                                f"({state.width / unit:g} x {state.height / unit:g})"))
    missing = sorted(set(state.figures) - set(sit.figures))
    if missing and sit.figures:
        issues.append(Issue(("figures",), "every figure of the rosters must be placed; missing: "
                            + ", ".join(missing)))
    if sit.select is not None and sit.select not in state.figures:
        issues.append(Issue(("select",), unknown("figure", sit.select, sorted(sit.figures or state.figures))))
    if not issues:
        issues += _step_issues(sit, engine)
    if sit.view is not None:
        x, y, w, h = sit.view
        if x < 0 or y < 0 or (x + w) * unit > state.width + 1e-6 or (y + h) * unit > state.height + 1e-6:
            issues.append(Issue(("view",), "the view must lie on the table"))
    return issues


def _step_issues(sit: Situation, engine) -> list[Issue]:
    """Play the steps on the built game; the first refused one is named with the reason."""
    from game.core.errors import UserError

    if sit.steps and sit.figures:
        from game.core.placements import place

        try:
            place(engine.state, game_options(sit)["placements"], engine.ruleset.info.unit_mm)
        except UserError:
            return []                    # the places' own issues say what is wrong
    for i, action in enumerate(step_actions(sit, engine.ruleset.info.unit_mm)):
        reason = engine.check(action)
        if reason is not None:
            return [Issue(("steps", i), f"this decision is not legal here ({reason})")]
        engine.step(action)
    return []


def step_actions(sit: Situation, unit_mm: float) -> list:
    """The situation's steps as the engine's actions (paths in mm)."""
    from game.core.actions import Action

    return [Action(kind=s.kind, actor=s.actor, targets=tuple(s.targets),
                   path=tuple((x * unit_mm, y * unit_mm) for x, y in s.path), value=s.value,
                   values=tuple(s.values), partners=tuple(s.partners)) for s in sit.steps]


register_generic("situation", Situation, check_situation)


def situations(ruleset: str) -> dict[str, Situation]:
    """The ruleset's situations by the rules page they illustrate (DataError on a bad file)."""
    from .documents import load_document
    from .paths import situation_paths

    out = {}
    for path in situation_paths(ruleset):
        sit = load_document(path, expected_kind="situation", expected_ruleset=ruleset).model
        out[sit.page] = sit
    return out


def game_options(sit: Situation) -> dict:
    """The new-game options that set the situation up (recorded with the game's saves)."""
    out: dict = {"rosters": {k: v if isinstance(v, str) else list(v) for k, v in sit.rosters.items()}}
    if sit.figures:
        out["placements"] = {fid: {"at": list(p.at), "facing": p.facing, "status": dict(p.status)}
                             for fid, p in sit.figures.items()}
    return out
