"""The warband builder's view of Bonus / Malus: bands (the neutral group's left out), each
profile's role (character, Psi-sensitive or trooper) and a tooltip naming its competences,
attributes and equipment, the cost in points (B-R64) and the team limits (from the
schema's checks)."""
from __future__ import annotations

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local


def level_text(level: int) -> str:
    """The level as it follows a competence's name: " 2+", "+", "" (plain), "-", " 2-"."""
    if level == 0:
        return ""
    sign = "+" if level > 0 else "-"
    return sign if abs(level) == 1 else f" {abs(level)}{sign}"


class BonusMalusBuilder(BuilderRules):
    ruleset = "bonus_malus"
    cost_keys = ("bm.builder.add", "bm.builder.remove", "bm.builder.cost")
    note = "bm.builder.note"

    def __init__(self):
        from game.rulesets.bonus_malus.datafiles import catalogue_model
        from game.rulesets.bonus_malus.teams import band_breaks, band_cost

        cat = catalogue_model()
        super().__init__(cat, lambda c, members: band_breaks(c, members, neutral=False), band_cost)
        self.groups = [b for b in self.groups if not cat.bands[b].neutral]

    def role(self, pid: str, lang: str) -> str:
        p = self.cat.profile(pid)
        if p.has("personnage") or p.has("enorme"):
            return t("bm.builder.role.character", lang)
        if p.has("sensible_psi"):
            return t("bm.builder.role.psi", lang)
        return t("bm.builder.role.trooper", lang)

    def competences(self, pid: str, lang: str) -> str:
        """"Initiative+, Combat, Tir+, Moral" in the profile's order."""
        p = self.cat.profile(pid)
        return ", ".join(t(f"bm.builder.comp.{c}", lang) + level_text(v) for c, v in p.competences.items())

    def tip(self, pid: str, lang: str) -> str:
        """The figure's role and points, its competences, then its attributes, powers and
        equipment by name."""
        p = self.cat.profile(pid)
        names = []
        for aid, param in p.attributes.items():
            name = local(self.cat.entry(aid).name, lang)
            if isinstance(param, int) and self.cat.attributes.get(aid) is not None \
                    and self.cat.attributes[aid].param == "count":
                name = f"{name} {param}"
            elif isinstance(param, int) and param:
                name = f"{name}{level_text(param)}"
            elif isinstance(param, str):
                name = f"{name} {param}"
            names.append(name)
        kit = self.cat.equipment()
        names += [local(kit[e].name, lang) for e in p.equipment if e in kit]
        return t("bm.builder.tip", lang, role=self.role(pid, lang), cost=p.cost,
                 competences=self.competences(pid, lang), gear=", ".join(names) or "—")
