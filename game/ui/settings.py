"""Player settings, saved automatically as JSON in the user's data folder (platformdirs)."""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from game.core.record import write_atomic

APP = "escarmouche"
ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0)   # 0: no animation
SCALES = (100, 125, 150, 175, 200)


def data_dir() -> Path:
    """The user data folder (ESCARMOUCHE_HOME overrides it, for tests and portable use)."""
    override = os.environ.get("ESCARMOUCHE_HOME")
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def rosters_dir() -> Path:
    return data_dir() / "rosters"


@dataclass
class Settings:
    lang: str = "fr"
    scale: int = 100            # interface scale, percent
    anim_speed: float = 1.0     # multiplier; 0 skips animations
    ai_speed: float = 1.0       # the same for what the AI plays (its moves, dice, pauses)
    odds_preview: bool = True
    strict_measuring: bool = False  # hide reach and range overlays (measure with the ruler)
    mist_strict: bool = True   # rulesets with mist: strict measuring (distances hidden until declared)
    mist_deploy: bool = True   # rulesets with mist: the players place their figures (else automatic)
    grid: bool = False
    scale_bar: bool = True
    developer: bool = False    # offer the developers' baseline agents (random, greedy) as players
    last_game: dict = field(default_factory=dict)   # the new-game form's last choices
    lessons: dict = field(default_factory=dict)     # guided games: "ruleset/id" -> chapters done

    @property
    def ui_scale(self) -> float:
        return self.scale / 100.0

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        path = path or data_dir() / "settings.json"
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        known = {f.name for f in fields(cls)}
        s = cls(**{k: v for k, v in raw.items() if k in known}) if isinstance(raw, dict) else cls()
        s.lang = s.lang if s.lang in ("fr", "en") else "fr"
        s.scale = min(200, max(100, int(s.scale)))
        s.last_game = s.last_game if isinstance(s.last_game, dict) else {}
        s.lessons = {k: sorted({n for n in v if type(n) is int}) for k, v in s.lessons.items()
                     if isinstance(k, str) and isinstance(v, list)} if isinstance(s.lessons, dict) else {}
        return s

    def save(self, path: Path | None = None) -> None:
        path = path or data_dir() / "settings.json"
        try:
            write_atomic(path, json.dumps(asdict(self), indent=1), backup=False)
        except OSError:
            pass  # settings are a convenience: never crash the game over them
