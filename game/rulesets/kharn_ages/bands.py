"""A band's recruitment (K-R64, K-R74): its cost in Kouronnes (each figure's card: profile,
weapon, armour and shield) and the rules a member list breaks, as (member index or None, text
key, args) for the warband builder and the roster check: known profiles, one faction (with the
sellswords that serve it), 1 to 12 figures, the book's limitations (LIM X copies, U unique, P a
character taking one of its rank's places) and a leader the book allows. No budget is imposed:
the total is shown against the book's usual formats (300 and 400 Ko)."""
from __future__ import annotations

from collections import Counter

from .schema import Catalogue

MOST = 12            # the roster schema's limit, and what two deployment rows hold
STRIP = (0.0, 0.0, 15.0, 2.0)   # the standard table's deployment strip (toises, K-R63)


def figure_cost(cat: Catalogue, pid: str) -> int:
    """Ko of one figure with its kit (the card's cost)."""
    from .setup import card

    return int(card(cat, pid)["cost"])


def band_cost(cat: Catalogue, members: list, grimoires: dict | None = None) -> int:
    """Ko of the band: each figure's card, and the grimoires bought beyond the cards' (K-R130)."""
    from .spell_books import band_books_cost

    known = cat.all_profiles()
    return sum(figure_cost(cat, pid) for pid in members if pid in known) + \
        band_books_cost(cat, [m for m in members if m in known], grimoires)


def may_serve(cat: Catalogue, pid: str, faction: str) -> bool:
    """The profile may be recruited by a band of this faction (its own, or one it serves)."""
    return cat.group_of(pid) == faction or faction in cat.profile(pid).serves


def band_faction(cat: Catalogue, members: list, declared: str | None = None) -> str | None:
    """The band's faction: the declared one, else the first member's faction that every
    member may serve (a Khârn band led off by a Guilde Noire sellsword is still Khârn), else
    the first known member's."""
    if declared is not None:
        return declared
    known = [pid for pid in members if pid in cat.all_profiles()]
    for fid in dict.fromkeys(cat.group_of(pid) for pid in known):
        if all(may_serve(cat, pid, fid) for pid in known):
            return fid
    return cat.group_of(known[0]) if known else None


def slots(cat: Catalogue, members: list) -> Counter:
    """Places taken per limited profile: its copies, plus the characters of that rank."""
    used: Counter = Counter()
    for pid in members:
        if pid in cat.all_profiles():
            p = cat.profile(pid)
            used[pid] += 1
            if p.lim == "P" and p.character_of:
                used[p.character_of] += 1
    return used


def limit_breaks(cat: Catalogue, members: list) -> list[tuple[int | None, str, dict]]:
    """LIM X, U and P: the first member past its profile's limit (or its rank's) is named."""
    out: list[tuple[int | None, str, dict]] = []
    seen: Counter = Counter()
    for i, pid in enumerate(members):
        if pid not in cat.all_profiles():
            continue
        p = cat.profile(pid)
        seen[pid] += 1
        ranks = [pid] + ([p.character_of] if p.lim == "P" and p.character_of else [])
        for rank in ranks:
            if rank != pid:
                seen[rank] += 1
                if seen[pid] > 1:        # a second copy of the character: said once
                    continue
            most = cat.profile(rank).most
            if most is None or seen[rank] != most + 1:
                continue
            if rank != pid:
                out.append((i, "ka.builder.character_slot", {"profile": pid, "names": rank, "most": most}))
            elif p.lim == "U":
                out.append((i, "ka.builder.unique", {"profile": pid}))
            elif p.lim == "P":
                out.append((i, "ka.builder.character", {"profile": pid}))
            else:
                out.append((i, "ka.builder.limit", {"profile": pid, "most": most}))
    return out


def fits(cat: Catalogue, members: list) -> bool:
    """The bases stand in the standard 15 x 2 toises strip (K-R63: a second row only for
    bases no deeper than half the strip)."""
    from .setup import deploy

    sizes = [float(cat.profile(pid).base) for pid in members if pid in cat.all_profiles()]
    try:
        deploy(STRIP, sizes)
    except ValueError:
        return False
    return True


def can_lead(cat: Catalogue, members: list, pid: str) -> bool:
    """The book's choice of leader: a figure of the band's two highest levels, a character,
    or a card that names it a leader."""
    p = cat.profile(pid)
    levels = sorted({cat.profile(m).level for m in members if m in cat.all_profiles()}, reverse=True)
    return p.leader or p.lim == "P" or p.level in levels[:2]


def leader_of(cat: Catalogue, members: list, chosen: str | None = None) -> int | None:
    """Index of the band's leader: the chosen profile's first figure; else the first figure
    whose card names it a leader, then the first character, then the first of the highest
    level (K-R74)."""
    known = [(i, cat.profile(pid)) for i, pid in enumerate(members) if pid in cat.all_profiles()]
    if not known:
        return None
    if chosen is not None:
        return members.index(chosen) if chosen in members else None
    for test in (lambda p: p.leader, lambda p: p.lim == "P"):
        for i, p in known:
            if test(p):
                return i
    top = max(p.level for _, p in known)
    return next(i for i, p in known if p.level == top)


def roster_leader(ruleset: str, spec) -> str | None:
    """The leader a bundled roster or roster file names (None for a list of profile ids or a
    roster that names none)."""
    from game.data import load_document, roster_paths

    if isinstance(spec, (list, tuple)):
        return None
    path = {p.stem: p for p in roster_paths(ruleset)}.get(str(spec), str(spec))
    return load_document(path, expected_kind="roster", expected_ruleset=ruleset).model.leader


def band_breaks(cat: Catalogue, members: list, faction: str | None = None,
                leader: str | None = None) -> list[tuple[int | None, str, dict]]:
    known = cat.all_profiles()
    out: list[tuple[int | None, str, dict]] = []
    if not members:
        out.append((None, "ka.builder.empty", {}))
    if len(members) > MOST:
        out.append((None, "ka.builder.too_many", {"n": len(members), "most": MOST}))
    band = band_faction(cat, members, faction)
    for i, pid in enumerate(members):
        if pid not in known:
            out.append((i, "ka.builder.unknown", {"profile": str(pid)}))
        elif band is not None and not may_serve(cat, pid, band):
            out.append((i, "ka.builder.mixed", {"profile": pid}))
    out += limit_breaks(cat, members)
    if members and len(members) <= MOST and not fits(cat, members):
        out.append((None, "ka.builder.too_wide", {}))
    if leader is not None:
        if leader not in members:
            out.append((None, "ka.builder.leader_absent", {"profile": str(leader)}))
        elif not can_lead(cat, members, leader):
            out.append((members.index(leader), "ka.builder.leader_cannot", {"profile": leader}))
    return out


def refusal(cat: Catalogue, members: list, pid: str) -> tuple[str, dict] | None:
    """Why adding ``pid`` to the band would break a rule it keeps now (the first new
    break), or None: what the builder shows on a greyed profile."""
    before = {(k, tuple(sorted(a.items()))) for _, k, a in band_breaks(cat, members)}
    for _, key, args in band_breaks(cat, [*members, pid]):
        if (key, tuple(sorted(args.items()))) not in before and key != "ka.builder.empty":
            return key, args
    return None
