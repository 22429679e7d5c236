"""The AI's debug overlay (F3): the top options of the last agent decision from
``agent.trace()``, drawn on the table (destination or target, with its score), and the
considerations of the option under the cursor (input and curve output of each)."""
from __future__ import annotations

import math

import pygame

from game.core.text import number, t
from game.ui import theme

RANK_COLOURS = (theme.YELLOW, theme.ORANGE, theme.SKY, theme.PURPLE)
HOVER_PX = 14       # how near the cursor must be to a marker to show its considerations


def num(v: float, lang: str, digits: int = 2) -> str:
    return number(float(v), lang, digits)


class AiOverlay:
    def __init__(self, scene):
        self.scene = scene
        self.on = False
        self.markers: list[tuple[tuple[int, int], dict, int]] = []   # (screen point, option, rank)

    def toggle(self) -> None:
        self.on = not self.on

    def options(self) -> list[tuple]:
        """(option, actor point, anchor point, target point) of the trace the viewer may see: the anchor is
        the destination, else the target, else the actor itself (waiting, ending)."""
        trace = self.scene.session.last_trace
        if not trace:
            return []
        seen = self.scene.view.visible
        at = trace["at"]
        out = []
        for o in trace["options"]:
            ids = [o["actor"]] + list(o["targets"])
            if seen is not None and any(i and i not in seen and i in at for i in ids):
                continue
            actor = at.get(o["actor"])
            target = next((at[x] for x in o["targets"] if x in at), None)
            anchor = tuple(o["to"]) if o.get("to") else target or actor
            if anchor is None:
                continue
            out.append((o, actor, anchor, target))
        return out

    def hovered(self):
        mouse = self.scene.mouse
        best, best_d = None, HOVER_PX
        for pt, o, rank in self.markers:
            d = math.dist(pt, mouse)
            if d <= best_d:
                best, best_d = (o, rank), d
        return best

    def draw(self, surf) -> bool:
        """The AI's top options over the table (F3); True when on."""
        self.markers = []
        if not self.on:
            return False
        sc = self.scene
        cam, f, lang = sc.view.camera, sc.app.fonts, sc.app.lang
        clip = surf.get_clip()
        surf.set_clip(sc.view.rect)
        font = f.get(11, True)
        placed: list[pygame.Rect] = []   # labels already drawn: the next ones stack below
        opts = self.options()
        for rank, (o, actor, anchor, target) in reversed(list(enumerate(opts))):
            colour = RANK_COLOURS[min(rank, len(RANK_COLOURS) - 1)]
            pa = cam.to_screen(*anchor)
            if actor is not None and actor != anchor:
                pygame.draw.line(surf, colour, cam.to_screen(*actor), pa, 1 if rank else 2)
            if target is not None and o.get("to"):
                _dashed(surf, colour, pa, cam.to_screen(*target))
            pygame.draw.circle(surf, colour, pa, 7 if rank == 0 else 5, 0 if rank == 0 else 2)
            self.markers.append((pa, o, rank))
        for pa, o, rank in reversed(self.markers):      # labels best first: the next stack below
            colour = RANK_COLOURS[min(rank, len(RANK_COLOURS) - 1)]
            label = font.render(f"{rank + 1}: {num(o['score'], lang)}", True, colour)
            box = label.get_rect(topleft=(pa[0] + 9, pa[1] - 8)).inflate(4, 0)
            while box.collidelist(placed) >= 0:
                box.y += box.h
            placed.append(box)
            pygame.draw.rect(surf, (20, 20, 20), box)
            surf.blit(label, label.get_rect(center=box.center))
        surf.set_clip(clip)
        if not opts:
            img = f.get(12).render(t("play.ai.no_trace", lang), True, theme.YELLOW)
            surf.blit(img, (sc.view.rect.x + f.px(10), sc.view.rect.y + f.px(10)))
        return True

    def draw_details(self, surf) -> None:
        """The considerations of the option under the cursor (drawn last, over the panels)."""
        got = self.hovered() if self.on else None
        if got is not None:
            self._details(surf, *got)

    def details(self, o: dict, rank: int) -> list[str]:
        """The hovered option: decision, action, score, then each consideration (its raw
        input and its curve's output)."""
        sc = self.scene
        lang = sc.app.lang
        state = sc.session.engine.state

        def name(fid):
            return sc.adapter.name_of(state, fid, lang) if fid in state.figures else fid

        who = name(o["actor"]) if o["actor"] else ""
        head = t("play.ai.option", lang, n=rank + 1, decision=t(f"ai.decision.{o['decision']}", lang),
                 action=t(f"ui.action.{o['kind']}", lang), who=who, score=num(o["score"], lang, 3))
        lines = [head]
        if o["targets"]:
            lines.append(t("play.ai.targets", lang, targets=", ".join(name(x) for x in o["targets"])))
        for key, out in o["considerations"].items():
            raw = o["inputs"].get(key)
            lines.append(t("play.ai.consideration", lang, name=t(f"ai.input.{key}", lang),
                           input=num(raw, lang) if raw is not None else "–", output=num(out, lang)))
        return lines

    def _details(self, surf, o: dict, rank: int) -> None:
        from game.ui.widgets import draw_tooltip

        draw_tooltip(surf, self.scene.app.fonts, "\n".join(self.details(o, rank)), self.scene.mouse)


def _dashed(surf, colour, a, b, dash: int = 6) -> None:
    length = math.dist(a, b)
    if length < 1:
        return
    n = int(length // dash)
    for i in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * i / n, a[1] + (b[1] - a[1]) * i / n)
        q = (a[0] + (b[0] - a[0]) * min(n, i + 1) / n, a[1] + (b[1] - a[1]) * min(n, i + 1) / n)
        pygame.draw.line(surf, colour, p, q, 1)
