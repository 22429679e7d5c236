"""The warband builder's view of Swidenth: warbands, ranks, equipment and spells as tooltips,
the cost in points (S-R22) and the warband limits (from the schema's checks)."""
from __future__ import annotations

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local


class SwidenthBuilder(BuilderRules):
    ruleset = "swidenth"
    cost_keys = ("sw.builder.add", "sw.builder.remove", "sw.builder.cost")
    note = "sw.builder.note"

    def __init__(self):
        from game.rulesets.swidenth import catalogue
        from game.rulesets.swidenth.schema import warband_breaks, warband_cost

        super().__init__(catalogue.model(), warband_breaks, warband_cost)

    def role(self, pid: str, lang: str) -> str:
        return t(f"sw.builder.rank.{self.cat.profile(pid).rank}", lang)

    def tip(self, pid: str, lang: str) -> str:
        """The figure's rank, then its weapons, armour and spells by name."""
        p = self.cat.profile(pid)
        items = {**self.cat.armour, **self.cat.weapons}
        names = [local(items[e].name, lang) for e in p.equipment if e in items]
        names += [local(self.cat.spells[s].name, lang) for s in p.spells if s in self.cat.spells]
        return t("sw.builder.tip", lang, role=self.role(pid, lang), gear=", ".join(names))
