"""Parts of the table scene drawn over the table: the top bar (turn, side, undo with its
lock, save, load, fit, grid, menu), the path being built, the dragged figure, the ruler
and the message line."""
from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from game.core.errors import SaveError
from game.core.text import t
from game.ui import theme
from game.ui.gui import GuiButton
from game.ui.settings import saves_dir
from game.ui.table_view import PAS
from game.ui.widgets import draw_text, wrap

# decisions named in the top bar by what they ask (instead of "reaction")
DECISION_CAPTIONS = ("designate", "deploy_order", "deploy", "priority", "push")


def _later(app, fn):
    """A pygame-gui command (no argument, or it would be given the event) running fn after
    the events of the frame."""
    return lambda: app.call_later(fn)


class TopBar:
    """The table's top bar: the caption (turn, side, what is asked) drawn by the scene, and
    its buttons on pygame-gui (undo, save, load, fit, grid, menu), a part attached to the
    scene: hidden while another scene covers it, rebuilt on a new manager."""

    def __init__(self, scene):
        self.scene = scene
        self.buttons: list[GuiButton] = []
        self._key = None
        self._state = None
        self.hidden = False
        self.left_limit = scene.top_rect.right if hasattr(scene, "top_rect") else 0
        scene.app.attach(scene, self)

    def invalidate(self) -> None:
        self._state = None

    def _specs(self):
        sc = self.scene
        eng = sc.session.engine
        lang = sc.app.lang
        specs = []
        if sc.replay is None:   # a replay steps from its own window (replay.ReplayControls)
            specs += [("undo", t("ui.undo", lang), self.undo, t("ui.tip.undo", lang)),
                      ("save", t("ui.save", lang), self.save, t("ui.tip.save", lang)),
                      ("load", t("ui.load", lang), self.load, t("ui.tip.load", lang))]
        return specs + [("fit", t("ui.fit", lang), lambda: sc.view.fit(eng.state), t("ui.tip.fit", lang)),
                        ("grid", t("ui.grid", lang), self.toggle_grid, t("ui.tip.grid", lang)),
                        ("menu", t("ui.menu", lang), self.menu, "")]

    def build(self) -> None:
        sc = self.scene
        app = sc.app
        key = (tuple(sc.top_rect), app.lang, sc.replay is not None, id(app.ui), app.settings.scale)
        if key != self._key:
            self._create()
            self._key, self._state = key, None
        can_undo = sc.session.can_undo()
        state = (can_undo, can_undo and sc.interactive(), app.settings.grid)
        if state != self._state:
            self._state = state
            self._refresh(*state)

    def _create(self) -> None:
        sc = self.scene
        f, app = sc.app.fonts, sc.app
        self._kill()
        h, gap = sc.top_rect.h - f.px(8), f.px(4)
        x = sc.top_rect.right - gap
        longest = {"undo": (t("ui.undo", app.lang), t("ui.undo_locked", app.lang))}
        for name, label, fn, tip in reversed(self._specs()):
            widest = max((f.get(13).size(s)[0] for s in longest.get(name, (label,))), default=0)
            w = max(f.px(70), widest + f.px(20))
            x -= w
            el = UIButton(pygame.Rect(x, sc.top_rect.y + f.px(4), w, h), label, manager=app.ui,
                          tool_tip_text=tip or None, command=_later(app, fn))
            if self.hidden:
                el.hide()
            self.buttons.insert(0, GuiButton(el, name, fn, tip))
            x -= gap
        self.left_limit = x

    def _refresh(self, can_undo: bool, undo_enabled: bool, grid: bool) -> None:
        lang = self.scene.app.lang
        for b in self.buttons:
            if b.key == "undo":
                b.element.set_text(t("ui.undo" if can_undo else "ui.undo_locked", lang))
                b.tooltip = t("ui.tip.undo" if can_undo else "ui.tip.undo_locked", lang)
                b.element.set_tooltip(b.tooltip)
                b.element.enable() if undo_enabled else b.element.disable()
            elif b.key == "grid":
                b.element.select() if grid else b.element.unselect()

    def _kill(self) -> None:
        for b in self.buttons:
            b.element.kill()
        self.buttons = []

    # --- an attached part of the scene (App.attach)
    def show(self) -> None:
        self.hidden = False
        for b in self.buttons:
            b.element.show()

    def hide(self) -> None:
        self.hidden = True
        for b in self.buttons:
            b.element.hide()

    def kill(self) -> None:
        self._kill()
        self._key = None

    def rebuild(self) -> None:
        self._key = None      # the old manager's elements went with it
        self.buttons = []
        self.build()

    def draw(self, surf) -> None:
        sc = self.scene
        self.build()
        pygame.draw.rect(surf, theme.PANEL_LIGHT, sc.top_rect)
        f = sc.app.fonts
        text, colour = self.caption()
        room = self.left_limit - f.px(16)
        font = f.get(14, True) if f.get(14, True).size(text)[0] <= room else f.get(11, True)
        img = font.render(text, True, colour)
        y = sc.top_rect.y + (sc.top_rect.h - img.get_height()) // 2
        surf.blit(img, (f.px(10), y), pygame.Rect(0, 0, max(0, room), img.get_height()))

    def caption(self) -> tuple[str, tuple]:
        """The bar's text (turn, side, what is being asked) and its colour."""
        sc = self.scene
        lang = sc.app.lang
        st = sc.session.engine.state
        side = sc.session.decider()
        if st.outcome is not None:
            text = t("ui.bar.over", lang)
            colour = theme.TEXT
        else:
            who = t("ui.bar.side", lang, n=side, roster=st.sides[side].roster if side in st.sides else "")
            text = t("ui.bar.turn", lang, turn=st.turn, max=st.max_turns) + " · " + who
            pending = st.pending[-1].kind if st.pending else None
            if pending in DECISION_CAPTIONS:
                text += " · " + t(f"play.bar.{pending}", lang)
            elif sc.session.reacting():
                text += " · " + t("ui.bar.reacting", lang)
            elif getattr(sc, "playback", None) is not None and sc.playback.paused:
                text += " · " + t("play.bar.paused", lang)
            elif not sc.session.human_to_decide():
                text += " · " + t("ui.bar.thinking", lang)
            colour = theme.SIDE_LIGHT.get(side, theme.TEXT)
        if sc.replay is not None:
            text = sc.replay.caption() + " · " + text
        return text, colour

    def click(self, pos) -> bool:
        """pygame-gui takes the clicks on the buttons; a click elsewhere on the bar is
        swallowed so that it never reaches the table."""
        return self.scene.top_rect.collidepoint(pos)

    # --- commands
    def undo(self) -> None:
        sc = self.scene
        if sc.replay is not None:
            return
        if not sc.session.undo():
            sc.controller.say(t("ui.undo_impossible", sc.app.lang), refused=True)
        else:
            sc.controller.say(t("ui.undone", sc.app.lang))

    def save(self, path=None) -> None:
        sc = self.scene
        path = path or saves_dir() / "partie.json"
        try:
            sc.session.save(path)
            sc.controller.say(t("ui.saved", sc.app.lang, path=str(path)))
        except OSError as exc:
            sc.controller.say(t("ui.save_failed", sc.app.lang, error=str(exc)), refused=True)

    def load(self, path=None) -> None:
        sc = self.scene
        from game.ui.scenes.menu import LoadScene
        if path is None:
            sc.app.push(LoadScene(sc.app, players=sc.session.players))
            return
        try:
            from game.ui.session import Session
            new = Session.load(path, sc.session.players, lang=sc.app.lang, autosave=sc.session.autosave)
        except SaveError as exc:
            sc.controller.say(str(exc), refused=True)
            return
        from game.ui.scenes.game import GameScene
        sc.app.replace(GameScene(sc.app, new))

    def toggle_grid(self) -> None:
        s = self.scene.app.settings
        s.grid = not s.grid
        self.scene.app.settings_changed()

    def menu(self) -> None:
        from game.ui.scenes.menu import PauseScene
        self.scene.app.push(PauseScene(self.scene.app, self.scene))


