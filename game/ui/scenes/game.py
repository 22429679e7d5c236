"""The table scene: the game being played. Mouse and keys become selections, input modes
and actions (through the controller); the engine's events become dice, log lines and
hand-offs; agents play their side through the playback (ai_play: a slice of thinking per
frame, animated decisions, skip, pause and step), with the recap of their turn docked
beside the table, the camera following their moves (unless the person moved it), their
last move marked until the person acts, and the debug overlay of their options."""
from __future__ import annotations

import math

import pygame
import pygame_gui

from game.core.text import t
from game.ui import theme
from game.ui.ai_overlay import AiOverlay
from game.ui.ai_play import AgentPlayback
from game.ui.app import Scene
from game.ui.controller import Controller
from game.ui.decision_view import DecisionView
from game.ui.dice_view import DiceView
from game.ui.drag import FigureDrag, play_drop
from game.ui.fighter_bar import FighterBar, bar_width
from game.ui.form_box import FormBox
from game.ui.gui import gui_over
from game.ui.intent import PathJob
from game.ui.lane_hint import LaneHint
from game.ui.legend import Legend
from game.ui.log_box import LogBox
from game.ui.odds_view import draw_odds
from game.ui.overlays import OverlayLayer
from game.ui.panel import Panel
from game.ui.pass_turn import TurnPasser
from game.ui.recap import RecapPanel, worth_showing
from game.ui.scenario_hud import ScenarioHud
from game.ui.scenes import hud
from game.ui.scenes.top_bar import TopBar
from game.ui.table_view import TableView
from game.ui.tip_place import keep_tips_clear
from game.ui.toast import Toast
from game.ui.why_box import WhyBox
from game.ui.widgets import draw_tooltip

PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1),
            pygame.K_q: (1, 0), pygame.K_a: (1, 0), pygame.K_d: (-1, 0), pygame.K_z: (0, 1),
            pygame.K_w: (0, 1), pygame.K_s: (0, -1)}
RULER_KEYS = {pygame.K_r, pygame.K_m}     # hold one and drag to measure
SHIFT_KEYS = {pygame.K_LSHIFT, pygame.K_RSHIFT}
CTRL_KEYS = {pygame.K_LCTRL, pygame.K_RCTRL}
DRAG_START = 6       # pixels before a press becomes a drag
RESIZE = (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED)


def snap(world) -> tuple[float, float]:
    """A table point on the 2 mm grid the path preview measures on (a click goes there too,
    so the move plays exactly the path and length shown)."""
    return (round(world[0] / 2) * 2, round(world[1] / 2) * 2)


