"""The warband builder's view of Khârn-Ages: the factions (each with the Guilde Noire
sellswords that serve it after its own profiles), each profile's level, limitation and leader
mark, its cost in Kouronnes with its kit (``setup.card``'s cost, what victory counts) and a
tooltip naming its characteristics, weapon, armour, shield and skills; the band's rules and
why a profile cannot be added now (``bands``, K-R74)."""
from __future__ import annotations

from typing import Any

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local

from .bands import band_breaks, band_cost, figure_cost, refusal


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
    note = "ka.builder.note_limits"

    def __init__(self):
        from .schema import catalogue

        cat = catalogue()
        super().__init__(CostedCatalogue(cat), lambda c, members: band_breaks(cat, members),
                         lambda c, members: band_cost(cat, members))

    def profiles(self, gid: str) -> list[str]:
        """The faction's own profiles, then the other factions' that serve it."""
        own = super().profiles(gid)
        hired = [pid for fid in self.groups if fid != gid for pid in self.cat.factions[fid].profiles
                 if gid in self.cat.profile(pid).serves]
        return own + hired

    def role(self, pid: str, lang: str) -> str:
        """Level and limitation ("level 3, LIM U, leader")."""
        p = self.cat.profile(pid)
        lim = t("ka.builder.no_lim", lang) if p.lim is None else str(p.lim)
        return t("ka.builder.role_leader" if p.leader else "ka.builder.role", lang,
                 level=t("ka.builder.level", lang, n=p.level), lim=lim)

    def refusal(self, members: list, pid: str, lang: str) -> str:
        """Why ``pid`` cannot join the band now, in a few words ("" when it can): the rule it
        would break."""
        found = refusal(self.cat._cat, list(members), pid)
        if found is None:
            return ""
        key, args = found
        args = {k: (self.name(v, lang) if k in ("profile", "names") else v) for k, v in args.items()}
        return t(key.replace("ka.builder.", "ka.builder.short."), lang, **args)

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
