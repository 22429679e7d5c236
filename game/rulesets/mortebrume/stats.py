"""Profile queries and the numbers of the rules: units, reach bands, mist table, allowances.
Small query functions here are the API the interface and the AI read (mist radius, reach
bands, facing, shooting bands)."""
from __future__ import annotations

import math
from functools import lru_cache

from game.core.state import Figure, GameState
from game.rulesets._shared import facing

CM = 10.0                 # mm per cm
CONTACT = 4.0 * CM        # melee reaches at most 4 cm
BANDS = {"short": (0.0, 1.5 * CM), "long": (1.5 * CM, 2.5 * CM), "heavy": (2.5 * CM, 4.0 * CM)}
OUT_OF_BAND = -3          # to the weapon-handling roll outside the ideal band
BACK_BONUS = 3            # attacking from behind
DODGE_STEP = 2.5 * CM     # free move of a successful dodge
MIN_MOVE = 3.0 * CM       # the minimum move per turn
FOREST_LIMIT = 6.0 * CM   # projectiles cross at most 6 cm of forest
MIST_TABLE = ((2, 15), (4, 20), (8, 25), (11, 30), (12, 35))  # (highest 2D6 total, cm)
FACINGS = tuple(range(0, 360, 45))
EPS = 1e-6


@lru_cache(maxsize=1)
def _catalogue():
    from game.data import load_catalogue

    return load_catalogue("mortebrume")


def catalogue():
    return _catalogue()


def profile(fig: Figure):
    return catalogue().profile(fig.profile)


def weapon(wid: str):
    return catalogue().weapons[wid]


def spell(sid: str):
    return catalogue().spells[sid]


def mist_for(total: int) -> int:
    """Visibility in cm for a 2D6 total."""
    for top, cm in MIST_TABLE:
        if total <= top:
            return cm
    return MIST_TABLE[-1][1]


def mist_radius(state: GameState) -> float:
    """Visibility distance in mm (nothing beyond it can be seen, targeted, shot or spelled)."""
    return float(state.extras.get("mist_cm", 25)) * CM


def weapons_of(fig: Figure) -> list[tuple[str, int]]:
    """(weapon id, handling) pairs: the main weapon first, then the second one."""
    p = profile(fig)
    out = [(p.weapon, p.skill)]
    if p.second is not None:
        out.append((p.second.id, p.second.skill))
    return out


def melee_weapons(fig: Figure) -> list[tuple[str, int]]:
    """The weapons the fighter strikes with (bare hands when it has none): thrown and shot
    weapons never strike under their allonge, so never in melee."""
    out = [(w, s) for w, s in weapons_of(fig) if weapon(w).use == "melee"]
    return out or [("mains_nues", max(0, profile(fig).skill // 2))]


def melee_choice(fig: Figure) -> list[tuple[str, int]]:
    """The melee weapons the fighter may still handle this turn: one weapon per turn, so
    once it has struck, shot or riposted only that weapon is left (none after a shot)."""
    used = fig.status.get("weapon")
    ws = melee_weapons(fig)
    return ws if used is None else [(w, s) for w, s in ws if w == used]


def use_weapon(fig: Figure, wid: str) -> None:
    fig.status["weapon"] = wid


def ranged_weapons(fig: Figure) -> list[tuple[str, int]]:
    return [(w, s) for w, s in weapons_of(fig) if weapon(w).use in ("shot", "throw")]


def reach_band(wid: str) -> tuple[float, float]:
    """The ideal band (mm) of a melee weapon."""
    return BANDS[weapon(wid).reach or "short"]


def in_band(wid: str, dist: float) -> bool:
    lo, hi = reach_band(wid)
    return (lo - EPS if lo > 0 else -1.0) <= dist <= hi + EPS


def shot_band(wid: str, dist: float, mist: float) -> str:
    """'close' (under the allonge), 'ideal', 'far' (-3, half damage), 'out' (beyond 10x
    allonge or the mist)."""
    a = weapon(wid).allonge * CM
    if dist > mist + EPS or dist > 10 * a + EPS:
        return "out"
    if dist < a - EPS:
        return "close"
    return "ideal" if dist <= 6 * a + EPS else "far"


def free_mover(fig: Figure) -> bool:
    """May move both before and after striking: unarmed, a single one-handed weapon, or a bow."""
    p = profile(fig)
    main = weapon(p.weapon)
    if main.bow:
        return True
    if p.shield is not None or p.second is not None and weapon(p.second.id).use == "melee":
        return False
    return main.hands == 1


def can_walk(fig: Figure) -> bool:
    p = profile(fig)
    return p.encumbrance < p.move


def walk(fig: Figure) -> float:
    """The walk this turn in mm: halved when wounded before acting or hindered by magic."""
    p = profile(fig)
    if not can_walk(fig):
        return 0.0
    w = p.move * CM
    if fig.status.get("hurt"):
        w /= 2
    if fig.status.get("hindered"):
        w /= 2
    return w


def size(fig: Figure) -> int:
    """Height class: 0 tiny, 1 standard, 2 large, 3 very large, 4 huge."""
    return int(profile(fig).size)


def armour(fig: Figure) -> int:
    return max(0, int(fig.status.get("armour", profile(fig).armour)) + int(fig.status.get("ward", 0)))


def will(fig: Figure) -> int:
    return int(fig.status.get("will", profile(fig).will))


def resistance(fig: Figure, stat: str) -> int:
    if stat == "volonte":
        return will(fig)
    if stat == "armure":
        return armour(fig)
    return fig.vitality


def tens(dist_mm: float) -> int:
    """One point per full ten centimetres (dodge and shield against shots)."""
    return int(dist_mm // (10 * CM) + EPS)


def half_distance(dist_mm: float) -> float:
    """Difficulty of shots and spells: half the distance in cm."""
    return dist_mm / CM / 2.0


def standing(state: GameState, side: int) -> list[Figure]:
    return [f for f in state.figures_of(side) if not f.status.get("dead")]


def facing_to(fig: Figure, point: tuple[float, float]) -> float:
    return facing.heading_to(fig.pos, point)


def in_front(fig: Figure, point: tuple[float, float]) -> bool:
    """Is the point inside the 180 degree field of vision (the side opposite the back)?"""
    return facing.in_front(fig, point)


def in_field(viewer: Figure, other: Figure) -> bool:
    """Is any part of ``other``'s base inside ``viewer``'s field of vision (the half-plane in
    front of the line through its centre)? A square base is in it as soon as one of its
    corners is: its centre lies no farther behind the line than the base reaches forward."""
    a = math.radians(viewer.facing)
    ahead = (other.x - viewer.x) * math.cos(a) + (other.y - viewer.y) * math.sin(a)
    if ahead >= -facing.ARC_EPS:
        return True
    turn = math.radians(other.facing - viewer.facing)
    half = other.size / 2
    reach = half if other.shape == "round" else half * (abs(math.cos(turn)) + abs(math.sin(turn)))
    return ahead + reach >= -facing.ARC_EPS


def from_behind(attacker: Figure, target: Figure) -> bool:
    """An attack from behind: no part of the attacker's base in the target's field."""
    return not in_field(target, attacker)


def weapon_skill(fig: Figure, wid: str) -> int:
    for w, s in weapons_of(fig):
        if w == wid:
            return s
    return max(0, profile(fig).skill // 2)  # bare hands


def has_reserved(fig: Figure) -> bool:
    """A reserved action still unused this turn (and the fighter able to use it)."""
    return bool(profile(fig).reserved) and not fig.status.get("reserved_used") \
        and not fig.out and not fig.status.get("stunned")