class GameScene(Scene):
    def __init__(self, app, session, *, replay=None):
        super().__init__(app)
        self.session = session
        session.background = app.worker.background   # the AI thinks in a thread beside the frames
        self.replay = replay                 # a ReplayTape when watching a saved game
        self.controller = Controller(session)
        self.view = TableView(app.fonts, app.settings)
        self.overlays = OverlayLayer(app.worker)
        self._lane_hint = LaneHint()          # a move preview's warning (hud.lane_warning)
        from game.ui.fog import FogLayer
        from game.ui.rules_info import info_for

        self.adapter = info_for(session.engine.ruleset.info.id)
        self.fog = FogLayer() if self.adapter is not None and self.adapter.has_mist else None
        self.view.set_units(self.adapter)
        self.dice = DiceView(app.fonts)
        self.log = LogBox(self)
        self.why = WhyBox(self)
        self.panel = Panel(self)
        self.bar = TopBar(self)
        self.hover: str | None = None
        self.mouse = (0, 0)
        self.press = None                    # (pos, figure id or None, button)
        self.drag: FigureDrag | None = None
        self.drag_choice = None
        self.panning = False
        self.ruler = None                    # (start world point, end world point, figure)
        self.held: set[int] = set()          # keys held down (from the events, testable)
        self.seen_version = -1
        self.playback = AgentPlayback(self)
        self.ai_overlay = AiOverlay(self)
        self.decisions = DecisionView(self)
        self.form_box = FormBox(self)          # a form, a re-roll prompt, over the table
        self.recap = RecapPanel(self)
        self.toast = Toast()                   # a brief line over the table (quick save...)
        self._dock = (0, 0)                    # (AI strip height, recap column width) laid out
        self._drawn = -1                       # the session version last drawn
        self._odds_key, self._odds = None, []
        self.messages: list = []               # the message lines of this frame (hud)
        self._room_key, self._room = None, 0
        self._untouched = -1                   # the last frame that drew nothing over the view
        self._column_clean = -1                # the last frame that drew nothing over the fighter bar
        self.legend = Legend(self)
        self.hud_box = ScenarioHud(self)
        self.fighters = FighterBar(self)       # the side's figures, next, end turn; the HUD under them
        self.passer = TurnPasser(self)
        self.lesson = None                     # a guided game's lesson band (over the table)
        if session.guide is not None:
            from game.ui.lesson_box import LessonBox
            self.lesson = LessonBox(self)
        self._guided_at = -1                   # the lesson step the selection was set for
        self.layout(refit=True)

    # --- layout
    def layout(self, refit: bool = False, keep: bool = False) -> None:
        """Place the parts; ``keep``: the table only gained or lost an edge (the AI strip,
        the recap column), its camera stays put."""
        f = self.app.fonts
        w, h = self.app.screen.get_size()
        self.top_rect = pygame.Rect(0, 0, w, f.px(36))
        pw = min(f.px(360), w // 2)
        self.side_rect = pygame.Rect(w - pw, self.top_rect.bottom, pw, h - self.top_rect.bottom)
        self.log_rect = pygame.Rect(self.side_rect.x, self.side_rect.bottom - max(f.px(220), h // 3),
                                    pw, max(f.px(220), h // 3))
        self._dock = strip, dock = self.docking()
        # the left column: the fighter bar, sharing it with the AI's recap when that is open
        top, col = self.top_rect.bottom, max(bar_width(f, w), dock)
        tall = self.fighters.compact_height() if dock else h - top
        self.fighters.layout(pygame.Rect(0, top, col, tall), compact=bool(dock))
        self.recap_rect = pygame.Rect(0, top + tall, col, h - top - tall)
        band = self.lesson.height(h) if getattr(self, "lesson", None) is not None else 0
        self.lesson_rect = pygame.Rect(col, top, w - pw - col, band)
        top += band
        table = pygame.Rect(col, top, w - pw - col, h - top)
        self.strip_rect = pygame.Rect(table.x, table.bottom - strip, table.w, strip)   # over the table
        self.view.fonts = f
        self.view.reserved = f.px(36) if self.replay is None and self.session.agents else 0
        self.view.set_rect(table, self.session.engine.state, refit=refit, keep=keep)
        self._relaid = True          # what the old layout left on the screen is drawn over next frame
        self.panel.invalidate()
        self.bar.invalidate()

    def docking(self) -> tuple[int, int]:
        """(height of the AI strip, width of the recap column) wanted now: the strip (over
        the bottom of the table, which its fit leaves free) only while an agent decides, the
        column while the recap is open."""
        f = self.app.fonts
        strip = f.px(36) if self.playback.deciding() else 0
        return strip, self.recap.width(self.app.screen.get_width()) if self.recap.open else 0

    def relabel(self) -> None:
        self.dice.fonts = self.app.fonts
        self.view._labels.clear()
        self.layout()

    def strict(self) -> bool:
        """Measuring hidden until the intention is declared (no ruler, no lengths)."""
        a = self.adapter
        return a is not None and a.has_mist and a.strict(self.session.engine.state, self.app.settings)

    def interactive(self) -> bool:
        return self.replay is None and self.session.human_to_decide() and not self.session.over()

    # --- input
    def handle(self, event) -> None:
        camera = self.view.camera.version
        self._handle(event)
        if self.view.camera.version != camera and event.type not in RESIZE:
            self.playback.camera_moved()          # the person zoomed or panned

    def _handle(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.log.box:
            line = self.log.roll_of(event.link_target)
            if line is not None:
                self.why.show_roll(line.roll, str(line))
        elif event.type in RESIZE:
            self.app.screen = pygame.display.get_surface() or self.app.screen
            self.layout(refit=True)
        elif event.type == pygame.KEYDOWN:
            self.held.add(event.key)
            self._key(event)
        elif event.type == pygame.KEYUP:
            self.held.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held.clear()
        elif event.type == pygame.MOUSEWHEEL:
            if self.recap.wheel(event.y):
                pass                  # the box's own text scrolls (pygame-gui)
            elif self.legend.wheel(event.y, self.mouse):
                pass
            elif self.view.rect.collidepoint(self.mouse):
                self.view.camera.zoom(1.15 ** event.y, self.mouse)
        elif event.type == pygame.MOUSEMOTION:
            self._motion(event.pos, event.buttons)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._down(event.pos, event.button)
        elif event.type == pygame.MOUSEBUTTONUP:
            self._up(event.pos, event.button)

    def _key(self, event) -> None:
        ctl, k = self.controller, event.key
        mods = event.mod
        if k == pygame.K_SPACE and (self.playback.skip() or self.dice.skip()):
            return
        if k == pygame.K_F3:
            self.ai_overlay.toggle()
        elif k == pygame.K_p and self.playback.active():
            self.playback.toggle_pause()
        elif k == pygame.K_n and self.playback.active():
            self.playback.step()
        elif k == pygame.K_ESCAPE and self.why.close():
            pass
        elif k == pygame.K_ESCAPE and self.recap.open:
            self.recap.close()
        elif k == pygame.K_ESCAPE:
            if not ctl.cancel():
                if ctl.selected is not None and self.session.engine.state.activation is None:
                    ctl.select(None)
                else:
                    self.bar.menu()
        elif k in (pygame.K_BACKSPACE,) or (k in (pygame.K_z, pygame.K_w) and mods & pygame.KMOD_CTRL):
            self.bar.undo()
        elif k == pygame.K_F5:
            self.bar.quick_save()
        elif k == pygame.K_F9:
            self.bar.quick_load()
        elif k == pygame.K_f:
            self.view.fit(self.session.engine.state)
        elif k == pygame.K_TAB and self.replay is None:
            self.fighters.next_figure()
        elif k == pygame.K_l:
            self.legend.toggle()
        elif k == pygame.K_o:
            self.hud_box.toggle_zones()
        elif k == pygame.K_g:
            self.app.settings.grid = not self.app.settings.grid
            self.app.settings_changed()
        elif k in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.view.camera.zoom(1.2, self.view.rect.center)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_6):
            self.view.camera.zoom(1 / 1.2, self.view.rect.center)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if ctl.confirm is not None:
                ctl.answer_confirm(True)
            elif ctl.building is not None:
                from game.ui.form_desk import submit_form
                submit_form(ctl)
            elif ctl.mode is not None:
                ctl.finish_targets()
        elif k == pygame.K_RIGHT and self.replay is not None:
            self.replay.forward()
        elif k == pygame.K_LEFT and self.replay is not None:
            self.replay.back()
        elif k in PAN_KEYS and not mods & pygame.KMOD_CTRL:
            dx, dy = PAN_KEYS[k]
            self.view.camera.pan(dx * self.app.fonts.px(40), dy * self.app.fonts.px(40))
        self.panel.invalidate()

    def _world(self, pos):
        return self.view.camera.to_world(*pos)

    def _down(self, pos, button) -> None:
        self.mouse = pos
        self.dice.skip()             # a click settles the dice and still counts
        if button == 3:
            if not self.controller.cancel():
                self.controller.select(None)
            return
        if button not in (1, 2):
            return
        if self.recap.click(pos) or self.strip_rect.collidepoint(pos) or self.form_box.click(pos):
            return
        if self.bar.click(pos) or self.side_rect.collidepoint(pos):
            return                    # pygame-gui takes the clicks on the panel's buttons
        if self.fighters.click(pos, ctrl=self._ctrl()):
            return
        if not self.view.rect.collidepoint(pos):
            return
        if button == 2:
            self.panning = True
        if self.held & RULER_KEYS and not self.strict():
            w = self._world(pos)
            self.ruler = (w, w, self.view.figure_at(self.session.engine.state, pos))
            return
        fid = self.view.figure_at(self.session.engine.state, pos)
        self.press = (pos, fid, button)

    def _draggable(self, fid):
        """The move template the selected figure could drag with, if any."""
        if not self.interactive() or self.controller.mode is not None:
            return None
        for c in self.controller.choices():
            if c.actor == fid and c.move is not None and (
                    c.gather == "path" or (c.gather == "facing" and c.move.required)):
                return c
        return None

    def _motion(self, pos, buttons) -> None:
        last = self.mouse
        self.mouse = pos
        state = self.session.engine.state
        self.hover = self.view.figure_at(state, pos) if self.view.rect.collidepoint(pos) else None
        if self.ruler is not None:
            self.ruler = (self.ruler[0], self._world(pos), self.ruler[2])
            return
        if self.press is None:
            return
        start, fid, button = self.press
        far = math.dist(start, pos) >= DRAG_START
        if self.drag is not None:
            self.drag.pull(self._world(pos))
        elif button == 1 and self.decisions.deploy_choice() is not None:
            return                     # dragging aims the fighter being set down
        elif button == 1 and self.controller.aims_after_path():
            return                     # dragging from a move's end point aims its facing
        elif far and button == 1 and fid is not None and self._draggable(fid):
            self.drag_choice = self._draggable(fid)
            self.controller.select(fid)
            self.drag = FigureDrag(state, fid, ignore_terrain=self.drag_choice.move.ignore_terrain,
                                   visible=self.view.visible)
            self.drag.pull(self._world(pos))
        elif far or self.panning:
            self.panning = True
            self.view.camera.pan(pos[0] - last[0], pos[1] - last[1])

    def _up(self, pos, button) -> None:
        self.mouse = pos
        if self.ruler is not None:
            self.ruler = None
            return
        press, self.press = self.press, None
        if self.drag is not None:
            drag, self.drag = self.drag, None
            drag.settle(self._world(pos))
            play_drop(self, drag)
            return
        if self.panning:
            self.panning = False
            return
        if press is None or button != 1:
            return
        ctl = self.controller
        state = self.session.engine.state
        fid = self.view.figure_at(state, pos)
        world = self._world(pos)
        if not self.interactive():
            ctl.select(fid)
            return
        shift = bool(self.held & SHIFT_KEYS) or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        ctrl = self._ctrl()
        if ctl.mode is not None and ctl.mode.stage == "facing":
            ctl.face_point(world)
        elif ctl.mode is not None and ctl.mode.stage == "placement":
            aimed = math.dist(press[0], pos) >= DRAG_START
            ctl.place(self._world(press[0]), aim=world if aimed else None)
        elif fid is not None and not (ctl.mode and ctl.mode.stage == "path"):
            ctl.click_figure(fid, world, partner=ctrl)     # Ctrl+click: a partner
        elif ctl.mode is not None and ctl.mode.stage == "path":
            if ctl.aims_after_path() and math.dist(press[0], pos) >= DRAG_START:
                # pressed on the end point, released toward where to face
                ctl.click_point(snap(self._world(press[0])), add_waypoint=shift, aim=world)
            else:
                ctl.click_point(snap(world), add_waypoint=shift)   # where the preview measured
        elif ctl.mode is not None and ctl.mode.stage == "target":
            tok = self.view.token_at(state, pos)
            if tok is not None:
                ctl.choose_target(tok, world)
        elif fid is None and state.activation is None:
            ctl.select(None)
        self.panel.invalidate()

    def _ctrl(self) -> bool:
        return bool(self.held & CTRL_KEYS) or bool(pygame.key.get_mods() & pygame.KMOD_CTRL)

    # --- frame
    def update(self, dt: float) -> None:
        self.controller.sync()
        if self.lesson is not None:
            self._guided_selection()
        if self.replay is None:
            self.passer.step()               # "End turn": the side's figures left do nothing
        self.dice.update(dt)
        if self.app.worker.lost and not getattr(self, "_said_lost", False):   # zones computed here now
            self._said_lost = True
            self.toast.show(t("ui.worker_lost", self.app.lang), seconds=6.0)
        self.toast.update(dt)
        if self.replay is not None:
            self.replay.update(dt)
        if not self._changed():
            return
        self.playback.update(dt)
        if not self._changed():            # an agent's decision is taken in at once (its recap...)
            return
        if self.docking() != self._dock:
            self.layout(keep=True)

    def _figure_points(self, state) -> list[tuple[float, float]]:
        """Where the figures the viewer sees are on the screen (what the dice must not hide)."""
        seen = self.view.visible
        cam = self.view.camera
        board = self.view.board_rect(state)
        return [board.center] + [cam.to_screen(*f.pos) for f in state.figures.values()
                                 if not f.out and (seen is None or f.id in seen)]

    def _guided_selection(self) -> None:
        """At each new step of a lesson, the figure it asks the player to use is selected
        (its overlays show) unless the player is building an action."""
        g = self.session.guide
        if g.index == self._guided_at:
            return
        self._guided_at = g.index
        step = g.step
        ctl = self.controller
        actor = step.expect.actor if step is not None and step.expect is not None else None
        if actor in self.session.engine.state.figures and ctl.mode is None and self.interactive():
            ctl.select(actor)
            self.panel.invalidate()

    def _changed(self) -> bool:
        """Take in a new state (dice, panels, the recap, the end, a hand-off); False when a
        scene was pushed over this one."""
        s = self.session
        if s.version == self.seen_version:
            return True
        self.seen_version = s.version
        self.dice.show(s.last_events, self.playback.dice_speed())
        self.panel.invalidate()
        self.bar.invalidate()
        self.playback.after_decision()
        if self.replay is None:
            if s.over() and (s.guide is None or s.guide.finished):
                from game.ui.scenes.end import EndScene
                self.app.push(EndScene(self.app, self))
                return False
            self.recap.follow(s.turn_recap)
            entries = s.take_turn_recap()
            if entries:
                self.controller.say("")          # the person's last message is about an older table
            sel = self.controller.selected      # the person's card stays after the AI's turn
            if entries and sel is not None and (sel not in s.engine.state.figures
                                                or s.engine.state.figures[sel].out):
                self.controller.select(None)
            if entries and worth_showing(entries, self.adapter.answers):
                self.recap.show(entries)
            side = s.handoff_due()
            if side is not None:
                if not s.engine.state.pending and (self.fog is None or s.engine.state.activation is None):
                    self.controller.select(None)   # the next player starts afresh
                from game.ui.scenes.handoff import HandoffScene
                self.app.push(HandoffScene(self.app, s, side))
                return False
        return True

    def busy(self) -> bool:
        """Something on the table moves or is on its way without any input: an agent
        deciding, an animation (moves, dice, the camera), the replay playing, geometry being
        computed, a press or drag under way, or a state not drawn yet."""
        pb = self.playback
        return (self.session.version != self._drawn or (pb.deciding() and not pb.paused)
                or pb.stepping or pb.motion is not None or pb.follow.active() or self.dice.active()
                or self.app.worker.pending() or self.overlays.computing()
                or (self.replay is not None and self.replay.playing)
                or self.press is not None or self.drag is not None or self.ruler is not None
                or self.toast.active())

    @property
    def buttons(self):
        """The AI controls and the recap's buttons (the bar and the panel have their own)."""
        return self.recap.buttons + ([self.recap.tab] if self.recap.tab else []) + self.playback.buttons

    def reopen_recap(self) -> None:
        if self.recap.open:
            self.recap.close()
        else:
            self.recap.show(self.session.turn_recap or self.session.last_recap)

    def draw(self, surf) -> None:
        s = self.session
        self._drawn = s.version
        state = s.engine.state
        settings = self.app.settings
        sel = self.controller.selected
        visible = s.visible() if self.replay is None and self.fog is not None else None
        self.view.visible = visible
        if visible is not None and sel is not None and sel not in visible:
            sel = self.controller.selected = None
        fog = None
        if self.fog is None or self.replay is not None:
            self.overlays.update(state, sel, self.app.lang, settings.strict_measuring,
                                 extra=repr(state.activation), version=s.version)   # reach follows what is left
        else:
            self.overlays.update(state, sel, self.app.lang, self.strict(), visible,
                                 repr(state.activation), version=s.version)
            self.fog.update(state, s.engine.ruleset.table_for(state), s.viewer(),
                            s.engine.ruleset.mist_radius(state))
            fog = self.fog
        self.overlays.advance(self.view, state)
        clip = surf.get_clip()
        mode = self.controller.mode
        marked = self.controller.offered() if mode and mode.stage == "target" else ()
        app = self.app
        # the screen still shows last frame's picture where nothing was drawn over the view
        untouched = self._untouched == app.frames - 1
        last = s.last_move if self.replay is None and self.playback.motion is None else None
        self.view.underlay = self.hud_box.underlay()     # scenario zones under the figures
        over = self.view.draw_scene(surf, state, self.overlays, fog, version=s.version, selected=sel,
                                    hover=self.hover, marked=marked,
                                    partners=tuple(self.controller.partners),
                                    candidates=tuple(sorted(self.controller.partner_candidates())),
                                    moving=self.playback.moving(), untouched=untouched, frame=app.frames,
                                    last_move=(last["figures"], last["paths"]) if last else None)
        surf.set_clip(self.view.board_rect(state))     # paths and marks stop at the table's edge
        if self.lesson is not None:
            over |= self.lesson.draw_marks(surf)
        over |= hud.draw_mode(self, surf)
        over |= self.decisions.draw(surf)
        surf.set_clip(clip)                            # the form may reach past the table
        self._tips_off_form()
        over |= self.form_box.draw(surf)
        surf.set_clip(self.view.board_rect(state))
        if self.drag is not None:
            hud.draw_drag(self, surf)
        surf.set_clip(self.view.rect)
        if self.ruler is not None:
            hud.draw_ruler(self, surf)
        surf.set_clip(clip)
        over |= self.drag is not None or self.ruler is not None
        over |= self.ai_overlay.draw(surf)
        over |= self.legend.draw(surf) if self.legend.open else hud.draw_legend(self, surf)
        if s.last_private is None or s.last_private != s.viewer():   # the mist keeps its rolls
            over |= self.dice.draw(surf, self.view.rect, lambda fid: self._roller_name(state, fid, visible),
                                   self.app.lang, avoid=self._figure_points(state) if self.dice.active() else ())
        self.fighters.draw(surf, untouched=self._column_clean == app.frames - 1)
        # the side panel, down to the log: the log box paints its whole rectangle itself
        # each frame, and the card its own (opaque) top, so neither is filled first
        card_h = self.panel.draw_card(surf, self.side_rect, sel or self.hover or self.decisions.subject())
        fill = self.panel_fill_rect()
        surf.fill(theme.PANEL, (fill.x, fill.y + card_h, fill.w, max(0, fill.h - card_h)))
        self.messages = hud.message_lines(self)       # once a frame
        self.panel.build(self.side_rect)
        if self.lesson is not None:
            self.lesson.build(self.lesson_rect)
            self.lesson.draw(surf)
            self.lesson.draw_glow(surf)
        self._fit_log()
        hud.draw_message(self, surf, self.messages)
        self.log.sync(s.shown_log(), self.log_rect, s.viewer())   # another reader: made anew
        self.bar.draw(surf)
        self.playback.build(self.strip_rect)
        over |= self.playback.draw(surf, self.strip_rect)
        if self.recap.open:
            pygame.draw.rect(surf, theme.BG, self.recap_rect)    # under the docked recap
        self.recap.draw(surf, self.recap_rect, reopen=bool(s.last_recap) and not self.playback.deciding())
        odds = draw_odds(self, surf)
        over |= odds
        over |= self.toast.draw(surf, self.app.fonts, self.view.rect)
        tip = self.panel.tooltip_at(self.mouse) or self.fighters.tooltip_at(self.mouse)   # buttons: pygame-gui's
        lit = self.lesson.highlighted() if self.lesson is not None else []
        if tip:
            right = self.side_rect.x if self.side_rect.collidepoint(self.mouse) else None
            draw_tooltip(surf, self.app.fonts, tip, self.mouse, right=right, avoid=lit)
        else:
            self.ai_overlay.draw_details(surf)
        keep_tips_clear(app.ui, lit)       # the buttons' tooltips: off their button and the lesson's
        over |= bool(tip) or gui_over(app.ui, self.view.rect) or self._relaid
        self._relaid = False
        self._untouched = app.frames if not over and app.top is self else -1
        clean = app.top is self and not (tip or odds or self.ai_overlay.on or self.drag or self.ruler) \
            and not self.fighters.gui_over()
        self._column_clean = app.frames if clean else -1

    def _roller_name(self, state, fid, visible) -> str:
        """Who rolled, as the dice caption says it: a figure the viewing side cannot see is
        "a hidden fighter", as in the log (the mist's deployment rolls named the enemy's
        fighter over the table while the log kept it hidden)."""
        if visible is not None and fid in state.figures and fid not in visible:
            text = t("lang.hidden_fighter", self.app.lang)
            return text[:1].upper() + text[1:]
        return self.adapter.name_of(state, fid, self.app.lang)

    def _tips_off_form(self) -> None:
        """A form opening over the table takes down the tooltips shown (pygame-gui draws
        them over everything: one left from a panel button covered the form's answers)."""
        opened = self.form_box.open()
        if opened and not getattr(self, "_form_was_open", False):
            for part in self.app.attached(self):
                if hasattr(part, "drop_tips"):
                    part.drop_tips()
        self._form_was_open = opened

    def message_room(self) -> int:
        """The room kept above the log for the message lines (at least three lines, so that
        a passing line does not move the buttons)."""
        f = self.app.fonts
        key = (tuple(text for text, _ in self.messages), self.side_rect.w, f.scale)
        if key != self._room_key:
            self._room_key = key
            self._room = max(hud.message_height(self, self.messages), 3 * (f.get(12).get_linesize() + 2))
        return self._room

    def panel_fill_rect(self) -> pygame.Rect:
        """The part of the side panel the scene paints each frame: all of it above the log
        when the log spans its width down to its bottom (as laid out), else all of it."""
        side, log = self.side_rect, self.log_rect
        if log.x <= side.x and log.right >= side.right and log.bottom >= side.bottom and side.y < log.y:
            return pygame.Rect(side.x, side.y, side.w, log.y - side.y)
        return side

    def _fit_log(self) -> None:
        """The log takes what the buttons and the message lines leave (at least a few lines)."""
        f = self.app.fonts
        h = self.side_rect.bottom
        default = h - max(f.px(220), h // 3)
        bottom = self.panel.bottom + self.message_room() + f.px(8)
        top = min(max(default, bottom), h - f.px(90))
        if top != self.log_rect.y:
            self.log_rect = pygame.Rect(self.side_rect.x, top, self.side_rect.w, h - top)

    def aiming_drag(self) -> bool:
        """The button is held away from where it was pressed while drawing a move that
        ends with a facing: the press is the end point, the pointer the direction to face."""
        press = self.press
        return (press is not None and self.controller.aims_after_path()
                and math.dist(press[0], self.mouse) >= DRAG_START)

    def path_preview(self):
        """The path under the cursor in path mode (computed by the worker), or None; while
        aiming a move's facing, the path to where the button was pressed."""
        m = self.controller.mode
        if m is None or m.stage != "path" or not self.view.rect.collidepoint(self.mouse):
            return None
        end = self.press[0] if self.press is not None and self.aiming_drag() else self.mouse
        pts = list(m.waypoints) + [snap(self._world(end))]
        state = self.session.engine.state
        key = (m.choice.actor, tuple(pts), self.session.version)
        others = self.controller.others(m.choice.actor)
        self.app.worker.request("path", key, state, PathJob(m.choice.actor, tuple(pts), m.choice.move,
                                                            None if others is None else tuple(others)))
        got = self.app.worker.result("path", key)
        if isinstance(got, tuple):
            self._last_path = got
        elif got is not None:
            self._last_path = None
        return getattr(self, "_last_path", None)

