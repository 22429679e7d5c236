"""The warband builder's view of Evenor: factions, roles, traits as tooltips, the cost in
DO and the book's recruitment rules (from the schema's checks)."""
from __future__ import annotations

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local


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
