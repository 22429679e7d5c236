"""Agents playing on screen: one slice of thinking per frame (the window stays
responsive), each decision played after a pause and its moves animated at the chosen
animation speed, the camera gliding to them (unless the person moved it since they last
acted), a skip that finishes the AI's turn at once, and pause / one decision / resume
controls (an AI-versus-AI game runs by itself with them) on a strip of pygame-gui buttons
along the bottom of the table, shown only while an agent decides."""
from __future__ import annotations

import math
import time

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.camera import Glide, framing
from game.ui.gui import ButtonSet, ButtonSpec

AGENT_DELAY = 0.35    # seconds between two agent decisions at animation speed 1
MOVE_SPEED = 320.0    # mm a moving figure covers per second at animation speed 1
MAX_LEG = 1.2         # seconds at most for one move at speed 1
FRAME_BUDGET = 0.02   # seconds of agent work per frame while skipping
GLIDE = 0.4           # seconds the camera takes to reach the AI's move at speed 1


def anim_speed(settings) -> float:
    """The speed at which what the AI plays is shown (its own setting; 0: no animation)."""
    return float(settings.ai_speed or 0.0)


class Motion:
    """Figures sliding along the paths of one decision's moves (figure, path from where it
    stood: ``Session.agent_moves``), one move after another."""

    def __init__(self, moves, speed: float, visible=None):
        self.legs = []      # (figure, points, cumulative lengths, start, duration)
        start = 0.0
        for fid, path in moves:
            if len(path) < 2:
                continue
            if visible is not None and fid not in visible:
                continue    # hidden from the person at the screen: no telling pause
            cum = [0.0]
            for a, b in zip(path, path[1:]):
                cum.append(cum[-1] + math.dist(a, b))
            if cum[-1] <= 0:
                continue
            dur = min(MAX_LEG, cum[-1] / MOVE_SPEED) / speed
            self.legs.append((fid, tuple(path), cum, start, dur))
            start += dur
        self.total = start
        self.age = 0.0

    def done(self) -> bool:
        return self.age >= self.total

    def update(self, dt: float) -> None:
        self.age += dt

    def positions(self) -> dict[str, tuple[float, float, float]]:
        """Where the moving figures are drawn now: figure -> (x, y, heading in degrees)."""
        out: dict[str, tuple[float, float, float]] = {}
        for fid, pts, cum, start, dur in self.legs:
            if fid in out or self.age >= start + dur:
                continue
            along = cum[-1] * max(0.0, self.age - start) / dur if dur > 0 else cum[-1]
            i = 1
            while i < len(cum) - 1 and cum[i] < along:
                i += 1
            a, b = pts[i - 1], pts[i]
            seg = cum[i] - cum[i - 1]
            k = 0.0 if seg <= 0 else min(1.0, (along - cum[i - 1]) / seg)
            heading = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0
            out[fid] = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, heading)
        return out


