"""What the warband builder reads from a ruleset: its catalogue's groups (factions,
hordes...), the profiles' names, roles and tooltips, the cost and every broken recruitment
rule as the ruleset's own text keys. Read-only: legality comes from the ruleset's own
checks. Each ruleset subclasses BuilderRules in its package and names it in its PLUGIN."""
from __future__ import annotations


def local(text, lang: str) -> str:
    """A catalogue text: plain, or localised with fr/en fields."""
    if isinstance(text, str):
        return text
    return getattr(text, lang, None) or text.fr


class BuilderRules:
    ruleset = ""                    # the ruleset id (for loading its rosters)
    cost_keys = ("ui.builder.add", "ui.builder.remove", "ui.builder.cost")
    note = ""                       # a rule between the two sides, shown under the verdict

    def __init__(self, cat, breaks, cost):
        self.cat, self._breaks, self._cost = cat, breaks, cost
        self.groups = list(getattr(cat, cat.groups_field))

    def group_name(self, gid: str, lang: str) -> str:
        return local(getattr(self.cat, self.cat.groups_field)[gid].name, lang)

    def profiles(self, gid: str) -> list[str]:
        return list(getattr(self.cat, self.cat.groups_field)[gid].profiles)

    def group_of(self, pid: str) -> str | None:
        try:
            return self.cat.group_of(pid)
        except KeyError:
            return None

    def name(self, pid: str, lang: str) -> str:
        try:
            return local(self.cat.profile(pid).name, lang)
        except (KeyError, ValueError):
            return pid

    def breaks(self, members: list) -> list:
        return self._breaks(self.cat, members)

    def cost(self, members: list) -> int:
        return self._cost(self.cat, members)

    def role(self, pid: str, lang: str) -> str:
        return ""

    def tip(self, pid: str, lang: str) -> str:
        return ""

    # Extras bought for the members (Khârn-Ages grimoires): a dict the scene keeps beside the
    # members and saves in the roster file under ``extras_field``. None by default.
    extras_field = ""

    def extra_rows(self, members: list, extras: dict, lang: str) -> list[tuple[str, str, str]]:
        """Buttons under the members: (key, label, tooltip); pressing one calls ``press``."""
        return []

    def press(self, key: str, members: list, extras: dict) -> dict:
        """The extras after pressing the row ``key``."""
        return extras

    def extras_cost(self, members: list, extras: dict) -> int:
        return 0

    def extras_breaks(self, members: list, extras: dict) -> list:
        """Rules the extras break, as (index or None, text key, args)."""
        return []

    def refusal(self, members: list, pid: str, lang: str) -> str:
        """Why ``pid`` cannot join these members now, in a few words ("": it can). A ruleset
        that says so has its profile greyed in the builder, this reason after its label."""
        return ""
