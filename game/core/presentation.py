"""What the window reads from a ruleset, and nothing else: its measuring unit and grid,
each figure's allowances, ranges, bands and profile card, sight classes, odds previews, the
labels of its action buttons. Each ruleset's package holds a pure presentation module (no
pygame) subclassing :class:`Presentation`; the window asks it through this interface and
never names a ruleset. It only reads (the functions the rules themselves use); whether an
action is legal is the engine's answer alone."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.state import Figure, GameState
from game.core.text import t


@dataclass
class FigureInfo:
    moves: dict[str, tuple[float, dict]] = field(default_factory=dict)  # name -> (mm, flags)
    ranges: list[tuple[str, tuple[float, float, float]]] = field(default_factory=list)  # mm
    bubble: float | None = None           # a leader's command reach (edge to edge), mm
    charge: float = 0.0                   # charge allowance, mm
    shoot_reach: float = 0.0              # longest range, mm
    card: dict = field(default_factory=dict)
    melee: list = field(default_factory=list)   # (weapon, (lo, hi) mm): reach bands
    shots: list = field(default_factory=list)   # (weapon, (close, ideal, far) mm)
    mist: float | None = None             # visibility radius, mm
    facing: float | None = None           # degrees: the field of vision is the front half


def pct(p: float) -> str:
    """A probability as players read it: '42 %' (no-break space)."""
    return f"{round(100 * p)}\u00a0%"


def num(v: float, lang: str, digits: int = 1) -> str:
    """A decimal number in the language's convention (decimal comma in French)."""
    text = f"{v:.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def mods_text(mods, lang: str) -> str:
    """Modifiers as '<name> +1, <name> -2' from (catalogue key suffix, value) pairs."""
    return ", ".join(f"{t('mod.' + k, lang)} {v:+d}" for k, v in mods)


class Presentation:
    """Defaults for a ruleset with round bases, open sight and no preview; subclasses
    override what their ruleset shows."""

    unit = "pas"
    unit_mm = 25.0
    grid_step = 25.0              # mm between grid lines
    scale_units = 6               # units shown by the scale bar
    has_mist = False              # some figures may be hidden from a side: fog, hand-offs matter
    threats = True                # the "who could reach me" overlay is fair to show
    odds = True                   # odds may be previewed before committing

    # --- options
    def strict(self, state: GameState, settings: Any) -> bool:
        """Whether distances are hidden from the player (strict measuring)."""
        return bool(getattr(settings, "strict_measuring", False))

    def new_game_options(self, settings: Any) -> dict:
        """Options of a new game taken from the player's settings."""
        return {}

    # --- figures
    def figure(self, state: GameState, fig: Figure, lang: str) -> FigureInfo:
        return FigureInfo(card={"name": fig.name, "role": "", "cost": 0,
                                "stats": [("V", f"{fig.vitality}/{fig.max_vitality}")],
                                "traits": [], "weapons": []})

    def sight_class(self, state: GameState, table, viewer: Figure, target: Figure) -> str:
        """clear, concealed, cover or blocked: how the viewer sees the target."""
        s = table.sight(viewer.id, target.id)
        if not s.visible:
            return "blocked"
        return "concealed" if s.hidden_fraction > 0.5 else "clear"

    def odds_preview(self, state: GameState, table, choice, value, target: Figure,
                     partners: tuple[str, ...], strict: bool, lang: str) -> list[str]:
        """Lines of exact odds for that template, value and target (none by default)."""
        return []

    def ladder_odds(self, state: GameState, fig: Figure, n: int) -> float:
        """Chance that an activation attempting n actions succeeds (1 when it cannot fail)."""
        return 1.0

    # --- names
    def weapon_name(self, fig: Figure | None, value, lang: str = "fr") -> str:
        return str(value)

    def terrain_name(self, kind: str, lang: str) -> str:
        return kind

    def status_labels(self, fig: Figure, lang: str) -> list[str]:
        """The figure's states worth a line on its card (statuses the ruleset names)."""
        return []
