"""What every ruleset's roster checks share: a ruleset lists the rules a member list breaks
as (member index or None, text key, arguments); this module words them in English for data
files and set-up, adds up the members' points, and turns the messages into a roster
document's issues."""
from __future__ import annotations

from collections.abc import Iterable

from game.data.errors import Issue, unknown


def break_messages(cat, members: list, breaks: Iterable[tuple[int | None, str, dict]],
                   unknown_key: str) -> list[tuple[int | None, str]]:
    """``breaks`` as plain English messages; ``unknown_key`` (an unknown profile) names the
    closest known profiles."""
    from game.core.text import t

    profiles = cat.all_profiles()
    return [(i, unknown("profile", members[i], profiles) if key == unknown_key else t(key, "en", **args))
            for i, key, args in breaks]


def known_cost(cat, members: list) -> int:
    """The points of the members the catalogue knows."""
    profiles = cat.all_profiles()
    return sum(profiles[pid].cost for pid in members if isinstance(pid, str) and pid in profiles)


def roster_issues(messages: Iterable[tuple[int | None, str]]) -> list[Issue]:
    """A roster document's issues, each at its member (or at the member list)."""
    return [Issue(("members",) if i is None else ("members", i), msg) for i, msg in messages]
