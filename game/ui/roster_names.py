"""Warband names as players read them: a roster's own name in the interface's language
("Marteaux d'Abelber") rather than its id or file name ("abelberiens"). Looked up once per
roster and language (the top bar asks every frame)."""
from __future__ import annotations

import os
from pathlib import Path

_TITLES: dict[tuple, str] = {}


def roster_title(ruleset: str, ref: str, lang: str) -> str:
    """`ref`: a preset id, a roster file's path, or the id a game recorded for a side.
    Falls back to the id (or the file's name) when no roster file names it."""
    key = (ruleset, str(ref), lang, os.environ.get("ESCARMOUCHE_HOME"))   # cheap: every frame
    if key not in _TITLES and ref == "custom":          # a list of profiles, not a roster file
        from game.core.text import t

        _TITLES[key] = t("ui.roster.custom", lang)
    if key not in _TITLES:
        _TITLES[key] = _find(ruleset, str(ref), lang) or (Path(str(ref)).stem if ref else "")
    return _TITLES[key]


def picked_title(ruleset: str, profiles: list[str], lang: str) -> str:
    """A warband given as a list of profiles (a guided game's, a scenario's): named after the
    preset warband its figures come from ("Les Spartiates de Léonidas : 3 figurines
    choisies"), else said to be hand-picked."""
    from game.core.text import t
    from game.data import DataError, load_document, roster_paths

    key = (ruleset, tuple(profiles), lang, "picked")
    if key not in _TITLES:
        name = None
        for path in roster_paths(ruleset):
            try:
                model = load_document(path, expected_kind="roster", expected_ruleset=ruleset).model
            except (DataError, OSError):
                continue
            if profiles and set(profiles) <= set(model.members):
                name = getattr(model.name, lang, None) or model.name.fr
                break
        _TITLES[key] = t("ui.roster.picked", lang, roster=name, n=len(profiles)) if name \
            else t("ui.roster.custom", lang)
    return _TITLES[key]


def _find(ruleset: str, ref: str, lang: str) -> str | None:
    from game.data import DataError, load_document, roster_paths
    from game.ui.settings import rosters_dir

    presets = list(roster_paths(ruleset))
    saved = sorted(rosters_dir().glob("*.yaml")) if rosters_dir().exists() else []
    named = [p for p in presets + saved if p.stem == ref or str(p) == ref]
    for path in named or presets + saved:        # else: the file whose id the game recorded
        try:
            model = load_document(path, expected_kind="roster", expected_ruleset=ruleset).model
        except (DataError, OSError):
            continue
        if named or model.id == ref:
            return getattr(model.name, lang, None) or model.name.fr
    return None
