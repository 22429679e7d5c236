"""A Swidenth figure's characteristics as the rules read them: the profile with its armour
(kept in ``fig.status``), less 4 per live stun token for Combat, Tir, Bravoure and Psychisme
(S-R4). Stun tokens record the turn after which they fall."""
from __future__ import annotations

from collections.abc import Sequence

from game.core.state import Figure
from game.rulesets.swidenth import catalogue as cat_mod

PAS = 25.0                    # mm per pas
ENGAGE = 0.5 * PAS            # engagement distance, edge to edge (S-R6)
STUN_PENALTY = 4
STUNNABLE = ("combat", "tir", "bravoure", "psychisme")
BASE_MM = 25.0


def make(fid: str, side: int, x: float, y: float, warband: str, profile: str, *,
         catalogue: cat_mod.Catalogue | None = None, kit: Sequence[str] | None = None) -> Figure:
    """A figure of a warband's profile, its equipment applied (Défense, Mouv)."""
    cat = catalogue or cat_mod.load()
    prof = cat.profile(warband, profile)
    gear = list(prof.equipment if kit is None else kit)
    stats = dict(prof.stats)
    stats["defense"] = cat_mod.defense(cat, stats["defense"], gear)
    stats["mouv"] = cat_mod.mouv(cat, stats["mouv"], gear)
    vit = int(stats["vitalite"])
    return Figure(id=fid, side=side, profile=profile, name=fid, x=x, y=y, size=BASE_MM,
                  vitality=vit, max_vitality=vit,
                  status={"stats": stats, "kit": gear, "rank": prof.rank, "stun": [], "warband": warband,
                          **({"caster": True, "spells": list(prof.spells)} if prof.spells else {})})


def base_stat(fig: Figure, name: str) -> int:
    return int(fig.status["stats"][name])


def stun_tokens(fig: Figure) -> int:
    return len(fig.status.get("stun", ()))


def stat(fig: Figure, name: str) -> int:
    """The characteristic with the stun penalty (Combat, Tir, Bravoure, Psychisme)."""
    value = base_stat(fig, name)
    if name in STUNNABLE:
        value -= STUN_PENALTY * stun_tokens(fig)
    return value


def stun_mods(fig: Figure) -> list[tuple[str, int]]:
    n = stun_tokens(fig)
    return [("stunned", -STUN_PENALTY * n)] if n else []


def add_stun(fig: Figure, turn: int) -> int:
    """One more token, received during ``turn``: it lasts to the end of turn + 1 (S-R4).
    Returns the expiry turn."""
    fig.status.setdefault("stun", []).append(int(turn) + 1)
    return int(turn) + 1


def expire_stuns(figures: Sequence[Figure], turn: int) -> list[str]:
    """At the end of ``turn``: drop the tokens that expire then; the figures that lost one."""
    out = []
    for f in figures:
        tokens = f.status.get("stun", [])
        keep = [t for t in tokens if t > turn]
        if len(keep) != len(tokens):
            out.append(f.id)
        f.status["stun"] = keep
    return out


def rank(fig: Figure) -> str:
    return str(fig.status.get("rank", "troop"))


def kit(fig: Figure) -> list[str]:
    return fig.status.setdefault("kit", [])
