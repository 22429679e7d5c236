"""What a Bonus / Malus team costs and may hold (B-R24, B-R64, B-R65): a profile's points
(its competence levels, attributes and powers, and equipment, priced by the catalogue's
``points``) and a member list's limits (100 points, 3 to 8 figures of one player band with
at most one Personnage or Énorme; a neutral group 2 to 6 figures of a neutral band)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rulesets._shared.rosters import break_messages, known_cost

if TYPE_CHECKING:
    from .schema import Catalogue, Profile

TEAM_POINTS = 100
PLAYER_FIGURES = (3, 8)
NEUTRAL_FIGURES = (2, 6)
CHARACTERS = ("personnage", "enorme")  # at most one of these per team (B-R24)


def attribute_points(cat: Catalogue, aid: str, param: Any) -> int:
    if aid in cat.powers:
        return cat.points.powers.get(aid, cat.points.power_default)
    price = cat.points.attributes.get(aid, cat.points.attribute_default)
    attr = cat.attributes.get(aid)
    if attr is not None and attr.param == "count" and isinstance(param, int) and param > 1:
        return price * param
    return price


def profile_points(cat: Catalogue, prof: Profile) -> int:
    """B-R64: each listed competence at its level's price (an unlisted one rolls at 3- and
    costs nothing), plus its attributes and powers, plus its equipment."""
    comps = sum(cat.points.level(v) for v in prof.competences.values())
    attrs = sum(attribute_points(cat, a, p) for a, p in prof.attributes.items())
    kit = sum(cat.points.equipment.get(e, 0) for e in prof.equipment)
    return comps + attrs + kit


def band_breaks(cat: Catalogue, members: list, neutral: bool | None = None) -> list[tuple[int | None, str, dict]]:
    """Every team rule (B-R24, B-R65) a member list breaks, as (member index or None, text
    key, args): known profiles of one band; a player team (a player band's profiles) has 3
    to 8 figures, at most one Personnage or Énorme and 100 points; a neutral group (a
    neutral band's) 2 to 6 figures and 100 points. ``neutral`` says which the list must be
    (None: whatever its first profile's band is). The builder shows them through the string
    catalogue ("bm.roster.*"); setup and data files through ``band_issues``."""
    profiles = cat.all_profiles()
    out: list[tuple[int | None, str, dict]] = []
    if not members:
        out.append((None, "bm.roster.empty", {}))
    first = None
    characters: list[int] = []
    cost, cost_at = 0, None
    for i, pid in enumerate(members):
        prof = profiles.get(pid) if isinstance(pid, str) else None
        if prof is None:
            out.append((i, "bm.roster.unknown_profile", {"profile": str(pid)}))
            continue
        band = cat.band_of(pid)
        if first is None:
            first = band
            if neutral is not None and cat.bands[band].neutral != neutral:
                out.append((i, "bm.roster.neutral" if neutral else "bm.roster.player", {"band": band}))
        elif band != first:
            out.append((i, "bm.roster.mixed", {"profile": pid, "band": band, "first": first}))
        if any(prof.has(c) for c in CHARACTERS):
            characters.append(i)
        cost += prof.cost
        if cost > TEAM_POINTS and cost_at is None:
            cost_at = i
    is_neutral = cat.bands[first].neutral if first is not None else bool(neutral)
    low, high = NEUTRAL_FIGURES if is_neutral else PLAYER_FIGURES
    if not is_neutral and len(characters) > 1:
        out.append((characters[1], "bm.roster.characters", {"count": len(characters)}))
    n = len(members)
    if members and not low <= n <= high:
        out.append((high if n > high else None, "bm.roster.size", {"n": n, "min": low, "max": high}))
    if cost_at is not None:
        out.append((cost_at, "bm.roster.points", {"cost": cost, "max": TEAM_POINTS}))
    return out


def band_issues(cat: Catalogue, members: list, neutral: bool | None = None) -> list[tuple[int | None, str]]:
    """The same rules as plain English messages (data files, setup)."""
    return break_messages(cat, members, band_breaks(cat, members, neutral), "bm.roster.unknown_profile")


band_cost = known_cost      # the points of the members the catalogue knows