def _pas(mm: float, lang: str = "fr", unit: float = PAS) -> str:
    text = f"{mm / unit:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def _length(sc, mm: float) -> str:
    """A length in the ruleset's unit (pas or cm)."""
    a = getattr(sc, "adapter", None)
    return _pas(mm, sc.app.lang, a.unit_mm if a is not None else PAS)


def _length_key(sc, key: str) -> str:
    a = getattr(sc, "adapter", None)
    return key if a is None or a.unit == "pas" else f"{key}_{a.unit}"


def draw_mode(sc, surf) -> None:
    """The path being built: waypoints, the path under the cursor and its length."""
    m = sc.controller.mode
    if m is None:
        return
    cam = sc.view.camera
    state = sc.session.engine.state
    if m.stage == "path":
        for p in m.waypoints:
            pygame.draw.circle(surf, theme.YELLOW, cam.to_screen(*p), 4)
        got = sc.path_preview()
        if got is not None:
            path, cost = got
            allowance = m.choice.move.allowance if m.choice.move else 0
            strict = sc.strict()
            colour = theme.GREEN if cost <= allowance + 0.5 else theme.VERMILLION
            if strict:
                colour = theme.SKY      # no verdict on the length before declaring
            pts = [cam.to_screen(*p) for p in path]
            if len(pts) > 1:
                pygame.draw.lines(surf, colour, False, pts, 3)
            fig = state.figures[m.choice.actor]
            if fig.shape == "square" and len(path) > 1:
                _ghost_square(surf, cam, fig, path[-2], path[-1], colour)
            else:
                pygame.draw.circle(surf, colour, pts[-1], max(3, int(cam.length(fig.radius))), 2)
            if strict:
                return
            label = t(_length_key(sc, "ui.path_length"), sc.app.lang, d=_length(sc, cost),
                      max=_length(sc, allowance))
            surf.blit(sc.app.fonts.get(12, True).render(label, True, colour),
                      (pts[-1][0] + 12, pts[-1][1] - 20))
    elif m.path:
        pts = [cam.to_screen(*p) for p in m.path]
        if len(pts) > 1:
            pygame.draw.lines(surf, theme.GREEN, False, pts, 3)


