"""The Bonus / Malus catalogue (catalogue.yaml) as typed entries: attributes, psi powers,
armours, shields, melee and ranged weapons, upgrades and items. Effects stay data; the
handlers that read them are in ``effects``."""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

PATH = Path(__file__).with_name("catalogue.yaml")
SECTIONS = ("attributes", "powers", "armours", "shields", "melee", "ranged", "upgrades", "items")


@dataclass(frozen=True)
class Entry:
    """One catalogue entry. ``effects``: dicts whose "do" names a handler; ``tests``: the
    attribute tests a weapon carries (attribute id -> level); ``attributes``: attributes a
    weapon gives its wielder while in hand."""

    id: str
    section: str
    name: dict[str, str]
    effects: tuple[dict[str, Any], ...] = ()
    tests: dict[str, int] = field(default_factory=dict)
    attributes: tuple[str, ...] = ()
    data: dict[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    @property
    def hands(self) -> int:
        return int(self.data.get("hands", 1))


@dataclass(frozen=True)
class Catalogue:
    entries: dict[str, Entry]

    def __getitem__(self, eid: str) -> Entry:
        return self.entries[eid]

    def section(self, name: str) -> dict[str, Entry]:
        return {k: e for k, e in self.entries.items() if e.section == name}


def parse(doc: dict[str, Any]) -> Catalogue:
    entries: dict[str, Entry] = {}
    for section in SECTIONS:
        for eid, raw in (doc.get(section) or {}).items():
            if eid in entries:
                raise ValueError(f"catalogue id {eid!r} appears in {entries[eid].section} and {section}")
            raw = dict(raw)
            entries[eid] = Entry(
                id=eid, section=section, name=dict(raw.pop("name")),
                effects=tuple(dict(e) for e in raw.pop("effects", ())),
                tests={k: int(v) for k, v in (raw.pop("tests", None) or {}).items()},
                attributes=tuple(raw.pop("attributes", ())), data=raw)
    return Catalogue(entries)


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    return parse(yaml.safe_load(PATH.read_text(encoding="utf-8")))
