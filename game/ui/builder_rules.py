"""What the warband builder reads from each ruleset: its catalogue's groups (Evenor's
factions, Mortebrume's hordes), the profiles' names, roles and tooltips, the cost and every
broken recruitment rule as the ruleset's own text keys. Read-only: legality comes from the
ruleset (``warband_breaks``, ``horde_breaks``)."""
from __future__ import annotations

from game.core.text import t

RULESETS = ("evenor", "mortebrume")


def local(text, lang: str) -> str:
    """A catalogue text: plain, or localised with fr/en fields."""
    if isinstance(text, str):
        return text
    return getattr(text, lang, None) or text.fr


class BuilderRules:
    ruleset = ""
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


class EvenorBuilder(BuilderRules):
    ruleset = "evenor"

    def __init__(self):
        from game.rulesets.evenor import stats
        from game.rulesets.evenor.schema import warband_breaks, warband_cost

        super().__init__(stats.catalogue(), warband_breaks, warband_cost)

    def role(self, pid: str, lang: str) -> str:
        return t(f"ui.role.{self.cat.profile(pid).role}", lang)

    def tip(self, pid: str, lang: str) -> str:
        p = self.cat.profile(pid)
        return ", ".join(local(self.cat.traits[r.id].name, lang) for r in p.traits if r.id in self.cat.traits)


class MortebrumeBuilder(BuilderRules):
    ruleset = "mortebrume"
    cost_keys = ("ui.builder.add_points", "ui.builder.remove_points", "ui.builder.cost_points")
    note = "horde.points_note"

    def __init__(self):
        from game.rulesets.mortebrume import stats
        from game.rulesets.mortebrume.schema import horde_breaks, horde_cost

        super().__init__(stats.catalogue(), horde_breaks, horde_cost)

    def role(self, pid: str, lang: str) -> str:
        return t(f"ui.role.{self.cat.profile(pid).rank}", lang)

    def tip(self, pid: str, lang: str) -> str:
        """The fighter's rank, weapons and spell, by name."""
        p = self.cat.profile(pid)
        names = [local(self.cat.weapons[p.weapon].name, lang)]
        if p.second is not None:
            names.append(local(self.cat.weapons[p.second.id].name, lang))
        if p.spell is not None:
            names.append(local(self.cat.spells[p.spell.id].name, lang))
        return t("ui.builder.tip_points", lang, role=self.role(pid, lang), gear=", ".join(names))


def builder_rules(ruleset: str) -> BuilderRules:
    return MortebrumeBuilder() if ruleset == "mortebrume" else EvenorBuilder()
