"""The legend panel (L, or its button under the fighter bar): what every colour, line and
shape on the table means, built from what the ruleset's presentation declares (the move
styles and ranges of its figures, its sight classes, its terrain names, its status markers,
its scenario zones) and from the window's own overlays (sides and who is "you", selection,
partners, targets, tokens, the opponent's last move). Sections: the selected figure's
areas, lines of sight, terrain, figures and markers, the scenario. Drawn in the corner of
the table that covers the fewest figures, in as many columns as its height needs."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.core.text import t
from game.ui import terrain_style, theme
from game.ui.gui import fit_label
from game.ui.sides import draw_mark, side_colour, warband

REACH_ORDER = ("sprint", "walk", "assault")      # the move styles the overlays draw
RANGE_KEYS = ("short", "mid", "long")
SHOT_KEYS = ("close", "ideal", "far")
TEXTURED = ("terrain", "stipple", "uphill")       # samples drawn taller: their texture shows


@dataclass(frozen=True)
class Entry:
    key: str          # stable: "reach.walk", "sight.cover", "terrain.arbre", "side.1"...
    section: str      # overlays, sight, terrain, markers, scenario
    swatch: tuple     # (kind, data): how the sample is drawn
    text: str


def drawn_keys(data) -> set[str]:
    """The legend keys of what the overlays draw for a selected figure (OverlayData)."""
    if data is None:
        return set()
    keys = {f"reach.{k}" for k, g in data.reach.items() if g is not None and not g.is_empty
            and k in REACH_ORDER}
    if data.bands:
        keys |= {f"range.{k}" for k in RANGE_KEYS[:max(len(b) for b in data.bands)]}
    if data.bubble:
        keys.add("bubble")
    if getattr(data, "auras", None):
        keys.add("aura")
    if getattr(data, "watch", None):
        keys.add("watch")
    keys |= {f"ring.{k}" for k, _, _ in getattr(data, "rings", ())}
    if data.threats:
        keys.add("threat")
    keys |= {f"sight.{c}" for c in data.los.values()}
    if data.mist:
        keys.add("mist.fov")
    keys |= {f"melee.{i}" for i in range(len(data.melee))}
    if data.shots:
        keys |= {f"shot.{k}" for k in SHOT_KEYS}
    return keys


def _short(lang: str, mm: float, unit_mm: float) -> str:
    text = f"{mm / unit_mm:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return text.replace(".", ",") if lang == "fr" else text


class Legend:
    def __init__(self, scene):
        self.scene = scene
        self.open = False
        self._key, self._entries = None, []
        self._pic_key, self._pic = None, None
        self.scroll = 0                  # pixels of the panel scrolled past (a tall legend)
        self.rect: pygame.Rect | None = None

    def toggle(self) -> None:
        self.open = not self.open
        self.scene.fighters.invalidate()

    # --- what it says
    def entries(self) -> list[Entry]:
        sc = self.scene
        data = sc.overlays.data
        key = (sc.session.version, sc.app.lang, id(data), sc.session.viewer())
        if key != self._key:
            self._key, self._entries = key, self._build(data)
        return self._entries

    def _build(self, data) -> list[Entry]:
        sc = self.scene
        lang = sc.app.lang
        pres = sc.adapter
        st = sc.session.engine.state
        infos = [pres.figure(st, f, lang) for f in st.figures.values() if not f.out]
        out: list[Entry] = []

        def add(key, section, swatch, text):
            out.append(Entry(key, section, swatch, text))

        # the selected figure's areas
        styles = {k for i in infos for k in i.moves} | (set(data.reach) if data else set())
        for name in REACH_ORDER:
            if name in styles:
                add(f"reach.{name}", "overlays", ("fill", theme.REACH[name]),
                    t(pres.legend_text(f"reach.{name}", f"ui.legend.reach_{name}"), lang))
        if any(i.ranges for i in infos) or (data and data.bands):
            for colour, k in zip(theme.RANGE_BANDS, RANGE_KEYS[:pres.range_count]):
                add(f"range.{k}", "overlays", ("ring", colour),
                    t(pres.legend_text(f"range.{k}", f"ui.legend.range_{k}"), lang))
        if any(i.bubble for i in infos) or (data and data.bubble):
            add("bubble", "overlays", ("ring", theme.SKY), t(pres.legend_text("bubble", "ui.legend.bubble"), lang))
        if any(r != i.bubble for i in infos for _, r in i.auras) or (data and data.auras):
            add("aura", "overlays", ("dash", theme.SKY), t(pres.legend_text("aura", "ui.legend.aura"), lang))
        for rk in sorted({k for k, _, _ in getattr(data, "rings", ())} if data else ()):
            swatch = ("ring", theme.VERMILLION) if rk == "terror" else ("dash", theme.SKY)
            add(f"ring.{rk}", "overlays", swatch, t(pres.legend_text(f"ring.{rk}", f"ui.legend.ring_{rk}"), lang))
        if data and data.watch:
            add("watch", "overlays", ("ring", theme.YELLOW), t(pres.legend_text("watch", "ui.legend.watch"), lang))
        if pres.threats:
            add("threat", "overlays", ("ring", theme.VERMILLION), t("ui.legend.threat", lang))
        mist = (data.mist if data else None) or next((i.mist for i in infos if i.mist), None)
        if mist:
            add("mist.fov", "overlays", ("ring", theme.FOV),
                t("ui.legend.fov", lang, cm=_short(lang, mist, pres.unit_mm)))
        if data is not None:
            seen = []
            for i, (lo, hi) in enumerate(data.melee):
                text = t(pres.melee_legend, lang, lo=_short(lang, lo, pres.unit_mm), hi=_short(lang, hi, pres.unit_mm))
                colour = theme.MELEE_BANDS[i % len(theme.MELEE_BANDS)]
                add(f"melee.{i}", "overlays", ("band", colour), text if text not in seen else text + f" ({i + 1})")
                seen.append(text)
        if any(i.shots for i in infos) or (data and data.shots):
            for colour, k in zip(theme.RANGE_BANDS, SHOT_KEYS):
                add(f"shot.{k}", "overlays", ("dash", colour), t(f"ui.legend.shot_{k}", lang))
        add("path", "overlays", ("line", theme.GREEN), t("ui.legend.path", lang))
        # lines of sight
        for cls in pres.sight_classes:
            add(f"sight.{cls}", "sight", ("dash" if cls == "blocked" else "line", theme.LOS[cls]),
                t(f"{pres.sight_legend}{cls}", lang))
        # terrain
        kinds = {p.kind: tuple(p.tags) for p in reversed(st.terrain)}   # the first piece's tags
        for kind in dict.fromkeys(p.kind for p in st.terrain):
            add(f"terrain.{kind}", "terrain", ("terrain", (kind, kinds[kind])), pres.terrain_name(kind, lang))
        if st.extras.get("uphill"):
            add("terrain.uphill", "terrain", ("uphill", 0), t("ui.legend.uphill", lang))
        if any(terrain_style.stippled(p.kind, p.tags) for p in st.terrain):
            add("terrain.difficult", "terrain", ("stipple", theme.TABLE), t("ui.legend.stipple", lang))
        # figures and markers
        you = sc.session.viewer() if sc.replay is None else None
        for side in st.side_ids():
            key = "ui.legend.side_you" if side == you else "ui.legend.side"
            add(f"side.{side}", "markers", ("mark", side), t(key, lang, n=side, roster=warband(st, side, lang)))
        if pres.round_arcs:
            add("front", "markers", ("line", theme.FRONT_EDGE), t("ui.legend.front", lang))
        add("selected", "markers", ("outline", theme.WHITE), t("ui.legend.selected", lang))
        add("partner", "markers", ("outline", theme.SKY), t("ui.legend.partner", lang))
        ctl = getattr(sc, "controller", None)
        if ctl is not None and ctl.partner_candidates():
            add("candidate", "markers", ("dotted", theme.SKY), t("ui.legend.candidate", lang))
        add("target", "markers", ("outline", theme.YELLOW), t("ui.legend.target", lang))
        add("activated", "markers", ("dim", 1), t("ui.legend.activated", lang))
        if any(f.max_vitality > 1 for f in st.figures.values()):
            add("wounds", "markers", ("bars", theme.GREEN), t("ui.legend.wounds", lang))
        if "hidden" in pres.markers:
            add("hidden", "markers", ("dotted", theme.TEXT), t("ui.legend.hidden", lang))
        for k in pres.markers:
            glyph = t(f"ui.marker.{k}", lang)
            if k in ("activated", "hidden") or not glyph:
                continue
            add(f"marker.{k}", "markers", ("glyph", glyph),
                t("ui.legend.marker", lang, glyph=glyph, status=t(f"ui.status.{k}", lang)))
        if st.tokens:
            add("token", "markers", ("diamond", theme.YELLOW), t("ui.legend.token", lang))
        if sc.session.agents:
            add("last_move", "markers", ("line", theme.AI_MOVE), t("ui.legend.last_move", lang))
        # the scenario
        for side in sorted(pres.deployment_zones(st)):
            add(f"zone.{side}", "scenario", ("zone", side_colour(side)), t("ui.legend.zone", lang, n=side))
        if pres.objective_areas(st):
            add("objective", "scenario", ("ring", theme.YELLOW), t("ui.legend.objective", lang))
        return out

    # --- drawing
    def draw(self, surf) -> bool:
        """The panel over the table when open; True when something was drawn. Columns as
        the view's height needs and its width allows, texts wrapped to fit; taller than
        the view, it scrolls with the wheel."""
        if not self.open:
            return False
        from game.ui.scenes.hud import legend_box

        sc = self.scene
        f = sc.app.fonts
        view = sc.view.rect
        entries = self.entries()
        room = (view.w - f.px(16), view.h - f.px(16))
        key = (tuple(entries), f.scale, room)
        if key != self._pic_key:
            self._pic_key, self._pic = key, self._render(entries, *room)
            self.scroll = 0
        w, h = self._pic.get_width(), min(self._pic.get_height(), room[1])
        self.scroll = max(0, min(self.scroll, self._pic.get_height() - h))
        self.rect = box = legend_box(sc, w, h).clamp(view)
        surf.blit(self._pic, box, pygame.Rect(0, self.scroll, w, h))
        if self._pic.get_height() > h:          # where the shown part stands in the whole
            bar = max(f.px(16), h * h // self._pic.get_height())
            y = box.y + (h - bar) * self.scroll // (self._pic.get_height() - h)
            pygame.draw.rect(surf, theme.TEXT_DIM, (box.right - f.px(5), y, f.px(3), bar))
        return True

    def wheel(self, dy: int, pos) -> bool:
        """The wheel over the open panel scrolls it (True: the wheel was its)."""
        if not self.open or self.rect is None or not self.rect.collidepoint(pos):
            return False
        self.scroll = max(0, self.scroll - dy * self.scene.app.fonts.px(40))
        return True

    def _render(self, entries: list[Entry], max_w: int, max_h: int) -> pygame.Surface:
        from game.ui.widgets import wrap

        f = self.scene.app.fonts
        lang = self.scene.app.lang
        font, head = f.get(11), f.get(11, True)
        lh, hh, pad, sw = font.get_linesize() + f.px(2), head.get_linesize() + f.px(4), f.px(6), f.px(30)
        title = f.get(13, True)
        blocks: list[list] = []          # one per section: [(header), entries...]
        for section in ("overlays", "sight", "terrain", "markers", "scenario"):
            rows = [e for e in entries if e.section == section]
            if rows:
                blocks.append([t(f"ui.legend.sec.{section}", lang)] + rows)
        top = title.get_linesize() + pad * 2
        natural = max(font.size(e.text)[0] for e in entries) + sw + f.px(8)

        def lines_of(e: Entry, width: int) -> list[str]:
            return wrap(font, e.text, width - sw - f.px(8))

        def rows(e: Entry, width: int) -> int:      # a terrain sample is two lines tall
            return max(len(lines_of(e, width)), 2 if e.swatch[0] in TEXTURED else 1)

        def height(block, width: int) -> int:
            return hh + sum(lh * rows(e, width) for e in block[1:])

        # as many columns as the height needs and the view's width allows (texts whole);
        # a view too narrow even for one: one column, texts wrapped (the panel scrolls)
        fit = max(1, (max_w - pad) // (natural + pad))
        width = min(natural, max_w - 2 * pad)
        for n in range(1, fit + 1):
            columns, cur, h = [], [], top
            for block in blocks:
                bh = height(block, width)
                if cur and h + bh > max_h and len(columns) < n - 1:
                    columns.append(cur)
                    cur, h = [], top
                cur.append(block)
                h += bh
            columns.append(cur)
            heights = [top + sum(height(b, width) for b in col) for col in columns]
            if max(heights) <= max_h:
                break
        W = width * len(columns) + pad * (len(columns) + 1)
        H = max(heights) + pad
        pic = pygame.Surface((W, H), pygame.SRCALPHA)
        pic.fill((20, 20, 24, 225))
        pygame.draw.rect(pic, theme.TEXT_DIM, pic.get_rect(), 1)
        label = t("ui.legend.title", lang) + " (L)"
        pic.blit(title.render(fit_label(title, label, W - 2 * pad), True, theme.TEXT), (pad, pad))
        x = pad
        for col in columns:
            y = top
            for block in col:
                pic.blit(head.render(fit_label(head, block[0], width), True, theme.TEXT_DIM), (x, y))
                y += hh
                for e in block[1:]:
                    lines, n = lines_of(e, width), rows(e, width)
                    self._swatch(pic, e.swatch, pygame.Rect(x, y + f.px(1), sw - f.px(4), n * lh - f.px(3)))
                    y0 = y + (n - len(lines)) * lh // 2
                    for i, line in enumerate(lines):
                        pic.blit(font.render(line, True, theme.TEXT), (x + sw, y0 + i * lh))
                    y += n * lh
            x += width + pad
        return pic

    def _swatch(self, pic, swatch, r: pygame.Rect) -> None:
        kind, data = swatch
        mid = r.centery
        if kind == "fill":
            pygame.draw.rect(pic, (*data[:3], 140), r)
            pygame.draw.rect(pic, data[:3], r, 1)
        elif kind == "ring":
            pygame.draw.circle(pic, data, r.center, r.h // 2, 2)
        elif kind == "band":
            pygame.draw.circle(pic, data, r.center, r.h // 2, 3)
        elif kind == "line":
            pygame.draw.line(pic, data, (r.x, mid), (r.right, mid), 3)
        elif kind == "dash":
            for x in range(r.x, r.right, 6):
                pygame.draw.line(pic, data, (x, mid), (min(x + 3, r.right), mid), 2)
        elif kind == "terrain":        # the same texture as on the table
            terrain_style.swatch(pic, r, *data)
        elif kind == "stipple":
            terrain_style.stipple_swatch(pic, r, data)
        elif kind == "uphill":
            terrain_style.uphill_swatch(pic, r)
        elif kind == "mark":
            pygame.draw.circle(pic, side_colour(data), r.center, r.h // 2)
            draw_mark(pic, data, r.center, max(2, r.h // 4), width=1)
        elif kind == "outline":
            pygame.draw.circle(pic, theme.BUTTON, r.center, r.h // 2)
            pygame.draw.circle(pic, data, r.center, r.h // 2, 2)
        elif kind == "dim":
            pygame.draw.circle(pic, tuple(int(c * 0.55) for c in side_colour(data)), r.center, r.h // 2)
        elif kind == "bars":
            for i in range(3):
                pygame.draw.rect(pic, data if i < 2 else (90, 90, 90), (r.x + i * 6, mid - 2, 5, 4))
        elif kind == "dotted":
            import math

            for i in range(0, 16, 2):
                a0 = 2 * math.pi * i / 16
                rect = pygame.Rect(0, 0, r.h, r.h)
                rect.center = r.center
                pygame.draw.arc(pic, data, rect, a0, a0 + 2 * math.pi / 16, 1)
        elif kind == "glyph":
            pygame.draw.circle(pic, (60, 60, 60), r.center, r.h // 2 + 1)
            img = self.scene.app.fonts.get(9, True).render(data, True, theme.YELLOW)
            pic.blit(img, img.get_rect(center=r.center))
        elif kind == "diamond":
            x, y, m = r.centerx, mid, r.h // 2
            pygame.draw.polygon(pic, data, [(x, y - m), (x + m, y), (x, y + m), (x - m, y)])
        elif kind == "zone":
            pygame.draw.rect(pic, (*data, 70), r)
            pygame.draw.rect(pic, data, r, 2)
