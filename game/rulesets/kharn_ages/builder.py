"""The warband builder's view of Khârn-Ages: the factions, each profile's level, its cost in
Kouronnes with its kit (``setup.card``'s cost, what victory counts) and a tooltip naming its
characteristics, weapon, armour, shield and skills; the band's rules (``bands``)."""
from __future__ import annotations

from typing import Any

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local

from .bands import band_breaks, band_cost, figure_cost


class CostedCatalogue:
    """The catalogue as the builder reads it: a profile's ``cost`` is the figure's with its
    kit (the builder lists ``profile(pid).cost``); everything else is the catalogue's."""

    def __init__(self, cat):
        self._cat = cat

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cat, name)

    def profile(self, pid: str):
        p = self._cat.profile(pid)
        return p.model_copy(update={"cost": figure_cost(self._cat, pid)})


class KharnAgesBuilder(BuilderRules):
    ruleset = "kharn_ages"
    cost_keys = ("ka.builder.add", "ka.builder.remove", "ka.builder.cost")
    note = "ka.builder.note"

    def __init__(self):
        from .schema import catalogue

        cat = catalogue()
        super().__init__(CostedCatalogue(cat), lambda c, members: band_breaks(cat, members),
                         lambda c, members: band_cost(cat, members))

    def role(self, pid: str, lang: str) -> str:
        return t("ka.builder.level", lang, n=self.cat.profile(pid).level)

    def tip(self, pid: str, lang: str) -> str:
        """Level and cost, the characteristics, stature, PA and PV, then the kit and skills."""
        p = self.cat.profile(pid)
        chars = " ".join(f"{k} {v}" for k, v in p.chars.items())
        kit = [local(table[ref].name, lang) for table, ref in ((self.cat.weapons, p.weapon),
                                                                (self.cat.armours, p.armour),
                                                                (self.cat.shields, p.shield)) if ref]
        skills = [t(f"ui.ka.skill.{s}", lang) for s in p.skills]
        return t("ka.builder.tip", lang, role=self.role(pid, lang), cost=p.cost, chars=chars, s=p.stature,
                 pa=p.pa, pv=p.pv, gear=", ".join(kit + skills) or "—")