class AgentPlayback:
    """The agent side of the table scene (see the module docstring)."""

    def __init__(self, scene):
        self.scene = scene
        self.paused = False
        self.stepping = False         # paused, but let one decision through
        self.fast = False             # skipping: decide at once, no animation
        self.fast_turn = None         # between agents, the skip ends with this game turn
        self.wait = 0.0
        self.motion: Motion | None = None
        self.strip = ButtonSet(scene.app)
        scene.app.attach(scene, self.strip)
        self.worst_ms = 0.0           # the longest slice of thinking seen on a frame
        self.follow = Glide()         # the camera going to the AI's last move
        self.camera_touched = False   # the person moved the camera: it is not taken from them
        self._followed = None         # the last move the camera went to
        self._turn = scene.session.engine.state.turn

    @property
    def session(self):
        return self.scene.session

    def active(self) -> bool:
        return self.scene.replay is None and bool(self.session.agents)

    def deciding(self) -> bool:
        """An agent decides now (the skip and step controls apply)."""
        s = self.session
        return self.active() and not s.over() and s.agent_to_decide()

    def between_agents(self) -> bool:
        """Agents on every seat (a neutral side's agent does not make a game AI-versus-AI)."""
        return self.active() and not any(self.session.is_human(s) for s in self.session.seats())

    # --- controls
    def skip(self) -> bool:
        """Finish the AI's current turn of decisions now (no animation); True if there was one."""
        if not self.deciding():
            return False
        self.fast = True
        self.fast_turn = self.session.engine.state.turn if self.between_agents() else None
        self.motion = None
        self.scene.dice.dismiss()
        return True

    def toggle_pause(self) -> None:
        if self.active():
            self.paused = not self.paused
            self.stepping = False

    def step(self) -> bool:
        """While paused: play the next agent decision."""
        if not (self.paused and self.deciding()):
            return False
        self.stepping = True
        return True

    def dice_speed(self) -> float:
        """How fast the last decision's dice tumble: not at all while skipping, at the AI's
        speed after an agent's decision, at the game's otherwise."""
        if self.fast:
            return 0.0
        s = self.session
        settings = self.scene.app.settings
        if s.deciders and s.deciders[-1] in s.agents:
            return anim_speed(settings)
        return settings.anim_speed

    @property
    def buttons(self):
        return self.strip.buttons

    def moving(self) -> dict:
        return self.motion.positions() if self.motion is not None else {}

    # --- the camera
    def camera_moved(self) -> None:
        """The person zoomed or panned: the camera is theirs until they act again."""
        self.camera_touched = True
        self.follow.stop()

    def after_decision(self) -> None:
        """After any decision: a person who acted (or a new game turn) gives the camera back
        to the AI's moves; a new move of the AI is brought into view unless the person
        moved the camera meanwhile."""
        s, sc = self.session, self.scene
        turn = s.engine.state.turn
        if (s.deciders and s.is_human(s.deciders[-1])) or turn != self._turn:
            self.camera_touched, self._turn = False, turn
        move = s.last_move
        if move is None or move is self._followed or self.camera_touched or sc.replay is not None:
            return
        self._followed = move
        state = s.engine.state
        points = [p for path in move["paths"] for p in path] + \
            [(state.figures[f].x, state.figures[f].y) for f in move["figures"] if f in state.figures]
        cam = sc.view.camera
        to = framing(cam, tuple(sc.view.rect), points, sc.app.fonts.px(60))
        if to is not None:
            speed = self.dice_speed()
            self.follow.start(cam, to, GLIDE / speed if speed > 0 else 0.0)

    # --- frames
    def update(self, dt: float) -> None:
        s = self.session
        self.follow.advance(self.scene.view.camera, dt)
        if self.motion is not None:
            self.motion.update(dt)
            if self.motion.done():
                self.motion = None
        if not self.deciding():
            self.fast, self.wait = False, 0.0
            return
        if self.fast:
            return self._run_fast()
        self.wait += dt
        action = self._think()
        if action is None or (self.paused and not self.stepping):
            return
        speed = anim_speed(self.scene.app.settings)
        delay = AGENT_DELAY / speed if speed > 0 else 0.0
        if self.motion is not None or self.scene.dice.tumbling() or self.wait < delay:
            return
        s.play_agent()
        self.wait, self.stepping = 0.0, False
        self.motion = Motion(s.agent_moves, speed, s.visible()) if speed > 0 else None
        if self.motion is not None and self.motion.done():
            self.motion = None

    def _think(self):
        start = time.perf_counter()
        action = self.session.agent_think()
        self.worst_ms = max(self.worst_ms, (time.perf_counter() - start) * 1000)
        return action

    def _run_fast(self) -> None:
        s = self.session
        start = time.perf_counter()
        while time.perf_counter() - start < FRAME_BUDGET:
            if s.over() or not s.agent_to_decide() or (
                    self.fast_turn is not None and s.engine.state.turn != self.fast_turn):
                self.fast = False
                return
            if self._think() is not None:
                s.play_agent()

    # --- the control strip over the table
    def build(self, area: pygame.Rect) -> None:
        """The strip of AI controls along the bottom of the table, only while an agent
        decides (the scene gives it no room otherwise); the buttons are described each
        frame and made anew only when a label changes."""
        if not self.active() or area.h <= 0:
            self.strip.set([])
            return
        sc = self.scene
        f, lang = sc.app.fonts, sc.app.lang
        deciding = self.deciding()
        specs = [("ai.skip", t("play.ai.skip", lang), self.skip, deciding, t("play.tip.skip", lang), False),
                 ("ai.pause", t("play.ai.resume" if self.paused else "play.ai.pause", lang),
                  self.toggle_pause, True, t("play.tip.pause", lang), self.paused),
                 ("ai.step", t("play.ai.step", lang), self.step, self.paused and deciding,
                  t("play.tip.step", lang), False),
                 ("ai.recap", t("play.ai.recap", lang), sc.reopen_recap,
                  bool(self.session.last_recap or self.session.turn_recap), t("play.tip.recap", lang),
                  sc.recap.open),
                 ("ai.debug", t("play.ai.debug", lang), sc.ai_overlay.toggle, True,
                  t("play.tip.debug", lang), sc.ai_overlay.on)]
        font = f.get(13)
        h, gap = f.px(26), f.px(4)
        widths = [max(f.px(64), font.size(label)[0] + f.px(16)) for _, label, *_ in specs]
        room = area.w - 2 * gap - gap * (len(specs) - 1)
        if sum(widths) > room:          # a narrow table at a large scale: shortened labels
            widths = [w * room // sum(widths) for w in widths]
        x = area.right - gap - (sum(widths) + gap * (len(specs) - 1))   # right: the scale bar is left
        y = area.centery - h // 2
        out = []
        for (key, label, fn, enabled, tip, toggled), w in zip(specs, widths):
            out.append(ButtonSpec(key, (x, y, w, h), label, fn, tip, enabled, toggled))
            x += w + gap
        self.strip.set(out)

    def draw(self, surf, area: pygame.Rect) -> bool:
        """The strip's band behind its buttons (over the bottom of the table); True when drawn."""
        if not self.buttons:
            return False
        left = min(b.rect.x for b in self.buttons) - self.scene.app.fonts.px(4)
        pygame.draw.rect(surf, theme.PANEL, (left, area.y, area.right - left, area.h))
        return True
