"""What every ruleset's catalogue shares: profiles kept in groups (factions, hordes...)
and looked up by id across all of them."""
from __future__ import annotations

from typing import Any, ClassVar

from pydantic import PrivateAttr

from game.data.errors import unknown
from game.data.fields import DataModel


class GroupedCatalogue(DataModel):
    """A catalogue whose field named by ``groups_field`` maps group ids to groups, each
    with a ``profiles`` mapping. Profile ids are unique across groups."""

    groups_field: ClassVar[str] = "factions"
    _profiles: dict = PrivateAttr(default_factory=dict)
    _group_of: dict = PrivateAttr(default_factory=dict)

    def model_post_init(self, __context: Any) -> None:
        for gid, group in getattr(self, self.groups_field).items():
            for pid, profile in group.profiles.items():
                self._profiles.setdefault(pid, profile)
                self._group_of.setdefault(pid, gid)

    def profile(self, pid: str):
        try:
            return self._profiles[pid]
        except KeyError:
            raise KeyError(unknown("profile", pid, self._profiles)) from None

    def all_profiles(self) -> dict[str, Any]:
        return dict(self._profiles)

    def group_of(self, pid: str) -> str:
        """The id of the group (faction, horde...) a profile belongs to."""
        return self._group_of[pid]
