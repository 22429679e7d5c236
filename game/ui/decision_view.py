"""On the table, the decisions that are placed or pointed: while a figure is set down, its
zone, the spots the ruleset's placement check accepts (judged on what the side may know) and
the limits it names; while a direction is pointed, one arrow per offered direction, the
default one in yellow, the one under the cursor in green. Drawing only: the spots come from
the ruleset's presentation, and every click still goes through the engine."""
from __future__ import annotations

import math

import pygame

from game.core.text import t
from game.ui import theme


class DecisionView:
    def __init__(self, scene):
        self.scene = scene
        self._key = None
        self.limits: dict | None = None
        self._layer = None
        self._layer_key = None

    # --- placement
    def deploy_choice(self):
        """The template whose figure is being set down (placement mode), or None."""
        m = self.scene.controller.mode
        if m is not None and m.stage == "placement":
            return m.choice
        return None

    def subject(self) -> str | None:
        """The fighter being set down (its card stays on the panel while it is placed)."""
        choice = self.deploy_choice()
        return choice.actor if choice is not None else None

    def current_limits(self) -> dict | None:
        sc = self.scene
        choice = self.deploy_choice()
        adapter = getattr(sc, "adapter", None)
        if choice is None or adapter is None:
            return None
        key = (sc.session.version, choice.actor)
        if key != self._key:
            engine = sc.session.engine
            side = engine.state.figures[choice.actor].side
            self.limits = adapter.placement_limits(engine.ruleset, engine.state, choice, side) or None
            self._key = key
            self._layer_key = None
        return self.limits

    def _spots_layer(self, lim: dict, cam, rect: pygame.Rect) -> pygame.Surface:
        key = (self._key, cam.version, tuple(rect))
        if key != self._layer_key:
            layer = pygame.Surface(rect.size, pygame.SRCALPHA)
            half = lim["step"] / 2
            side = max(1, math.ceil(cam.length(lim["step"])))
            for x, y in lim["spots"]:
                sx, sy = cam.to_screen(x - half, y - half)
                layer.fill((*theme.GREEN, 70), (sx - rect.x, sy - rect.y, side, side))
            self._layer, self._layer_key = layer, key
        return self._layer

    def draw_deploy(self, surf) -> bool:
        lim = self.current_limits()
        if lim is None:
            return False
        sc = self.scene
        cam = sc.view.camera
        rect = sc.view.rect
        for x0, y0, x1, y1 in lim["zones"]:
            a, b = cam.to_screen(x0, y0), cam.to_screen(x1, y1)
            pygame.draw.rect(surf, theme.SKY, pygame.Rect(a, (b[0] - a[0], b[1] - a[1])), 2)
        surf.blit(self._spots_layer(lim, cam, rect), rect.topleft)
        r = max(2, int(cam.length(lim["mist"])))
        for pos in lim["near"]:
            pygame.draw.circle(surf, theme.GREEN, cam.to_screen(*pos), r, 2)
        for pos in lim["far"]:
            pygame.draw.circle(surf, theme.VERMILLION, cam.to_screen(*pos), r, 2)
        self._draw_aim(surf, cam)
        self._legend(surf, lim)
        return True

    def _draw_aim(self, surf, cam) -> None:
        """While the button is held: the fighter's square at the pressed spot, facing the
        cursor (or the centre of the table on a plain click)."""
        from game.ui.scenes.game import DRAG_START

        sc = self.scene
        press = getattr(sc, "press", None)
        choice = self.deploy_choice()
        if press is None or choice is None:
            return
        spot = cam.to_world(*press[0])
        aim = cam.to_world(*sc.mouse) if math.dist(press[0], sc.mouse) >= DRAG_START else None
        facing = sc.controller.deploy_facing(spot, aim)
        fig = sc.session.engine.state.figures[choice.actor]
        half = fig.size / 2
        a = math.radians(facing)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        corners = [(spot[0] + ux * dx * half + vx * dy * half, spot[1] + uy * dx * half + vy * dy * half)
                   for dx, dy in ((1, 1), (1, -1), (-1, -1), (-1, 1))]
        pts = [cam.to_screen(*p) for p in corners]
        pygame.draw.polygon(surf, theme.YELLOW, pts, 2)
        pygame.draw.line(surf, theme.YELLOW, pts[0], pts[1], 4)        # the front edge

    def _legend(self, surf, lim: dict) -> None:
        sc = self.scene
        lang = sc.app.lang
        font = sc.app.fonts.get(12, True)
        cm = round(lim["mist"] / 10)
        rows = [(theme.SKY, t("play.deploy.zone", lang)), (theme.GREEN, t("play.deploy.near", lang, cm=cm)),
                (theme.VERMILLION, t("play.deploy.far", lang, cm=cm))]
        from game.ui.scenes.hud import legend_box

        cam = sc.view.camera
        zones = [pygame.Rect(cam.to_screen(x0, y0), (cam.length(x1 - x0), cam.length(y1 - y0)))
                 for x0, y0, x1, y1 in lim["zones"]]
        w = max(font.size(text)[0] for _, text in rows) + 24
        box = legend_box(sc, w, font.get_linesize() * len(rows) + 8, avoid=zones)
        backing = pygame.Surface(box.size, pygame.SRCALPHA)
        backing.fill((20, 20, 20, 170))                    # as the overlay legend's
        surf.blit(backing, box)
        x, y = box.x + 4, box.y + 4
        for colour, text in rows:
            pygame.draw.rect(surf, colour, (x, y + 4, 10, 10))
            surf.blit(font.render(text, True, theme.TEXT), (x + 16, y))
            y += font.get_linesize()

    # --- directions
    def draw_headings(self, surf) -> bool:
        sc = self.scene
        ctl = sc.controller
        m = ctl.mode
        if m is None or m.stage != "facing":
            return False
        cam = sc.view.camera
        ox, oy = ctl.heading_origin()
        # the move's length when it has one, but never shorter than a readable fan of arrows
        length = max(cam.length(float(m.choice.hints.get("length_mm", 0.0))), sc.app.fonts.px(70))
        hover = ctl.nearest_heading(cam.to_world(*sc.mouse))
        default = m.choice.hints.get("default")
        start = cam.to_screen(ox, oy)
        for h in m.choice.values:
            a = math.radians(float(h))
            end = (int(start[0] + math.cos(a) * length), int(start[1] + math.sin(a) * length))
            colour = theme.GREEN if h == hover else (theme.YELLOW if h == default else theme.SKY)
            pygame.draw.line(surf, colour, start, end, 4 if h in (hover, default) else 2)
            pygame.draw.circle(surf, colour, end, 5)
        return True

    def draw(self, surf) -> bool:
        """True when something was drawn over the table."""
        return self.draw_deploy(surf) | self.draw_headings(surf)
