"""Grimoires bought at recruitment (K-R130): the book's two on sale (the catalogue's
``grimoires``: small, 20 Ko for 5 pages; large, 40 Ko, pages without end), the paths a
magician may fill one from (its faction's; Affinité X adds path X; Archimage every path) and
what a band's choice costs and breaks.

A magician's card keeps its small grimoire in its price (K-R90); a band may fill that one
with other spells (same price) or buy the large one instead (the difference in Kouronnes).
A choice is made per profile: every figure of that profile carries the same book and pays
for its own."""
from __future__ import annotations

from typing import Any

from .schema import Catalogue, GrimoireChoice, ProfileModel

SMALL = "petit"          # the size a card's own grimoire has


def open_paths(cat: Catalogue, fid: str, p: ProfileModel) -> set[str]:
    """The paths whose spells this profile may write in its grimoire."""
    if "archimage" in p.skills:
        return {s.path for s in cat.spells.values() if s.path}
    own = cat.factions[fid].path
    extra = p.skills.get("affinite")
    return {x for x in (own, extra) if x}


def offered(cat: Catalogue, pid: str) -> list[str]:
    """The path spells the profile may write in a grimoire (none for a non-magician)."""
    p = cat.profile(pid)
    if "magicien" not in p.skills:
        return []
    paths = open_paths(cat, cat.group_of(pid), p)
    return [sid for sid, s in cat.spells.items() if s.path in paths]


def pages(cat: Catalogue, spells: list[str]) -> int:
    return sum(cat.spells[s].pages or 0 for s in spells if s in cat.spells)


def room(cat: Catalogue, size: str) -> int | None:
    """Pages a grimoire of that size holds (None: no end)."""
    return cat.grimoires[size].pages


def book_cost(cat: Catalogue, choice: GrimoireChoice | dict | None) -> int:
    """Ko a figure pays on top of its card for this grimoire (its card holds a small one)."""
    if not choice:
        return 0
    size = _size(choice)
    if size not in cat.grimoires:
        return 0
    return cat.grimoires[size].cost - cat.grimoires[SMALL].cost


def band_books_cost(cat: Catalogue, members: list, grimoires: dict[str, Any] | None) -> int:
    """Ko the band's bought grimoires add: each figure of a profile pays for its own."""
    return sum(book_cost(cat, (grimoires or {}).get(pid)) for pid in members)


def book_breaks(cat: Catalogue, members: list, pid: str, choice: GrimoireChoice | dict
                ) -> list[tuple[tuple, str, dict]]:
    """What a grimoire choice breaks, as (field path, text key, args): the profile is a
    magician of the band, the size is on sale, each spell is of a path it may write, none
    twice, and the pages fit."""
    if pid not in members:
        return [((), "ka.builder.book.not_member", {"profile": pid})]
    if "magicien" not in cat.profile(pid).skills:
        return [((), "ka.builder.book.not_magician", {"profile": pid})]
    size, spells = _size(choice), _spells(choice)
    if size not in cat.grimoires:
        return [(("size",), "ka.builder.book.size", {"size": size, "known": ", ".join(cat.grimoires)})]
    out: list[tuple[tuple, str, dict]] = []
    may = offered(cat, pid)
    for i, sid in enumerate(spells):
        if sid not in may:
            out.append((("spells", i), "ka.builder.book.spell", {"spell": sid, "profile": pid}))
        elif sid in spells[:i]:
            out.append((("spells", i), "ka.builder.book.twice", {"spell": sid}))
    most, used = room(cat, size), pages(cat, spells)
    if most is not None and used > most:
        out.append((("spells",), "ka.builder.book.pages", {"used": used, "most": most}))
    return out


def carried(cat: Catalogue, pid: str, choice: GrimoireChoice | dict | None) -> list[str]:
    """The grimoire spells a figure of this profile carries: the band's choice, else its card's."""
    return list(_spells(choice)) if choice else list(cat.profile(pid).grimoire)


def _size(choice) -> str:
    return choice.get("size", SMALL) if isinstance(choice, dict) else choice.size


def _spells(choice) -> list[str]:
    return list(choice.get("spells", []) if isinstance(choice, dict) else choice.spells)


def roster_books(spec: Any) -> dict[str, GrimoireChoice]:
    """The grimoires a roster spec buys: a preset id's or a roster file's ``grimoires``;
    none for a bare list of profile ids."""
    from game.data import load_document, roster_paths

    if isinstance(spec, (list, tuple)):
        return {}
    paths = {p.stem: p for p in roster_paths("kharn_ages")}
    doc = load_document(paths.get(str(spec), str(spec)), expected_kind="roster", expected_ruleset="kharn_ages")
    return dict(doc.model.grimoires)
