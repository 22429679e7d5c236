"""Save slots in the user folder (``saves_dir()``): named slots (``<name>.json``), the quick
slot F5 writes and F9 reads, the autosave written at each turn start, and older saves
(``partie.json``...). Each is listed with what its file says of itself: its name, date,
ruleset, scenario, turn and players (read and checked, never replayed, for the list).
No pygame: the save and load scenes show these."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game.core.errors import SaveError
from game.core.text import t
from game.ui.settings import saves_dir

QUICK = "quicksave"
AUTO = "autosave"
RESERVED = (QUICK, AUTO)
HUMAN = "human"


def known_player(spec: str) -> bool:
    """A player a save may name: a person or an agent this game can build."""
    from game.ai.agents import accepted_specs

    return spec == HUMAN or spec in accepted_specs()


def slug(name: str) -> str:
    """A slot's file stem for the name a player typed (letters, digits, - and _; the
    names of the quick slot and the autosave are left to them)."""
    out = re.sub(r"[^\w-]+", "_", name.strip()).strip("_")[:60] or "partie"
    return out + "_" if out.lower() in RESERVED else out


def slot_path(name: str) -> Path:
    return saves_dir() / f"{slug(name)}.json"


def quick_path() -> Path:
    return saves_dir() / f"{QUICK}.json"


def auto_path() -> Path:
    return saves_dir() / f"{AUTO}.json"


@dataclass
class Slot:
    """One save file as a list shows it (``error``: the refusal when it cannot be read)."""

    path: Path
    name: str = ""
    saved: datetime | None = None
    ruleset: str = ""
    scenario: str = ""
    turn: int | None = None
    max_turns: int | None = None
    players: dict[int, str] | None = None
    error: SaveError | None = None
    extra: dict = field(default_factory=dict)

    @property
    def key(self) -> str:
        return self.path.stem

    @property
    def kind(self) -> str:
        return {QUICK: "quick", AUTO: "auto"}.get(self.path.stem, "named")


_CACHE: dict[Path, tuple[tuple[int, int], Slot]] = {}


def read_slot(path: Path) -> Slot:
    """What the save at ``path`` says of itself (cached while the file is unchanged)."""
    from game.core.record import read_record

    try:
        st = path.stat()
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = (0, 0)
    hit = _CACHE.get(path)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    try:
        rec = read_record(path)
    except SaveError as exc:
        slot = Slot(path, error=exc, saved=_mtime(path))
    else:
        meta = rec.meta
        saved = datetime.fromisoformat(meta["saved"]) if "saved" in meta else _mtime(path)
        slot = Slot(path, name=meta.get("name", ""), saved=saved, ruleset=rec.ruleset,
                    scenario=rec.scenario, turn=meta.get("turn"), max_turns=meta.get("max_turns"),
                    players=rec.players)
    _CACHE[path] = (stamp, slot)
    return slot


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).astimezone()
    except OSError:
        return None


def list_slots(*, named_only: bool = False) -> list[Slot]:
    """The saves of the user folder, the newest first (``named_only``: neither the quick
    slot nor the autosave, for the save dialog)."""
    d = saves_dir()
    if not d.exists():
        return []
    slots = [read_slot(p) for p in d.glob("*.json")]
    if named_only:
        slots = [s for s in slots if s.kind == "named"]
    far = datetime.min.replace(tzinfo=datetime.now().astimezone().tzinfo)
    return sorted(slots, key=lambda s: s.saved.astimezone() if s.saved else far, reverse=True)


def existing(name: str) -> Slot | None:
    """The slot a save under this name would replace, if there is one."""
    path = slot_path(name)
    return read_slot(path) if path.exists() else None


# --------------------------------------------------------------------------- text
def title(slot: Slot, lang: str) -> str:
    """The slot's name as the lists show it."""
    if slot.kind == "quick":
        return t("ui.slots.quick", lang)
    if slot.kind == "auto":
        return t("ui.slots.auto", lang)
    return slot.name or slot.path.stem


def date_text(when: datetime | None, lang: str) -> str:
    if when is None:
        return ""
    return when.astimezone().strftime(t("ui.slots.date_format", lang))


def player_text(spec: str, lang: str) -> str:
    from game.ai.agents import spec_label

    if spec == HUMAN:
        return t("ui.slots.human", lang)
    try:
        return spec_label(spec, lang)
    except KeyError:
        return spec


def players_text(players: dict[int, str] | None, lang: str) -> str:
    """Who plays each side ("camp 1 : personne · camp 2 : IA Normale, Équilibrée")."""
    if players is None:
        return t("ui.slots.players_unknown", lang)
    return " · ".join(t("ui.slots.side_player", lang, n=side, player=player_text(spec, lang))
                      for side, spec in sorted(players.items()))


def describe(slot: Slot, lang: str) -> str:
    """The metadata line under a slot's name: ruleset, scenario, turn, players and date;
    for a save that cannot be read, why."""
    if slot.error is not None:
        from game.core.record import refusal_text

        return refusal_text(slot.error, lang, file=slot.path.name)
    parts = [t(f"ui.ruleset.{slot.ruleset}", lang), t(f"ui.scenario.{slot.scenario}", lang)]
    if slot.turn is not None:
        parts.append(t("ui.slots.turn_of", lang, turn=slot.turn, max=slot.max_turns)
                     if slot.max_turns else t("ui.slots.turn", lang, turn=slot.turn))
    parts.append(players_text(slot.players, lang))
    return " · ".join(parts)


def heading(slot: Slot, lang: str) -> str:
    """The slot's button: its name and date."""
    when = date_text(slot.saved, lang)
    return f"{title(slot, lang)} · {when}" if when else title(slot, lang)
