"""The warband builder's view of Khârn-Ages: the factions (each with the Guilde Noire
sellswords that serve it after its own profiles), each profile's level, limitation and leader
mark, its cost in Kouronnes with its kit (``setup.card``'s cost, what victory counts) and a
tooltip naming its characteristics, weapon, armour, shield and skills; the band's rules and
why a profile cannot be added now (``bands``, K-R74)."""
from __future__ import annotations

from typing import Any

from game.core.text import t
from game.rulesets._shared.builder import BuilderRules, local

from . import spell_books as SB
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

    # ---------------------------------------------------------------- grimoires (K-R130)
    extras_field = "grimoires"

    def magicians(self, members: list) -> list[str]:
        """The band's magician profiles, once each, in the members' order."""
        known = self.cat.all_profiles()
        return list(dict.fromkeys(p for p in members if p in known and "magicien" in self.cat.profile(p).skills))

    def book(self, pid: str, extras: dict) -> dict:
        """The grimoire a magician profile carries: the band's choice, else its card's small one."""
        got = extras.get(pid)
        if got:
            return {"size": got.get("size", SB.SMALL), "spells": list(got.get("spells", []))}
        return {"size": SB.SMALL, "spells": list(self.cat.profile(pid).grimoire)}

    def extra_rows(self, members: list, extras: dict, lang: str) -> list[tuple[str, str, str]]:
        """Per magician: its grimoire's size (press: the other size) with its pages and price,
        then each spell it may write, ticked when written (press: in or out)."""
        cat = self.cat._cat
        rows = []
        for pid in self.magicians(members):
            b = self.book(pid, extras)
            most = SB.room(cat, b["size"])
            used = SB.pages(cat, b["spells"])
            size = local(cat.grimoires[b["size"]].name, lang)
            rows.append((f"book.{pid}.size", t("ka.builder.book.row", lang, name=self.name(pid, lang), size=size,
                                               used=used, most="∞" if most is None else most,
                                               cost=SB.book_cost(cat, b) * members.count(pid)),
                         t("ka.builder.book.tip", lang)))
            for sid in SB.offered(cat, pid):
                sp = cat.spells[sid]
                mark = "ka.builder.book.spell_in" if sid in b["spells"] else "ka.builder.book.spell_out"
                rows.append((f"book.{pid}.spell.{sid}", t(mark, lang, spell=local(sp.name, lang), pages=sp.pages or 0,
                                                           path=t(f"ka.path.{sp.path}", lang)),
                             t("ka.builder.book.spell_tip", lang)))
        return rows

    def press(self, key: str, members: list, extras: dict) -> dict:
        """Size: small and large in turn; a spell: written in or struck out."""
        _, pid, what, *rest = key.split(".")
        b = self.book(pid, extras)
        if what == "size":
            sizes = list(self.cat.grimoires)
            b["size"] = sizes[(sizes.index(b["size"]) + 1) % len(sizes)] if b["size"] in sizes else SB.SMALL
        else:
            sid = rest[0]
            b["spells"] = [s for s in b["spells"] if s != sid] if sid in b["spells"] else b["spells"] + [sid]
        return {**{k: v for k, v in extras.items() if k in members}, pid: b}

    def extras_cost(self, members: list, extras: dict) -> int:
        return SB.band_books_cost(self.cat._cat, [m for m in members if m in self.cat.all_profiles()], extras)

    def extras_breaks(self, members: list, extras: dict) -> list:
        cat = self.cat._cat
        return [(None, key, {**args, **({"profile": pid} if "profile" not in args else {})})
                for pid, choice in extras.items() if pid in members
                for _, key, args in SB.book_breaks(cat, list(members), pid, choice)]

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
