"""The warband builder's view of Mortebrume: hordes, ranks, weapons and spells as tooltips,
the cost in points and the recruitment rules (from the schema's checks)."""
from __future__ import annotations

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local


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
