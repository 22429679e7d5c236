"""What every scenario file has, whatever its ruleset, and the checks that go with it.

Base models: ``Table`` (size in the ruleset's unit), ``Role`` (a side: id, name, deployment
zones, and ``neutral``/``agent`` for a side its scenario's agent plays), ``Shape`` (exactly
one of rect, polygon or circle), ``TerrainPiece`` (kind, shape, optional height in the
ruleset's unit), ``Zone`` (a named area, e.g. an objective, optionally tied to a role) and
``Scenario`` (header, table, turn limit, roles). A ruleset's scenario schema derives from
``Scenario`` and adds its own fields (victory, tokens, terrain layout...), using the same
building blocks; it narrows ``ruleset`` to its id with a ``Literal``.

Marked types say what a value refers to, and the checks find them anywhere in a scenario
(a field, an optional field, a list item, inside a nested model):

- ``RoleRef``: the id of one of the scenario's roles;
- ``TerrainKindRef``: a terrain kind of the ruleset's catalogue (its ``terrain_kinds``);
- ``TableRect``, ``TableCircle``, ``TablePoint``: geometry that must lie on the table.

``check_scenario_base`` runs for every scenario schema derived from ``Scenario`` (the
registry puts it before the ruleset's own cross-check). Besides the marked values it checks
that role ids are unique, that the number of playing (non-neutral) roles fits the sides the
ruleset declares, that a neutral role appears only where the ruleset declares a neutral side
and names an agent the game knows, and that only neutral roles name an agent.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, Field, model_validator

from .errors import Issue, show, unknown
from .fields import Circle, DataModel, Identifier, LocalText, Point, Rect
from .table_checks import circle_issue, point_issue, rect_issue


@dataclass(frozen=True)
class OnTable:
    """Marks geometry that must lie on the table: ``shape`` is rect, circle or point."""

    shape: str


@dataclass(frozen=True)
class RefersTo:
    """Marks a text naming something else: ``what`` is "role" or "terrain kind"."""

    what: str


TableRect = Annotated[Rect, OnTable("rect")]
TableCircle = Annotated[Circle, OnTable("circle")]
TablePoint = Annotated[Point, OnTable("point")]
RoleRef = Annotated[Identifier, RefersTo("role")]
TerrainKindRef = Annotated[str, RefersTo("terrain kind")]
AgentSpec = Annotated[str, Field(min_length=1)]


class Table(DataModel):
    width: Annotated[float, Field(gt=0, le=1000)]
    height: Annotated[float, Field(gt=0, le=1000)]


class AgentParams(DataModel):
    """How a scenario's agent plays its side, in the ruleset's unit: hostile within
    ``radius`` of its figures, else guarding ``guard`` (never farther than ``leash``), or
    wandering when it guards nothing."""

    radius: Annotated[float, Field(gt=0, le=1000)] | None = None
    guard: TablePoint | None = None
    leash: Annotated[float, Field(gt=0, le=1000)] | None = None

    def in_mm(self, unit_mm: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.radius is not None:
            out["radius"] = self.radius * unit_mm
        if self.guard is not None:
            out["guard"] = [self.guard[0] * unit_mm, self.guard[1] * unit_mm]
        if self.leash is not None:
            out["leash"] = self.leash * unit_mm
        return out


class Role(DataModel):
    """A side of the scenario. A neutral role is never a seat: ``agent`` plays it, as
    ``agent_params`` say."""

    id: Identifier
    name: LocalText
    zones: Annotated[list[TableRect], Field(min_length=1)]  # deployment rects [x, y, w, h]
    neutral: bool = False
    agent: AgentSpec | None = None
    agent_params: AgentParams | None = None

    def side_flags(self, unit_mm: float = 1.0) -> dict[str, Any]:
        """The ``neutral`` and ``agent`` fields of the ``game.core.state.Side`` it becomes,
        and its ``extras`` (the agent's parameters in mm) when it has any."""
        out: dict[str, Any] = {"neutral": self.neutral, "agent": self.agent if self.neutral else None}
        if self.neutral and self.agent_params is not None:
            out["extras"] = {"agent": self.agent_params.in_mm(unit_mm)}
        return out


class Shape(DataModel):
    """An area of the table: exactly one of a rect, a polygon or a circle."""

    rect: TableRect | None = None
    polygon: Annotated[list[TablePoint], Field(min_length=3)] | None = None
    circle: TableCircle | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> Shape:
        if sum(s is not None for s in (self.rect, self.polygon, self.circle)) != 1:
            raise ValueError("expected exactly one of 'rect', 'polygon' or 'circle'")
        return self


class TerrainPiece(Shape):
    kind: TerrainKindRef
    height: Annotated[float, Field(ge=0, le=1000)] | None = None  # in the ruleset's unit


class Zone(Shape):
    """A named area (an objective, a deployment area...), possibly belonging to a role."""

    id: Identifier
    role: RoleRef | None = None


class Scenario(DataModel):
    kind: Literal["scenario"]
    ruleset: Identifier            # a ruleset's schema narrows it to its id (a Literal)
    id: Identifier
    name: LocalText
    description: LocalText
    table: Table
    max_turns: Annotated[int, Field(ge=1, le=100)]
    roles: Annotated[list[Role], Field(min_length=1)]

    def playing_roles(self) -> list[Role]:
        """The roles players (or agents of their choice) take: not the neutral ones."""
        return [r for r in self.roles if not r.neutral]

    def neutral_roles(self) -> list[Role]:
        return [r for r in self.roles if r.neutral]


# --------------------------------------------------------------------------- checks


def check_scenario_base(sc: Scenario) -> list[Issue]:
    """Every problem the base checks find in a validated scenario (see the module doc)."""
    found = _role_issues(sc)
    marked: list[tuple[tuple, Any, OnTable | RefersTo]] = []
    _collect(sc, None, (), (), marked)
    kinds: dict | None = None
    kinds_read = False
    role_ids = [r.id for r in sc.roles]
    w, h = sc.table.width, sc.table.height
    for path, value, mark in marked:
        if isinstance(mark, OnTable):
            check = {"rect": rect_issue, "circle": circle_issue, "point": point_issue}[mark.shape]
            found.append(check(path, value, w, h))
        elif mark.what == "role":
            if value not in role_ids:
                found.append(Issue(path, unknown("role", value, role_ids)))
        elif mark.what == "terrain kind":
            if not kinds_read:
                kinds, kinds_read = _terrain_kinds(sc.ruleset), True
            if kinds is not None and value not in kinds:
                found.append(Issue(path, unknown("terrain kind", value, kinds)))
    return [issue for issue in found if issue is not None]


def _role_issues(sc: Scenario) -> list[Issue | None]:
    found: list[Issue | None] = []
    ids = [r.id for r in sc.roles]
    for i, role in enumerate(sc.roles):
        if role.id in ids[:i]:
            found.append(Issue(("roles", i, "id"), f"role id '{role.id}' is used twice"))
    info = _ruleset_info(sc.ruleset)
    if info is None:
        return found
    low, high = info.sides
    playing = len(sc.playing_roles())
    if not low <= playing <= high:
        wanted = f"{low}" if low == high else f"{low} to {high}"
        found.append(Issue(("roles",), f"expected {wanted} playing roles (got {playing})"))
    for i, role in enumerate(sc.roles):
        if role.neutral and not info.neutral:
            found.append(Issue(("roles", i, "neutral"),
                               f"ruleset '{sc.ruleset}' has no neutral side: expected false "
                               "(got true)"))
        elif role.neutral and role.agent is None:
            found.append(Issue(("roles", i, "neutral"),
                               "a neutral role needs the 'agent' that plays it (got none)"))
        if role.agent is None:
            continue
        if not role.neutral:
            found.append(Issue(("roles", i, "agent"),
                               f"expected no agent on a playing role (got {show(role.agent)}); "
                               "only a neutral role ('neutral: true') is played by its "
                               "scenario's agent"))
        elif not agent_known(role.agent):
            found.append(Issue(("roles", i, "agent"), unknown("agent", role.agent, _agent_names())))
    return found


def agent_known(spec: str) -> bool:
    """Whether the game can build an agent from ``spec`` (as ``make_agent`` does at play)."""
    from game.ai.agents import accepted_specs, make_agent  # at call time: no import cycle
    from game.core.errors import UserError

    if spec in accepted_specs():
        return True
    try:
        make_agent(spec, 0)
    except (UserError, ValueError, KeyError, TypeError):
        return False
    return True


def _agent_names() -> list[str]:
    """Agent specs to suggest: the accepted ones without personality variants."""
    from game.ai.agents import accepted_specs

    return [s for s in accepted_specs() if s.count(":") < 2]


def _ruleset_info(rid: str):
    from game.core.plugins import plugins

    decl = plugins().get(rid)
    return None if decl is None else decl.load("rules").info


def _terrain_kinds(rid: str) -> dict | None:
    """The terrain kinds of the ruleset's catalogue (None: it has no catalogue to check with)."""
    from .documents import load_catalogue
    from .registry import lookup

    if lookup(rid, "catalogue") is None:
        return None
    return dict(getattr(load_catalogue(rid), "terrain_kinds", None) or {})


def _collect(value: Any, ann: Any, meta: tuple, path: tuple, out: list) -> None:
    """Append (path, value, mark) for every marked value found in ``value``."""
    if value is None:
        return
    ann, marks = _strip(ann, meta)
    if marks:
        out.append((path, value, marks[0]))
        return
    if isinstance(value, BaseModel):
        for name, f in type(value).model_fields.items():
            _collect(getattr(value, name), f.annotation, tuple(f.metadata),
                     path + (f.alias or name,), out)
        return
    args = get_args(ann)
    if isinstance(value, (list, tuple)) and get_origin(ann) in (list, tuple) and args:
        for i, item in enumerate(value):
            _collect(item, args[0], (), path + (i,), out)
    elif isinstance(value, dict) and get_origin(ann) is dict and len(args) == 2:
        for key, item in value.items():
            _collect(item, args[1], (), path + (key,), out)


def _strip(ann: Any, meta: tuple) -> tuple[Any, list]:
    """The annotation without Annotated and Optional wrappers, and the marks found on the way."""
    marks = [m for m in meta if isinstance(m, (OnTable, RefersTo))]
    while True:
        origin = get_origin(ann)
        if origin is Annotated:
            args = get_args(ann)
            marks += [m for m in args[1:] if isinstance(m, (OnTable, RefersTo))]
            ann = args[0]
        elif origin in (Union, types.UnionType):
            arms = [a for a in get_args(ann) if a is not type(None)]
            if len(arms) != 1:
                return ann, marks
            ann = arms[0]
        else:
            return ann, marks
