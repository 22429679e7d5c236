"""The lesson of a guided game at the table: a band above the table with the chapter, what
the last step's action caused (its text and the explanation of its rolls, from
game.core.roll_why) and what to do now (in free play, a hint for the decision at hand),
with "Continue" for a step that waits for nothing;
rings on the figures the step names and on the circle a move must end in, a glow around the
button concerned. Progress is kept in the settings as chapters are passed."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UITextBox

from game.core.presentation import Presentation
from game.core.roll_why import explain
from game.core.text import t
from game.ui import theme
from game.ui.gui import ButtonSet, ButtonSpec, GuiPart, markup

MAX_EXPLAINED = 4          # rolls explained in full in the box (the others: in the log)
RING = theme.YELLOW


def pick_rolls(rolls: list) -> list:
    """The rolls the box explains in full: the first of each rule (a fight's first strike,
    the save, the damage roll...), at most MAX_EXPLAINED, in the order they were made."""
    seen: set[str] = set()
    out = []
    for e in rolls:
        if e.rule not in seen and len(out) < MAX_EXPLAINED:
            seen.add(e.rule)
            out.append(e)
    return out


class LessonBox(GuiPart):
    """A part of the table scene (App.attach) shown when its session has a guide."""

    def __init__(self, scene):
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.box: UITextBox | None = None
        self.lines: list[str] = []          # what the box says (tests read it)
        self._key = None
        self._marked = None                 # the guide index last saved as progress
        self.set = ButtonSet(scene.app, after=self.invalidate)
        scene.app.attach(scene, self)
        scene.app.attach(scene, self.set)

    @property
    def guide(self):
        return self.scene.session.guide

    @property
    def buttons(self):
        return []                           # the button set is attached on its own

    def height(self, screen_h: int) -> int:
        f = self.scene.app.fonts
        return max(f.px(150), screen_h // 4)

    def invalidate(self) -> None:
        self._key = None

    # --- what it says
    def texts(self) -> list[tuple[str, tuple | None, bool]]:
        sc, g = self.scene, self.guide
        lang = sc.app.lang
        lesson = g.lesson
        out: list[tuple[str, tuple | None, bool]] = []
        chapter = g.chapter()
        if chapter is not None:
            out.append((t("guide.box.chapter", lang, n=chapter[0], total=len(lesson.chapters()),
                          title=t(chapter[1], lang)), theme.SKY, True))
        step = g.step
        if step is None:
            out.append((t("guide.box.finished", lang), theme.GREEN, True))
        else:
            out.append((t(step.text, lang), theme.TEXT, False))
            if step.highlight.overlay:
                out.append((t(f"guide.overlay.{step.highlight.overlay}", lang), theme.TEXT_DIM, False))
            waiting = g.waiting()
            if self.stuck():
                out.append((t("guide.box.stuck", lang), theme.REFUSAL, False))
            elif waiting == "opponent" or (waiting == "free" and sc.session.agent_to_decide()):
                out.append((t("guide.box.opponent", lang), theme.TEXT_DIM, False))
            elif waiting == "free" and sc.session.human_to_decide():
                hint = self.hint_text()
                if hint:
                    out.append((hint, theme.SKY, False))
        after = g.after          # what the last step's action caused, under what to do now
        if after is not None and (after.key or after.rolls):
            out.append(("", None, False))
            if after.key:
                out.append((t(after.key, lang), theme.YELLOW, False))
            out += [(line, theme.TEXT_DIM, False) for line in self.roll_lines(after.rolls)]
        return out

    def hint_text(self) -> str:
        """The free-play hint for the decision now, filled for the figure it is about (the
        one that may take the hinted action: the selected one when it may, else the first):
        a hint naming a weapon names that figure's."""
        sc, g = self.scene, self.guide
        legal = sc.session.engine.legal_actions()
        key = g.hint([c.kind for c in legal])
        if key is None:
            return ""
        kind = next(k for k, v in g.step.hints.items() if v == key)
        state = sc.session.engine.state
        actors = [c.actor for c in legal if c.kind == kind and c.actor in state.figures]
        fid = sc.controller.selected if sc.controller.selected in actors else (actors[0] if actors else None)
        pres = sc.adapter or Presentation()
        return t(key, sc.app.lang, **pres.hint_args(state, state.figures.get(fid), sc.app.lang))

    def roll_lines(self, rolls) -> list[str]:
        sc = self.scene
        engine = sc.session.engine
        lang = sc.app.lang
        pres = sc.adapter or Presentation()
        out = [t("guide.box.rolls", lang)] if rolls else []
        shown = pick_rolls(rolls)
        for e in shown:
            said = engine.ruleset.describe(e, engine.state, lang) or ""
            out += explain(e, pres, lang, said)
        if len(rolls) > len(shown):
            out.append(t("guide.box.more_rolls", lang, n=len(rolls) - len(shown)))
        return out

    def stuck(self) -> bool:
        """The player decides but the step waits for something else: an action that cannot
        be played now, or the opponent's (the lesson and the game went separate ways)."""
        from game.core.guide import awaited_legal

        s = self.scene.session
        step = self.guide.step
        if step is None or not s.human_to_decide() or s.over():
            return False
        if step.play is not None:
            return True
        return step.expect is not None and not awaited_legal(s.engine.legal_actions(), step.expect)

    # --- the frame
    def build(self, rect: pygame.Rect) -> None:
        """Lay the band out in ``rect`` (made again when what it says changed)."""
        sc = self.scene
        g = self.guide
        after = g.after
        key = (g.index, id(after), len(after.rolls) if after else 0, sc.session.version, sc.app.lang,
               sc.controller.selected, tuple(rect), sc.app.settings.scale)
        if key == self._key and self.box is not None and self.box.alive():
            return
        self._key = key
        self.rect = pygame.Rect(rect)
        f = sc.app.fonts
        gap = f.px(6)
        bw = f.px(150)
        rows = self.texts()
        self.lines = [text for text, _, _ in rows]
        if self.box is not None:
            self.box.kill()
        inner = pygame.Rect(rect.x + gap, rect.y + gap, rect.w - bw - 3 * gap, rect.h - 2 * gap)
        self.box = UITextBox(markup(rows), inner, manager=sc.app.ui, object_id=ObjectID(object_id="#log"))
        if self.hidden:
            self.box.hide()
        specs = []
        bh = f.px(30)
        x, y = rect.right - bw - gap, rect.y + gap
        lang = sc.app.lang
        if g.waiting() == "continue":
            specs.append(ButtonSpec("guide.continue", (x, y, bw, bh), t("guide.box.continue", lang),
                                    self.proceed))
            y += bh + gap
        if g.finished:
            specs.append(ButtonSpec("guide.lessons", (x, y, bw, bh), t("guide.box.lessons", lang),
                                    self.to_lessons))
        self.set.set(specs)
        self.mark_progress()

    def proceed(self) -> None:
        sc = self.scene
        if sc.session.proceed():
            self.invalidate()
            sc.panel.invalidate()
            sc.bar.invalidate()
            self.mark_progress()
            if sc.session.over() and self.guide.finished:
                from game.ui.scenes.end import EndScene
                sc.app.push(EndScene(sc.app, sc))

    def to_lessons(self) -> None:
        from game.ui.scenes.lessons import LessonsScene
        from game.ui.scenes.menu import MainMenu

        app = self.scene.app
        app.reset(MainMenu(app))
        app.push(LessonsScene(app))

    def mark_progress(self) -> None:
        from game.ui.guided import mark_progress

        g = self.guide
        if self._marked == g.index:
            return
        self._marked = g.index
        app = self.scene.app
        if mark_progress(app.settings, g.lesson, g) and app.persist:
            app.settings.save()

    def draw(self, surf) -> None:
        pygame.draw.rect(surf, theme.PANEL, self.rect)
        pygame.draw.line(surf, RING, self.rect.bottomleft, (self.rect.right - 1, self.rect.bottom), 2)

    # --- highlights
    def draw_marks(self, surf) -> bool:
        """Rings on the step's figures and on the circle its move must end in (over the
        table, clipped to it by the caller); True when something was drawn."""
        step = self.guide.step
        if step is None:
            return False
        sc = self.scene
        cam = sc.view.camera
        state = sc.session.engine.state
        f = sc.app.fonts
        drawn = False
        for fid in step.highlight.figures:
            fig = state.figures.get(fid)
            if fig is None or fig.out:
                continue
            r = int(cam.length(fig.radius)) + f.px(5)
            pygame.draw.circle(surf, RING, cam.to_screen(fig.x, fig.y), r, max(2, f.px(3)))
            drawn = True
        pattern = step.expect or step.play
        if pattern is not None and pattern.into is not None:
            unit = self.guide.unit_mm
            x, y, rad = pattern.into
            centre = cam.to_screen(x * unit, y * unit)
            pygame.draw.circle(surf, RING, centre, max(4, int(cam.length(rad * unit))), 2)
            c = f.px(5)
            pygame.draw.line(surf, RING, (centre[0] - c, centre[1]), (centre[0] + c, centre[1]), 2)
            pygame.draw.line(surf, RING, (centre[0], centre[1] - c), (centre[0], centre[1] + c), 2)
            drawn = True
        return drawn

    def highlighted(self) -> list[pygame.Rect]:
        """The screen rects of what the step highlights (its glowing buttons, its ringed
        figures): tooltips keep clear of them."""
        step = self.guide.step
        if step is None:
            return []
        sc = self.scene
        f = sc.app.fonts
        out = [b.rect.inflate(f.px(6), f.px(6)) for b in self._glowing()]
        cam, state = sc.view.camera, sc.session.engine.state
        for fid in step.highlight.figures:
            fig = state.figures.get(fid)
            if fig is not None and not fig.out:
                r = int(cam.length(fig.radius)) + f.px(8)
                x, y = cam.to_screen(fig.x, fig.y)
                ring = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
                if ring.colliderect(sc.view.rect):
                    out.append(ring.clip(sc.view.rect))
        return out

    def _glowing(self) -> list:
        step = self.guide.step
        if step is None or not step.highlight.button:
            return []
        kind = step.highlight.button
        buttons = [b for b in self.scene.panel.buttons
                   if b.element.visible and (b.key == kind or b.key.startswith(kind + "."))]
        value = step.expect.value if step.expect is not None else None
        exact = [b for b in buttons if value is not None and b.key.endswith(f".{value}")]   # kind.[target.]value
        builder = [b for b in buttons if value is not None and b.key == f"{kind}.builder"]  # the form builds it
        return exact or builder or buttons

    def draw_glow(self, surf) -> None:
        """A glow around the panel's buttons of the step's action kind (the one of its
        value when the step names a value and such a button is there, else the button
        opening the form that builds it)."""
        for b in self._glowing():
            pygame.draw.rect(surf, RING, b.rect.inflate(self.scene.app.fonts.px(4), self.scene.app.fonts.px(4)),
                             2, border_radius=4)

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [self.box] if self.box is not None else []

    def forget(self) -> None:
        self.box = None
        self._key = None
