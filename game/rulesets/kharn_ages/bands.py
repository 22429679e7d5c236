"""A band's recruitment (K-R64): its cost in Kouronnes (each figure's card: profile, weapon,
armour and shield) and the rules a member list breaks, as (member index or None, text key,
args) for the warband builder: known profiles, one faction, 1 to 12 figures. The book's
limitations (LIM X, U, P) are not in the catalogue yet and no budget is imposed: the total
is shown against the book's usual formats (300 and 400 Ko)."""
from __future__ import annotations

from .schema import Catalogue

MOST = 12            # the roster schema's limit, and what two deployment rows hold


def figure_cost(cat: Catalogue, pid: str) -> int:
    """Ko of one figure with its kit (the card's cost)."""
    from .setup import card

    return int(card(cat, pid)["cost"])


def band_cost(cat: Catalogue, members: list) -> int:
    known = cat.all_profiles()
    return sum(figure_cost(cat, pid) for pid in members if pid in known)


def band_breaks(cat: Catalogue, members: list) -> list[tuple[int | None, str, dict]]:
    known = cat.all_profiles()
    out: list[tuple[int | None, str, dict]] = []
    if not members:
        out.append((None, "ka.builder.empty", {}))
    if len(members) > MOST:
        out.append((None, "ka.builder.too_many", {"n": len(members), "most": MOST}))
    first = None
    for i, pid in enumerate(members):
        if pid not in known:
            out.append((i, "ka.builder.unknown", {"profile": str(pid)}))
            continue
        faction = cat.group_of(pid)
        if first is None:
            first = faction
        elif faction != first:
            out.append((i, "ka.builder.mixed", {"profile": pid}))
    return out
