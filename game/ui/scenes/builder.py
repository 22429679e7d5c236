"""The warband builder: choose a faction and its profiles, see the cost and the warband's
legality live (with the reason for any problem, from the ruleset), start from a preset, save
and load rosters as YAML in the user folder."""
from __future__ import annotations

import pygame
import yaml

from game.core.text import t
from game.ui import theme
from game.ui.app import Scene
from game.ui.settings import rosters_dir
from game.ui.widgets import Button, draw_text, draw_tooltip

RULESET = "evenor"


def _local(text, lang):
    return getattr(text, lang, None) or text.fr


class BuilderScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        from game.rulesets.evenor import stats
        from game.rulesets.evenor.schema import warband_cost

        self.stats, self.cost_of = stats, warband_cost
        self.cat = stats.catalogue()
        self.factions = list(self.cat.factions)
        self.faction = 0
        self.members: list[str] = []
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.message = ""
        self._key = None

    def relabel(self) -> None:
        self._key = None

    def faction_id(self) -> str:
        return self.factions[self.faction]

    def problems(self) -> list[str]:
        return self.stats.catalogue_problems(self.members)

    def cost(self) -> int:
        return self.cost_of(self.cat, self.members)

    # --- changes
    def next_faction(self) -> None:
        self.faction = (self.faction + 1) % len(self.factions)
        self.members, self.message = [], ""
        self._key = None

    def add(self, pid: str) -> None:
        self.members.append(pid)
        self._key = None

    def remove(self, i: int) -> None:
        del self.members[i]
        self._key = None

    def preset(self) -> None:
        from game.data import load_document, roster_paths

        for p in roster_paths(RULESET):
            doc = load_document(p, expected_kind="roster", expected_ruleset=RULESET).model
            if doc.members and self.cat.faction_of(doc.members[0]) == self.faction_id():
                self.members = list(doc.members)
                self.message = t("ui.builder.preset_loaded", self.app.lang, name=_local(doc.name, self.app.lang))
        self._key = None

    def save(self) -> str | None:
        lang = self.app.lang
        if self.problems():
            self.message = t("ui.builder.cannot_save", lang)
            self._key = None
            return None
        d = rosters_dir()
        d.mkdir(parents=True, exist_ok=True)
        n = 1
        while (d / f"{self.faction_id()}_{n}.yaml").exists():
            n += 1
        rid = f"{self.faction_id()}_{n}"
        fname = _local(self.cat.factions[self.faction_id()].name, "fr")
        doc = {"kind": "roster", "ruleset": RULESET, "id": rid,
               "name": {"fr": f"{fname} {n}", "en": f"{_local(self.cat.factions[self.faction_id()].name, 'en')} {n}"},
               "members": list(self.members)}
        path = d / f"{rid}.yaml"
        path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
        self.message = t("ui.builder.saved", lang, path=str(path))
        self._key = None
        return str(path)

    def load_saved(self) -> None:
        """Cycle through the rosters saved in the user folder."""
        from game.data import DataError, load_document

        files = sorted(rosters_dir().glob("*.yaml")) if rosters_dir().exists() else []
        if not files:
            self.message = t("ui.builder.none_saved", self.app.lang)
            self._key = None
            return
        self._loaded = (getattr(self, "_loaded", -1) + 1) % len(files)
        try:
            doc = load_document(files[self._loaded], expected_kind="roster", expected_ruleset=RULESET).model
        except DataError as exc:
            self.message = str(exc)
        else:
            self.members = list(doc.members)
            fac = self.cat.faction_of(doc.members[0]) if doc.members else None
            if fac in self.factions:
                self.faction = self.factions.index(fac)
            self.message = t("ui.builder.loaded", self.app.lang, path=files[self._loaded].name)
        self._key = None

    # --- drawing
    def _build(self, surf) -> None:
        key = (surf.get_size(), tuple(self.members), self.faction, self.message, self.app.lang,
               self.app.settings.scale)
        if key == self._key:
            return
        self._key = key
        f, lang = self.app.fonts, self.app.lang
        W = surf.get_width()
        bh, gap = f.px(28), f.px(5)
        col = (W - 3 * f.px(20)) // 2
        x1, x2 = f.px(20), f.px(40) + col
        y = f.px(80)
        self.buttons = [Button(pygame.Rect(x1, f.px(40), col, bh),
                               t("ui.builder.faction", lang, name=_local(self.cat.factions[self.faction_id()].name, lang)),
                               self.next_faction, key="builder.faction")]
        for pid in self.cat.factions[self.faction_id()].profiles:
            p = self.cat.profile(pid)
            label = t("ui.builder.add", lang, name=p.name, role=t(f"ui.role.{p.role}", lang), cost=p.cost)
            tip = ", ".join(_local(self.cat.traits[r.id].name, lang) for r in p.traits if r.id in self.cat.traits)
            self.buttons.append(Button(pygame.Rect(x1, y, col, bh), label, lambda pid=pid: self.add(pid),
                                       tooltip=tip, key=f"builder.add.{pid}"))
            y += bh + gap
        y2 = f.px(80)
        for i, pid in enumerate(self.members):
            p = self.cat.profile(pid)
            self.buttons.append(Button(pygame.Rect(x2, y2, col, bh),
                                       t("ui.builder.remove", lang, name=p.name, cost=p.cost),
                                       lambda i=i: self.remove(i), key=f"builder.remove.{i}"))
            y2 += bh + gap
        yb = surf.get_height() - bh - f.px(16)
        specs = [("builder.preset", t("ui.builder.preset", lang), self.preset),
                 ("builder.save", t("ui.builder.save", lang), self.save),
                 ("builder.load", t("ui.builder.load", lang), self.load_saved),
                 ("builder.back", t("ui.back", lang), self.app.pop)]
        bw = (W - f.px(20) * (len(specs) + 1)) // len(specs)
        for i, (k, label, fn) in enumerate(specs):
            self.buttons.append(Button(pygame.Rect(f.px(20) + i * (bw + f.px(20)), yb, bw, bh), label, fn, key=k))
        self._status_y = max(y2, f.px(80)) + f.px(10)
        self._x2, self._col = x2, col

    def draw(self, surf) -> None:
        self._build(surf)
        f, lang = self.app.fonts, self.app.lang
        surf.fill(theme.BG)
        surf.blit(f.get(22, True).render(t("ui.menu.builder", lang), True, theme.TEXT), (f.px(20), f.px(8)))
        y = self._status_y
        problems = self.problems()
        ok = not problems and self.members
        y += draw_text(surf, f.get(14, True), t("ui.builder.cost", lang, cost=self.cost(), n=len(self.members)),
                       (self._x2, y), theme.TEXT, self._col)
        y += draw_text(surf, f.get(13), t("ui.builder.legal" if ok else "ui.builder.illegal", lang),
                       (self._x2, y), theme.GREEN if ok else theme.REFUSAL, self._col)
        for p in problems:
            y += draw_text(surf, f.get(12), "• " + p, (self._x2, y), theme.REFUSAL, self._col)
        if self.message:
            draw_text(surf, f.get(12), self.message, (self._x2, y + f.px(8)), theme.YELLOW, self._col)
        for b in self.buttons:
            b.draw(surf, f, self.mouse)
        for b in self.buttons:
            if b.tooltip and b.rect.collidepoint(self.mouse):
                draw_tooltip(surf, f, b.tooltip, self.mouse)

    def handle(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in list(self.buttons):
                if b.click(event.pos):
                    break
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
