"""A figure's effective numbers: thresholds with their modifiers and clamps, move
allowances, weapons still in hand. Everything here reads the catalogue profile and the
figure's status; nothing changes state."""
from __future__ import annotations

from functools import lru_cache

from game.core.state import Figure, GameState
from game.geometry.units import to_mm

PAS = to_mm(1, "pas")

# Move allowances in pas: (fast, with shooting / charge)
MOVES = {"normal": (6.0, 4.0), "rapide": (9.0, 6.0), "lent": (4.5, 3.0)}
STATIC_STEP = 1.0 * PAS
COORD_RANGE = 2.0 * PAS
POWER_RANGE = 12.0 * PAS
PERCEPTION_RANGE = 6.0 * PAS
FEAR_STOP = 4.0 * PAS
HIDE_APPROACH = 1.0 * PAS
HIDE_KNOWN = 4.0 * PAS
COVER_REACH = 1.0 * PAS
TERRAIN_MIN_EXTENT = 0.5 * PAS
PICKUP_REACH = 0.5 * PAS


@lru_cache(maxsize=1)
def catalogue():
    from game.data import load_catalogue

    return load_catalogue("evenor")


def profile(fig: Figure):
    return catalogue().profile(fig.profile)


def has(fig: Figure, trait: str) -> bool:
    return profile(fig).has(trait)


def trait_value(fig: Figure, trait: str):
    return profile(fig).trait(trait)


def clamp(value: int, low: int = 2) -> int:
    """Thresholds stay within low+..6+ (a 6 always succeeds, 1+ only for I and R)."""
    return max(low, min(6, value))


def turn_flag(state: GameState, fig: Figure, name: str) -> bool:
    """Statuses that last for the turn they were gained (blessed, confused, emboldened)."""
    return fig.status.get(name) == state.turn


def initiative(state: GameState, fig: Figure) -> int:
    base = profile(fig).I + (2 if turn_flag(state, fig, "confused") else 0)
    return clamp(base, 1)


def reaction(state: GameState, fig: Figure) -> int:
    base = profile(fig).R + (2 if turn_flag(state, fig, "confused") else 0)
    return clamp(base, 1)


def max_dynamic(state: GameState, fig: Figure) -> int:
    return max(0, 7 - initiative(state, fig))


def ladder(state: GameState, fig: Figure, n: int) -> list[int]:
    """Thresholds of the n initiative rolls: I, I+1, ... (a 6 always succeeds)."""
    i = initiative(state, fig)
    return [min(6, i + k) for k in range(n)]


def save_threshold(state: GameState, fig: Figure) -> int | None:
    s = profile(fig).S
    if s is None:
        return None
    return clamp(s - (1 if turn_flag(state, fig, "blessed") else 0))


def move_kind(fig: Figure) -> str:
    if has(fig, "rapide"):
        return "rapide"
    if has(fig, "lent"):
        return "lent"
    return "normal"


def fast_move(fig: Figure) -> float:
    return MOVES[move_kind(fig)][0] * PAS


def slow_move(fig: Figure) -> float:
    """Allowance of a move with shooting, and of a charge (ruling: same distance)."""
    return MOVES[move_kind(fig)][1] * PAS


def ignores_terrain(fig: Figure) -> bool:
    return has(fig, "volant") or has(fig, "ethere")


def ignores_difficult(fig: Figure) -> bool:
    return has(fig, "marcheur_agile") or ignores_terrain(fig)


def is_monster(fig: Figure) -> bool:
    return fig.max_vitality > 1


def lost_weapons(fig: Figure) -> list[int]:
    return fig.status.get("thrown", [])


def melee_weapon(fig: Figure):
    """The weapon a figure fights with: its strongest melee weapon still in hand
    (ruling: enchanted wins a tie). Returns (index, weapon) or (None, None)."""
    best = (None, None)
    for i, w in enumerate(profile(fig).weapons):
        if i in lost_weapons(fig) or (w.range is not None and not w.thrown):
            continue
        if best[1] is None or (w.power, w.enchanted) > (best[1].power, best[1].enchanted):
            best = (i, w)
    return best


def ranged_weapons(fig: Figure) -> list[tuple[int, object]]:
    return [(i, w) for i, w in enumerate(profile(fig).weapons)
            if w.range is not None and i not in lost_weapons(fig)]


def courage(state: GameState, fig: Figure) -> int:
    """Threshold of rolls against a frightening figure (4+; 3+ brave; 5+ faint-hearted).
    Activated with a Meneur charismatique, a figure gains Courageux for the turn, or, if it
    is Peu courageux, loses that and only that (4+)."""
    bold = turn_flag(state, fig, "emboldened")
    if has(fig, "peu_courageux"):
        return 4 if bold else 5
    if has(fig, "courageux") or bold:
        return 3
    return 4


def frightens(fig: Figure, other: Figure) -> bool:
    """Does ``fig`` frighten ``other``? (Frightening figures ignore each other.)"""
    return has(fig, "effrayant") and not has(other, "effrayant")


def is_leader(fig: Figure) -> bool:
    return has(fig, "meneur") or has(fig, "meneur_charismatique")


def powers(fig: Figure) -> list[tuple[str, int]]:
    """Occult powers and Perception usable as a static action: (trait id, threshold)."""
    out = []
    for tid in ("benediction", "confusion", "soin", "perception"):
        v = trait_value(fig, tid)
        if v is not None and v is not True:
            out.append((tid, int(v)))
    return out


def value_do(fig: Figure) -> int:
    return profile(fig).cost


def catalogue_problems(member_ids: list[str]) -> list[str]:
    """Warband rules (members, Meneur, Monstre, Magicien, Tireurs, 50 DO): readable problems."""
    from game.rulesets.evenor.schema import warband_problems

    return warband_problems(catalogue(), member_ids)


def engaged_with(state: GameState, table, fig: Figure) -> list[Figure]:
    """Enemies in base contact with ``fig`` (still in play)."""
    return [e for e in state.enemies_of(fig) if table.contact(fig.id, e.id)]
