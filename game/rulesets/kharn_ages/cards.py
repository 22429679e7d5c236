"""Profile cards as plain data in the game state, and the rules core's ``Fighter`` over a
table figure.

A game keeps the cards of its profiles in ``state.extras["ka"]["cards"]`` (profile id ->
card), resolved at setup from the catalogue (weapon, armour and shield written out in
full), so a save is the scenario, the seed and the decisions, and tests can put any card on
the table. A card::

    {"name": {"fr": ..., "en": ...}, "level": 2, "chars": {"V": 4, ...}, "stature": 3,
     "pa": 5, "pv": 16, "mastery": [["melee", "defence"], ...], "skills": {...},
     "weapon": {...Weapon fields}, "armour": {...} | None, "shield": {...} | None,
     "ranged": {...RangedWeapon fields} | None, "allonge": 0.0, "faction": "kharn", "cost": 60}
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, fields
from typing import Any

from game.core.state import Figure, GameState

from .fighter import Armour, Fighter, Profile, Shield, Weapon
from .shooting import RangedWeapon

KEY = "ka"
_CACHE: dict[str, Profile] = {}
_PARSED: dict[str, tuple[dict[str, Any], dict[str, Profile]]] = {}
_WEAPON = {f.name for f in fields(Weapon)}
_ARMOUR = {f.name for f in fields(Armour)}
_SHIELD = {f.name for f in fields(Shield)}
_RANGED = {f.name for f in fields(RangedWeapon)}


def weapon_of(data: Mapping[str, Any] | None) -> Weapon:
    if not data:
        return Weapon(unarmed=True)
    kw = {k: v for k, v in data.items() if k in _WEAPON}
    if "forbid_simple" in kw:
        kw["forbid_simple"] = tuple(kw["forbid_simple"])
    return Weapon(**kw)


def armour_of(data: Mapping[str, Any] | None) -> Armour | None:
    return Armour(**{k: v for k, v in data.items() if k in _ARMOUR}) if data else None


def shield_of(data: Mapping[str, Any] | None) -> Shield | None:
    return Shield(**{k: v for k, v in data.items() if k in _SHIELD}) if data else None


def ranged_of(data: Mapping[str, Any] | None) -> RangedWeapon | None:
    return RangedWeapon(**{k: v for k, v in data.items() if k in _RANGED}) if data else None


def profile_of(card: Mapping[str, Any]) -> Profile:
    """The rules core's Profile of a card (cached by the card's content)."""
    key = json.dumps(card, sort_keys=True)
    found = _CACHE.get(key)
    if found is None:
        found = Profile(name=str((card.get("name") or {}).get("fr", "")), level=int(card["level"]),
                        chars={k: int(v) for k, v in card["chars"].items()}, stature=int(card["stature"]),
                        pa=int(card["pa"]), pv=int(card["pv"]),
                        mastery=tuple(frozenset(d) for d in card.get("mastery", ())),
                        skills=dict(card.get("skills") or {}), weapon=weapon_of(card.get("weapon")),
                        armour=armour_of(card.get("armour")), shield=shield_of(card.get("shield")),
                        allonge=float(card.get("allonge", 0.0)), faction=str(card.get("faction", "")),
                        ranged=ranged_of(card.get("ranged")), spells=tuple(card.get("spells") or ()),
                        path=str(card.get("path") or ""))
        if len(_CACHE) > 512:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def card_of(profile: Profile, name: Mapping[str, str] | None = None, cost: int = 0) -> dict[str, Any]:
    """A card from a rules-core Profile (tests, sandboxes)."""
    return {"name": dict(name or {"fr": profile.name, "en": profile.name}), "level": profile.level,
            "chars": dict(profile.chars), "stature": profile.stature, "pa": profile.pa, "pv": profile.pv,
            "mastery": [sorted(d) for d in profile.mastery], "skills": dict(profile.skills),
            "weapon": _plain(asdict(profile.weapon)),
            "armour": asdict(profile.armour) if profile.armour else None,
            "shield": asdict(profile.shield) if profile.shield else None,
            "ranged": asdict(profile.ranged) if profile.ranged else None,
            "allonge": profile.allonge, "faction": profile.faction, "cost": cost,
            "spells": list(profile.spells), "path": profile.path}


def _plain(d: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}


def cards(state: GameState) -> dict[str, dict[str, Any]]:
    """The game's cards by profile id (read-only: ``set_cards`` changes them). The state
    keeps them as one JSON text, so cloning a state (every step, every view) copies nothing."""
    text = state.extras.setdefault(KEY, {}).get("cards") or "{}"
    found = _PARSED.get(text)
    if found is None:
        if len(_PARSED) > 64:
            _PARSED.clear()
        found = _PARSED[text] = (json.loads(text), {})
    return found[0]


def set_cards(state: GameState, table: Mapping[str, Mapping[str, Any]]) -> None:
    state.extras.setdefault(KEY, {})["cards"] = json.dumps(table, sort_keys=True, ensure_ascii=False)


def add_card(state: GameState, pid: str, c: Mapping[str, Any]) -> None:
    set_cards(state, {**cards(state), pid: dict(c)})


def card(state: GameState, fig: Figure) -> dict[str, Any]:
    return cards(state)[fig.profile]


def fighter(state: GameState, fig: Figure) -> Fighter:
    """The rules core's view of a table figure (sharing its status)."""
    cards(state)
    profiles = _PARSED[state.extras[KEY]["cards"]][1]
    prof = profiles.get(fig.profile)
    if prof is None:
        prof = profiles[fig.profile] = profile_of(card(state, fig))
    return Fighter(fig, prof)


def fighters(state: GameState) -> dict[str, Fighter]:
    return {fid: fighter(state, f) for fid, f in state.figures.items()}


def label(state: GameState, fig: Figure, lang: str) -> str:
    name = (card(state, fig).get("name") or {})
    return str(name.get(lang) or name.get("fr") or fig.profile)
