"""How a Swidenth figure is named to players: a figure the setup placed reads as its
profile in the language, numbered when its warband fields several of that profile
("Légionnaire 3", the number given by the setup); a figure given a name of its own keeps
it. Shared by the narration and the window."""
from __future__ import annotations

from game.core.state import Figure
from game.rulesets.swidenth import catalogue as cat_mod


def figure_name(fig: Figure, lang: str) -> str:
    if fig.name != fig.id:
        return fig.name
    try:
        band = cat_mod.load().warbands[fig.status.get("warband")]
        name = band["profiles"][fig.profile]["name"][lang]
    except (KeyError, TypeError):
        return fig.name
    number = fig.status.get("number")      # set by the setup when the profile repeats
    return f"{name} {number[0]}" if number else name