def _ghost_square(surf, cam, fig, before, end, colour) -> None:
    """Where a square base would stand at the end of the path, facing along the last leg."""
    a = math.atan2(end[1] - before[1], end[0] - before[0])
    fx, fy = math.cos(a), math.sin(a)
    px, py = -fy, fx
    h = fig.size / 2
    pts = [cam.to_screen(end[0] + fx * u + px * v, end[1] + fy * u + py * v)
           for u, v in ((h, h), (h, -h), (-h, -h), (-h, h))]
    pygame.draw.polygon(surf, colour, pts, 2)
    pygame.draw.line(surf, theme.WHITE, pts[0], pts[1], 3)     # its front


def draw_drag(sc, surf) -> None:
    d = sc.drag
    cam = sc.view.camera
    fig = sc.session.engine.state.figures[d.fid]
    pts = [cam.to_screen(*p) for p in d.trail + [d.position]]
    if len(pts) > 1:
        pygame.draw.lines(surf, theme.YELLOW, False, pts, 2)
    pygame.draw.circle(surf, theme.YELLOW, cam.to_screen(*d.position), max(3, int(cam.length(fig.radius))), 2)
    if sc.strict():
        return
    length = sum(math.dist(a, b) for a, b in zip(d.trail, d.trail[1:] + [d.position]))
    label = t(_length_key(sc, "ui.path_length"), sc.app.lang, d=_length(sc, length),
              max=_length(sc, sc.drag_choice.move.allowance if sc.drag_choice.move else 0))
    surf.blit(sc.app.fonts.get(12, True).render(label, True, theme.YELLOW), (sc.mouse[0] + 14, sc.mouse[1] - 22))


def ruler_reading(sc):
    """Edge to edge: from the base under the start (if any) to the base under the cursor.
    Returns (start, end, distance in mm)."""
    a, b, fid = sc.ruler
    state = sc.session.engine.state
    d = math.dist(a, b)
    if fid is not None:
        fa = state.figures[fid]
        a = (fa.x, fa.y)
        d = math.dist(a, b) - fa.radius
    other = sc.view.figure_at(state, sc.mouse)
    if other is not None and other != fid:
        fb = state.figures[other]
        b = (fb.x, fb.y)
        d = math.dist(a, b) - fb.radius - (state.figures[fid].radius if fid else 0)
    return a, b, max(0.0, d)


