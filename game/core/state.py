"""Plain-data game state: everything a rule may read or change, serialisable to JSON."""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

# Fields added after saves existed: left out of to_dict (and so of digests) while they hold
# their default, so games recorded before them keep replaying to the same digests.
_LATE = {"metadata": {"late": True}}


def _late(default: Any = MISSING, factory: Any = MISSING) -> Any:
    if factory is not MISSING:
        return field(default_factory=factory, **_LATE)
    return field(default=default, **_LATE)


@dataclass
class Figure:
    id: str
    side: int
    profile: str
    name: str
    x: float
    y: float
    size: float
    shape: str = "round"
    facing: float = 0.0
    vitality: int = 1
    max_vitality: int = 1
    out: bool = False
    status: dict[str, Any] = field(default_factory=dict)

    @property
    def pos(self) -> tuple[float, float]:
        return (self.x, self.y)

    @property
    def radius(self) -> float:
        return self.size / 2.0


@dataclass
class TerrainPiece:
    id: str
    kind: str
    points: list[list[float]]
    tags: list[str]
    height: float = _late(0.0)      # mm above the table (0: flat, as drawn)


@dataclass
class Token:
    id: str
    kind: str
    x: float
    y: float
    carrier: str | None = None
    delivered_by: int | None = None


@dataclass
class Side:
    id: int
    roster: str
    role: str
    name: str = ""
    score: float = 0.0
    extras: dict[str, Any] = field(default_factory=dict)
    neutral: bool = _late(False)    # never wins, never a seat: always its scenario's agent
    agent: str | None = _late(None)  # the agent spec that plays a neutral side


@dataclass
class Decision:
    """A decision owed by a side before play goes on (a reaction, a choice, a split)."""

    kind: str
    side: int
    figure: str | None = None
    options: list[Any] = field(default_factory=list)
    context: dict[str, Any] = field(default_factory=dict)


@dataclass
class Outcome:
    winner: int | None  # None: draw
    reason: str
    scores: list[float] = field(default_factory=list)   # one per side, in side_ids() order


@dataclass
class GameState:
    ruleset: str
    ruleset_version: int
    scenario: str
    seed: int
    width: float
    height: float
    figures: dict[str, Figure] = field(default_factory=dict)
    terrain: list[TerrainPiece] = field(default_factory=list)
    tokens: list[Token] = field(default_factory=list)
    sides: dict[int, Side] = field(default_factory=dict)
    turn: int = 1
    to_act: int = 1
    activation: dict[str, Any] | None = None
    pending: list[Decision] = field(default_factory=list)
    rng: list[int] = field(default_factory=lambda: [0, 1])
    outcome: Outcome | None = None
    max_turns: int = 8
    extras: dict[str, Any] = field(default_factory=dict)
    order: list[int] = _late(factory=list)   # turn order of side ids (empty: by id)

    # --- sides
    def side_ids(self) -> list[int]:
        """Every side in turn order (neutral sides included)."""
        if self.order:
            return [s for s in self.order if s in self.sides]
        return sorted(self.sides)

    def seats(self) -> list[int]:
        """The sides a player or an agent of the player's choice may take (not neutral)."""
        return [s for s in self.side_ids() if not self.sides[s].neutral]

    def opponents(self, side: int) -> list[int]:
        """Every other side, in turn order."""
        return [s for s in self.side_ids() if s != side]

    def next_side(self, side: int) -> int:
        """The side after ``side`` in turn order, wrapping round."""
        ids = self.side_ids()
        return ids[(ids.index(side) + 1) % len(ids)] if side in ids else ids[0]

    # --- queries every ruleset uses
    def figures_of(self, side: int, *, alive: bool = True) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == side and (not alive or not f.out)]

    def enemies_of(self, fig: Figure) -> list[Figure]:
        return [f for f in self.figures.values() if f.side != fig.side and not f.out]

    def other_side(self, side: int) -> int:
        """The other side of a two-side game (rulesets with more sides use ``opponents``)."""
        others = self.opponents(side) if self.sides else [2 if side == 1 else 1]
        if len(others) != 1:
            raise ValueError(f"other_side() asked of a game with {len(self.sides)} sides")
        return others[0]

    def token(self, tid: str) -> Token:
        for t in self.tokens:
            if t.id == tid:
                return t
        raise KeyError(tid)

    # --- serialisation
    def to_dict(self) -> dict[str, Any]:
        d = _plain(self, skip=("figures", "sides", "terrain"))
        d["figures"] = [_data(f) for f in self.figures.values()]
        d["sides"] = [_plain(s) for s in self.sides.values()]
        d["terrain"] = [_plain(t) for t in self.terrain]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameState:
        kw = {f.name: d[f.name] for f in fields(cls) if f.name in d}
        kw["figures"] = {f["id"]: Figure(**f) for f in d.get("figures", [])}
        kw["sides"] = {s["id"]: Side(**s) for s in d.get("sides", [])}
        kw["terrain"] = [TerrainPiece(**t) for t in d.get("terrain", [])]
        kw["tokens"] = [Token(**t) for t in d.get("tokens", [])]
        kw["pending"] = [Decision(**p) for p in d.get("pending", [])]
        kw["outcome"] = Outcome(**d["outcome"]) if d.get("outcome") else None
        return cls(**kw)

    def clone(self) -> GameState:
        """A deep copy; terrain is shared, since no rule changes it during a game."""
        new = copy.copy(self)
        new.figures = {k: Figure(**{**f.__dict__, "status": copy.deepcopy(f.status)})
                       for k, f in self.figures.items()}
        new.tokens = [Token(**t.__dict__) for t in self.tokens]
        new.sides = {k: Side(**{**s.__dict__, "extras": copy.deepcopy(s.extras)})
                     for k, s in self.sides.items()}
        new.activation = copy.deepcopy(self.activation)
        new.pending = copy.deepcopy(self.pending)
        new.rng = list(self.rng)
        new.outcome = copy.deepcopy(self.outcome)
        new.extras = copy.deepcopy(self.extras)
        new.order = list(self.order)
        return new

    def digest(self) -> str:
        """A short fingerprint of the whole state (positions rounded to 1 micrometre)."""
        blob = json.dumps(_rounded(self.to_dict()), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _plain(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """asdict without the late fields still at their default (nor the fields in ``skip``,
    which the caller converts itself)."""
    d = {}
    for f in fields(obj):
        if f.name in skip:
            continue
        value = getattr(obj, f.name)
        if f.metadata.get("late"):
            default = f.default if f.default is not MISSING else f.default_factory()
            if value == default:
                continue
        d[f.name] = _data(value)
    return d


_ATOMS = (str, int, float, bool, type(None))


def _data(v: Any) -> Any:
    """What ``dataclasses.asdict`` makes of a value (dataclasses become dicts, containers
    are copied), several times faster: digests are taken every few decisions."""
    if isinstance(v, _ATOMS):
        return v
    if isinstance(v, dict):
        return {_data(k): _data(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_data(x) for x in v]
    if isinstance(v, tuple) and not hasattr(v, "_fields"):
        return tuple(_data(x) for x in v)
    if hasattr(v, "__dataclass_fields__") and not isinstance(v, type):
        return {name: _data(getattr(v, name)) for name in _names(type(v))}
    return copy.deepcopy(v)


_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    if cls not in _NAMES:
        _NAMES[cls] = tuple(f.name for f in fields(cls))
    return _NAMES[cls]


def _rounded(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 3)
    if isinstance(v, dict):
        return {str(k): _rounded(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_rounded(x) for x in v]
    return v
