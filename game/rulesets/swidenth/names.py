"""How a Swidenth figure is named to players: a figure the setup placed reads as its
profile in the language, numbered when its warband fields several of that profile
("Légionnaire 3"); a figure given a name of its own keeps it. Shared by the narration and
the window."""
from __future__ import annotations

import re

from game.core.state import Figure
from game.rulesets.swidenth import catalogue as cat_mod

_SETUP_ID = re.compile(r"s\d+_(\d+)_(.+)")


def rank_in_roster(fig: Figure) -> tuple[int, int]:
    """(its number among the figures of its profile, how many there are), from a setup id
    ``s<side>_<index>_<profile>`` and its warband's roster; (1, 1) for any other id."""
    from game.rulesets.swidenth import setup

    m = _SETUP_ID.fullmatch(fig.id)
    if m is None or m.group(2) != fig.profile:
        return 1, 1
    try:
        roster = setup.roster(str(fig.status.get("warband")))
    except KeyError:
        return 1, 1
    i = int(m.group(1))
    if i >= len(roster):
        return 1, 1
    return roster[:i + 1].count(fig.profile), roster.count(fig.profile)


def figure_name(fig: Figure, lang: str) -> str:
    if fig.name != fig.id:
        return fig.name
    try:
        band = cat_mod.load().warbands[fig.status.get("warband")]
        name = band["profiles"][fig.profile]["name"][lang]
    except (KeyError, TypeError):
        return fig.name
    n, of = rank_in_roster(fig)
    return f"{name} {n}" if of > 1 else name
