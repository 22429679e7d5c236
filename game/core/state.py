"""Plain-data game state: everything a rule may read or change, serialisable to JSON."""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any


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
    scores: list[float] = field(default_factory=list)


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

    # --- queries every ruleset uses
    def figures_of(self, side: int, *, alive: bool = True) -> list[Figure]:
        return [f for f in self.figures.values() if f.side == side and (not alive or not f.out)]

    def enemies_of(self, fig: Figure) -> list[Figure]:
        return [f for f in self.figures.values() if f.side != fig.side and not f.out]

    def other_side(self, side: int) -> int:
        return 2 if side == 1 else 1

    def token(self, tid: str) -> Token:
        for t in self.tokens:
            if t.id == tid:
                return t
        raise KeyError(tid)

    # --- serialisation
    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["figures"] = [asdict(f) for f in self.figures.values()]
        d["sides"] = [asdict(s) for s in self.sides.values()]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameState":
        kw = {f.name: d[f.name] for f in fields(cls) if f.name in d}
        kw["figures"] = {f["id"]: Figure(**f) for f in d.get("figures", [])}
        kw["sides"] = {s["id"]: Side(**s) for s in d.get("sides", [])}
        kw["terrain"] = [TerrainPiece(**t) for t in d.get("terrain", [])]
        kw["tokens"] = [Token(**t) for t in d.get("tokens", [])]
        kw["pending"] = [Decision(**p) for p in d.get("pending", [])]
        kw["outcome"] = Outcome(**d["outcome"]) if d.get("outcome") else None
        return cls(**kw)

    def clone(self) -> "GameState":
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
        return new

    def digest(self) -> str:
        """A short fingerprint of the whole state (positions rounded to 1 micrometre)."""
        blob = json.dumps(_rounded(self.to_dict()), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _rounded(v: Any) -> Any:
    if isinstance(v, float):
        return round(v, 3)
    if isinstance(v, dict):
        return {str(k): _rounded(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_rounded(x) for x in v]
    return v