def draw_ruler(sc, surf) -> None:
    a, b, d = ruler_reading(sc)
    cam = sc.view.camera
    pa, pb = cam.to_screen(*a), cam.to_screen(*b)
    pygame.draw.line(surf, theme.WHITE, pa, pb, 2)
    label = t(_length_key(sc, "ui.ruler"), sc.app.lang, d=_length(sc, d))
    img = sc.app.fonts.get(13, True).render(label, True, theme.WHITE)
    box = img.get_rect(midbottom=(sc.mouse[0], sc.mouse[1] - 10)).inflate(8, 4)
    pygame.draw.rect(surf, (20, 20, 20), box, border_radius=3)
    surf.blit(img, img.get_rect(center=box.center))


def group_hint(sc) -> str | None:
    """How to bring partners along, when the selected figure can."""
    ctl = sc.controller
    if not sc.interactive() or ctl.selected is None:
        return None
    if ctl.mode is not None:
        return "ui.hint.partners" if ctl.mode.choice.partners and ctl.mode.stage == "target" else None
    kinds = {c.kind for c in ctl.choices() if c.partners}
    if "activate" in kinds:
        return "ui.hint.meneur"
    if "coordinate" in kinds:
        return "ui.hint.coordinate"
    return None


def message_height(sc, lines) -> int:
    """The room these message lines take above the log (the panel's buttons stay above it)."""
    f = sc.app.fonts
    w = sc.side_rect.w - f.px(16)
    lh = f.get(12).get_linesize() + 2
    return sum(len(wrap(f.get(12), text, w)) * lh for text, _ in lines)


def draw_message(sc, surf, lines) -> None:
    f = sc.app.fonts
    y = sc.log_rect.y - f.px(6)
    w = sc.side_rect.w - f.px(16)
    for text, colour in reversed(lines):
        h = draw_text(pygame.Surface((1, 1)), f.get(12), text, (0, 0), colour, w)
        y -= h
        pygame.draw.rect(surf, theme.PANEL, (sc.side_rect.x, y - 2, sc.side_rect.w, h + 4))
        draw_text(surf, f.get(12), text, (sc.side_rect.x + f.px(8), y), colour, w)


def message_lines(sc) -> list[tuple[str, tuple]]:
    ctl = sc.controller
    lines = []
    if ctl.message:
        lines.append((ctl.message, theme.REFUSAL if ctl.refused else theme.YELLOW))
    hint = group_hint(sc)
    if hint:
        lines.append((t(hint, sc.app.lang), theme.SKY))
    if sc.overlays.computing():
        lines.append((t("ui.computing", sc.app.lang), theme.TEXT_DIM))
    return lines


def _short(sc, mm: float) -> str:
    """A length without a useless decimal (30 rather than 30,0)."""
    text = _length(sc, mm)
    return text[:-2] if text.endswith((",0", ".0")) else text


def legend_entries(sc) -> list[tuple[tuple, str]]:
    """What the selected figure's mist overlays mean: (colour, text)."""
    data = sc.overlays.data
    a = getattr(sc, "adapter", None)
    if data is None or a is None or not a.has_mist:
        return []
    lang = sc.app.lang
    out = []
    if data.mist:
        out.append((theme.FOV, t("ui.legend.fov", lang, cm=_short(sc, data.mist))))
    for i, (lo, hi) in enumerate(data.melee):
        text = t("ui.legend.reach", lang, lo=_short(sc, lo), hi=_short(sc, hi))
        if all(text != seen for _, seen in out):      # two weapons of one band: one line
            out.append((theme.MELEE_BANDS[i % len(theme.MELEE_BANDS)], text))
    if data.shots:
        for colour, key in zip(theme.RANGE_BANDS, ("close", "ideal", "far")):
            out.append((colour, t(f"ui.legend.shot_{key}", lang)))
    return out


def draw_legend(sc, surf) -> None:
    entries = legend_entries(sc)
    if not entries:
        return
    f = sc.app.fonts
    font = f.get(11)
    lh = font.get_linesize()
    w = max(font.size(text)[0] for _, text in entries) + f.px(30)
    h = lh * len(entries) + f.px(8)
    box = pygame.Rect(sc.view.rect.x + f.px(8), sc.view.rect.bottom - f.px(30) - h, w, h)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((20, 20, 20, 170))
    surf.blit(panel, box)
    y = box.y + f.px(4)
    for colour, text in entries:
        pygame.draw.line(surf, colour, (box.x + f.px(6), y + lh // 2), (box.x + f.px(20), y + lh // 2), 3)
        surf.blit(font.render(text, True, theme.TEXT), (box.x + f.px(26), y))
        y += lh
