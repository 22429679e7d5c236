"""The warband builder on pygame-gui: a ruleset drop-down (each ruleset's warband rules, as
it declares them), a faction (or horde) drop-down, the faction's profiles and the
chosen members in scrolling lists, the cost and the warband's legality live (each broken
rule in the player's language, from the ruleset's text keys), preset warbands, and rosters
saved and loaded as YAML in the user folder. Fits a 1280 x 800 window at 200 %."""
from __future__ import annotations

import pygame
import yaml
from pygame_gui.elements import UIDropDownMenu

from game.core.text import t
from game.rulesets._shared.builder import local
from game.ui import theme
from game.ui.rules_info import builder_for, rulesets
from game.ui.scenes.common import GuiScene
from game.ui.settings import rosters_dir


class BuilderScene(GuiScene):
    def __init__(self, app, ruleset: str | None = None):
        super().__init__(app)
        self.dropdowns: dict[str, UIDropDownMenu] = {}
        self.values: dict[str, list[str]] = {}
        self.lists: dict[str, object] = {}
        self._parts: list = []
        self.message = ""
        self.set_ruleset(ruleset or rulesets()[0], rebuild=False)

    def set_ruleset(self, ruleset: str, rebuild: bool = True) -> None:
        self.rules = builder_for(ruleset)
        self.ruleset = self.rules.ruleset
        self.cat = self.rules.cat
        self.factions = self.rules.groups
        self.faction = 0
        self.members: list[str] = []
        self.extras: dict = {}          # what the ruleset sells beside the members (grimoires)
        self.message = ""
        self._loaded = -1
        if rebuild:
            self.refresh()

    def faction_id(self) -> str:
        return self.factions[self.faction]

    def _name(self, pid: str) -> str:
        return self.rules.name(pid, self.app.lang)

    def problems(self) -> list[str]:
        """Every warband rule broken, in the player's language (the ruleset's text keys)."""
        lang = self.app.lang
        out = []
        broken = self.rules.breaks(self.members) + self.rules.extras_breaks(self.members, self.extras)
        for _, key, args in broken:
            args = dict(args)
            if "profile" in args:
                args["profile"] = self._name(args["profile"])
            if "names" in args:
                args["names"] = ", ".join(self._name(p.strip()) for p in args["names"].split(","))
            out.append(t(key, lang, **args))
        return out

    def cost(self) -> int:
        return self.rules.cost(self.members) + self.rules.extras_cost(self.members, self.extras)

    # --- changes
    def set_faction(self, index: int) -> None:
        if index != self.faction:
            self.faction = index
            self.members, self.message, self.extras = [], "", {}
            self.refresh()

    def add(self, pid: str) -> None:
        self.members.append(pid)
        self._changed()

    def remove(self, i: int) -> None:
        del self.members[i]
        self.extras = {k: v for k, v in self.extras.items() if k in self.members}
        self._changed()

    def press(self, key: str) -> None:
        """An extra's row (a grimoire's size or one of its spells) pressed."""
        self.extras = self.rules.press(key, self.members, self.extras)
        self._changed()

    def _read_extras(self, doc) -> None:
        field = self.rules.extras_field
        got = getattr(doc, field, None) if field else None
        self.extras = {k: (v.model_dump() if hasattr(v, "model_dump") else dict(v)) for k, v in (got or {}).items()}

    def preset(self) -> None:
        from game.data import load_document, roster_paths

        for p in roster_paths(self.ruleset):
            doc = load_document(p, expected_kind="roster", expected_ruleset=self.ruleset).model
            if doc.members and self.rules.group_of(doc.members[0]) == self.faction_id():
                self.members = list(doc.members)
                self._read_extras(doc)
                self.message = t("ui.builder.preset_loaded", self.app.lang, name=local(doc.name, self.app.lang))
        self._changed()

    def save(self) -> str | None:
        lang = self.app.lang
        if self.problems():
            self.message = t("ui.builder.cannot_save", lang)
            self._changed()
            return None
        d = rosters_dir()
        d.mkdir(parents=True, exist_ok=True)
        n = 1
        while (d / f"{self.faction_id()}_{n}.yaml").exists():
            n += 1
        rid = f"{self.faction_id()}_{n}"
        names = {lg: f"{self.rules.group_name(self.faction_id(), lg)} {n}" for lg in ("fr", "en")}
        doc = {"kind": "roster", "ruleset": self.ruleset, "id": rid, "name": names,
               "members": list(self.members)}
        if self.rules.extras_field and self.extras:
            doc[self.rules.extras_field] = self.extras
        path = d / f"{rid}.yaml"
        path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
        self.message = t("ui.builder.saved", lang, path=str(path))
        self._changed()
        return str(path)

    def saved_files(self) -> list:
        from game.ui.scenes.menu import saved_rosters

        return saved_rosters(self.ruleset)

    def load_saved(self) -> None:
        """Cycle through the rosters saved in the user folder."""
        from game.data import DataError, load_document

        files = self.saved_files()
        if not files:
            self.message = t("ui.builder.none_saved", self.app.lang)
            self._changed()
            return
        self._loaded = (self._loaded + 1) % len(files)
        try:
            doc = load_document(files[self._loaded], expected_kind="roster", expected_ruleset=self.ruleset).model
        except DataError as exc:
            self.message = str(exc)
        else:
            self.members = list(doc.members)
            self._read_extras(doc)
            fac = self.rules.group_of(doc.members[0]) if doc.members else None
            if fac in self.factions:
                self.faction = self.factions.index(fac)
            self.message = t("ui.builder.loaded", self.app.lang, path=files[self._loaded].name)
        self.refresh()

    # --- elements
    def build(self) -> None:
        f, lang = self.app.fonts, self.app.lang
        W, H = self.app.screen.get_size()
        m, gap, rh = self.px(14), self.px(8), self.px(30)
        col = (W - 2 * m - gap) // 2
        x1, x2 = m, m + col + gap
        title_h = f.get(22, True).get_linesize() + self.px(6)
        self.add_label((x1, self.px(6), col, title_h), t("ui.menu.builder", lang), object_id="#heading")
        top = self.px(6) + max(title_h, rh) + gap
        names = [(self.rules.group_name(fid, lang), f"o{i}") for i, fid in enumerate(self.factions)]
        games = [(t(f"ui.ruleset.{r}", lang), f"o{i}") for i, r in enumerate(rulesets())]
        self.values = {"builder.faction": list(self.factions), "builder.ruleset": rulesets()}
        self.dropdowns = {
            "builder.ruleset": UIDropDownMenu(
                games, games[rulesets().index(self.ruleset)], pygame.Rect(x2, self.px(6), col, rh),
                manager=self.app.ui, container=self.root, expansion_height_limit=H // 2),
            "builder.faction": UIDropDownMenu(
                names, names[self.faction], pygame.Rect(x2, top, col, rh), manager=self.app.ui,
                container=self.root, expansion_height_limit=H // 2)}
        bottom = H - rh - self.px(10)
        self.layout = {"top": top, "top2": top + rh + gap, "bottom": bottom, "x1": x1, "x2": x2, "col": col,
                       "rh": rh, "gap": gap}
        self.layout["profiles"] = (x1, top, col, bottom - top - gap)
        self._fill_members()
        specs = [("builder.preset", t("ui.builder.preset", lang), self.preset),
                 ("builder.save", t("ui.builder.save", lang), self.save),
                 ("builder.load", t("ui.builder.load", lang), self.load_saved),
                 ("builder.back", t("ui.back", lang), self.app.pop)]
        bw = (W - 2 * m - gap * (len(specs) - 1)) // len(specs)
        for i, (k, label, fn) in enumerate(specs):
            self.add_button((m + i * (bw + gap), bottom, bw, rh), label, fn, k)

    def _add_spec(self, pid: str):
        """A profile's button; greyed, the reason after its label, when the ruleset refuses it
        to the band as it stands (``BuilderRules.refusal``)."""
        lang = self.app.lang
        label = t(self.rules.cost_keys[0], lang, name=self._name(pid), role=self.rules.role(pid, lang),
                  cost=self.cat.profile(pid).cost)
        tip = self.rules.tip(pid, lang)
        why = self.rules.refusal(self.members, pid, lang)
        if why:
            return (f"builder.add.{pid}", t("ui.target.refused", lang, name=label, why=why), None, tip)
        return (f"builder.add.{pid}", label, lambda pid=pid: self.add(pid), tip)

    def _list(self, rect, specs):
        """Buttons in a column inside a scrolling container (kept by the caller to rebuild)."""
        rh, gap = self.px(30), self.px(4)
        inner = max(1, len(specs) * (rh + gap))
        box = self.add_scroller(rect, inner)
        w = rect[2] - (self.px(20) if inner > rect[3] else 0)
        self.buttons = [b for b in self.buttons if not any(b.key == s[0] for s in specs)]
        for i, (key, label, fn, tip) in enumerate(specs):
            self.add_button((0, i * (rh + gap), w, rh), label, fn, key, tip, container=box)
        return box

    def _fill_members(self) -> None:
        """The chosen list and the status below it (rebuilt on every change)."""
        from game.ui.widgets import wrap
        lang, L, f = self.app.lang, self.layout, self.app.fonts
        for part in self._parts:
            part.kill()
        self.buttons = [b for b in self.buttons if not b.key.startswith(("builder.remove.", "builder.extra."))]
        problems = self.problems()
        ok = not problems and bool(self.members)
        lines = [(t(self.rules.cost_keys[2], lang, cost=self.cost(), n=len(self.members)), None, True),
                 (t("ui.builder.legal" if ok else "ui.builder.illegal", lang),
                  theme.GREEN if ok else theme.REFUSAL, False)]
        lines += [("• " + p, theme.REFUSAL, False) for p in problems]
        if self.rules.note:
            lines.append((t(self.rules.note, lang), theme.TEXT_DIM, False))
        if self.message:
            lines.append((self.message, theme.YELLOW, False))
        text_w = L["col"] - self.px(16)
        rows = sum(len(wrap(f.get(14), text, text_w)) for text, _, _ in lines)
        avail = L["bottom"] - L["top2"] - L["gap"]
        status_h = min(rows * int(f.get(14).get_linesize() * 1.2) + self.px(18), avail * 3 // 5)
        n_rows = len(self.members) + len(self.rules.extra_rows(self.members, self.extras, lang))
        wanted = max(1, n_rows) * (self.px(30) + self.px(4))
        list_h = min(wanted, avail - status_h - L["gap"])
        specs = [(f"builder.remove.{i}", t(self.rules.cost_keys[1], lang, name=self._name(pid),
                                           cost=self.cat.profile(pid).cost), lambda i=i: self.remove(i), "")
                 for i, pid in enumerate(self.members)]
        specs += [(f"builder.extra.{key}", label, lambda key=key: self.press(key), tip)
                  for key, label, tip in self.rules.extra_rows(self.members, self.extras, lang)]
        box = self._list((L["x2"], L["top2"], L["col"], list_h), specs)
        status = self.add_text((L["x2"], L["top2"] + list_h + L["gap"], L["col"], status_h), lines, plain=False)
        offered = self._list(L["profiles"], [self._add_spec(pid) for pid in self.rules.profiles(self.faction_id())])
        self.lists["members"], self.lists["profiles"], self.status = box, offered, status
        self._parts = [box, status, offered]

    def _changed(self) -> None:
        if self.root is not None:
            self._fill_members()

    def _chosen(self, key: str) -> int | None:
        dd = self.dropdowns.get(key)
        if self.root is None or dd is None:
            return None
        sel = dd.selected_option
        oid = sel[1] if isinstance(sel, tuple) else ""
        return int(oid[1:]) if oid[1:].isdigit() else None

    def update(self, dt: float) -> None:
        game = self._chosen("builder.ruleset")
        if game is not None and rulesets()[game] != self.ruleset:
            self.set_ruleset(rulesets()[game])
            return
        index = self._chosen("builder.faction")
        if index is not None:
            self.set_faction(index)
