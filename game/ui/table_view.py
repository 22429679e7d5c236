"""Drawing the table to scale: terrain as what it is (game.ui.terrain_style), bases sized
from data in side colours with a distinct marker per side, names, status markers, tokens,
grid and scale bar. The static layer (table and terrain) is cached until the camera or the
window changes."""
from __future__ import annotations

import math

import pygame

from game.core.text import t
from game.geometry.units import to_mm
from game.ui import terrain_style, theme
from game.ui.camera import Camera
from game.ui.icons import draw_badge
from game.ui.sides import draw_mark, side_colour
from game.ui.widgets import rendered

PAS = to_mm(1, "pas")


class TableView:
    def __init__(self, fonts, settings):
        self.fonts = fonts
        self.settings = settings
        self.camera = Camera()
        self.rect = pygame.Rect(0, 0, 100, 100)
        self._static = None
        self._static_key = None
        self._scene, self._scene_key = None, None
        self._pieces = terrain_style.PieceCache()   # terrain pre-rendered at the current zoom
        self._canvas = None         # the picture shown, laid out like the screen
        self._spare_canvas = None   # the one shown before, to make the next picture on
        self._aside = None          # (key, canvas, parts made, frame): the next picture, made over frames
        self._base, self._base_key = None, None     # the static layer with mist and overlays
        self._on_screen = None      # (screen, key) of the picture the screen shows
        self.skipped = False        # the last frame left the screen's picture as it was
        self.reserved = 0           # pixels along the bottom the fitted table leaves free
        self._labels: dict[tuple, object] = {}
        self._facts: dict[tuple, object] = {}   # per figure, for one drawn version (see _fact)
        self._facts_key = None
        self.visible: set[str] | None = None   # figures the viewing side sees (None: all)
        self.grid_step = PAS                    # mm between grid lines
        self.scale_units = (6, PAS, "ui.scale_bar")   # (count, mm per unit, label key)
        self.markers: tuple[str, ...] = ()      # statuses marked beside a base (the ruleset's)
        self.adapter = None                     # the ruleset's presentation (names in the language)
        self.all_names = False                  # every name, whatever the zoom (a rules diagram)
        self.lying = lambda f: False            # a figure out of play still on the table
        self.underlay: tuple = ()   # scenario zones under the figures: ((colour, rect mm)...), ((colour, circle)...)

    def set_units(self, adapter) -> None:
        """Grid, scale bar and status markers as the ruleset's presentation gives them."""
        self.markers = tuple(adapter.markers) if adapter is not None else ()
        self.adapter = adapter
        self.lying = adapter.lies_on_table if adapter is not None else (lambda f: False)
        if adapter is None or adapter.unit == "pas":
            self.grid_step, self.scale_units = PAS, (6, PAS, "ui.scale_bar")
        else:
            self.grid_step = adapter.grid_step
            self.scale_units = (adapter.scale_units, adapter.unit_mm, f"ui.scale_bar_{adapter.unit}")
        self._static_key = None

    def shown(self, f) -> bool:
        return self.visible is None or f.id in self.visible

    # --- layout
    def set_rect(self, rect: pygame.Rect, state, refit: bool = False, keep: bool = False) -> None:
        """A new place for the view: the table fitted again (``keep``: the camera stays, the
        view only gained or lost an edge)."""
        changed = rect != self.rect
        whole = self.whole_table_shown(state)
        self.rect = pygame.Rect(rect)
        if refit or (changed and (not keep or whole)):
            self.fit(state)

    def fit(self, state) -> None:
        x, y, w, h = self.rect
        self.camera.fit(state.width, state.height, (x, y, w, h - self.reserved))

    def whole_table_shown(self, state) -> bool:
        """The whole table is in view (the camera shows it as fitted, or more)."""
        cam, r = self.camera, self.rect
        (x0, y0), (x1, y1) = cam.to_screen(0, 0), cam.to_screen(state.width, state.height)
        return r.left <= x0 and x1 <= r.right and r.top <= y0 and y1 <= r.bottom

    def figure_at(self, state, pos) -> str | None:
        wx, wy = self.camera.to_world(*pos)
        best, best_d = None, None
        for f in state.figures.values():
            if (f.out and not self.lying(f)) or not self.shown(f):
                continue
            d = math.hypot(f.x - wx, f.y - wy)
            if d <= f.radius + 3 / self.camera.scale and (best_d is None or d < best_d):
                best, best_d = f.id, d
        return best

    def token_at(self, state, pos) -> str | None:
        wx, wy = self.camera.to_world(*pos)
        for tok in state.tokens:
            if tok.carrier is None and math.hypot(tok.x - wx, tok.y - wy) <= 10 + 4 / self.camera.scale:
                return tok.id
        return None

    # --- static layer
    def _static_layer(self, state):
        key = (self.camera.version, tuple(self.rect), self.settings.grid, id(state.terrain),
               self.grid_step, self.underlay)
        if self._static is not None and self._static_key == key:
            return self._static
        surf = pygame.Surface(self.rect.size).convert()
        surf.fill(theme.BG)
        cam = self.camera
        off = (-self.rect.x, -self.rect.y)

        def sp(x, y):
            sx, sy = cam.to_screen(x, y)
            return sx + off[0], sy + off[1]

        table = pygame.Rect(*sp(0, 0), round(cam.length(state.width)), round(cam.length(state.height)))
        pygame.draw.rect(surf, theme.TABLE, table)
        if self.settings.grid:
            step = self.grid_step
            for i in range(1, int(state.width / step) + 1):
                x = sp(i * step, 0)[0]
                pygame.draw.line(surf, theme.GRID, (x, table.top), (x, table.bottom - 1))
            for j in range(1, int(state.height / step) + 1):
                y = sp(0, j * step)[1]
                pygame.draw.line(surf, theme.GRID, (table.left, y), (table.right - 1, y))
        uphill = state.extras.get("uphill") or {}      # slopes that climb one way
        for piece in sorted(state.terrain, key=terrain_style.draw_order):
            if len(piece.points) < 3:
                continue
            x, y = sp(min(p[0] for p in piece.points), min(p[1] for p in piece.points))
            drawn = self._pieces.get(piece, cam.scale, pygame.Rect(-x, -y, *surf.get_size()),
                                     uphill.get(piece.id))
            if drawn is not None:
                img, (dx, dy) = drawn
                surf.blit(img, (x + dx, y + dy))
        pygame.draw.rect(surf, theme.TABLE_EDGE, table, 3)
        if self.underlay:
            self._zones(surf, sp, *self.underlay)
        self._static, self._static_key = surf, key
        return surf

    def _zones(self, surf, sp, zones, areas) -> None:
        """Deployment zones (a tint and an outline in the side's colour) and objective areas."""
        cam = self.camera
        for colour, (x0, y0, x1, y1) in zones:
            (ax, ay), (bx, by) = sp(x0, y0), sp(x1, y1)
            box = pygame.Rect(min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))
            if box.w <= 0 or box.h <= 0:
                continue
            tint = pygame.Surface(box.size, pygame.SRCALPHA)
            tint.fill((*colour, 45))
            surf.blit(tint, box)
            pygame.draw.rect(surf, colour, box, 2)
        for colour, (x, y, r) in areas:
            pygame.draw.circle(surf, colour, sp(x, y), max(2, int(cam.length(r))), 2)

    # --- drawing
    def layers_key(self, state, overlays=None, fog=None) -> tuple:
        """What the table picture is made of: the static layer, the overlays, the mist."""
        self._static_layer(state)
        return (self._static_key, overlays.layer(self, state)[0] if overlays is not None else None,
                fog.layer(self)[0] if fog is not None else None)

    def draw_table(self, surf, state, overlays=None, fog=None) -> None:
        """The table, terrain, the mist and the selected figure's overlays, composed once
        into one opaque surface per change (one plain blit per frame)."""
        surf.blit(self._table(state, overlays, fog), self.rect)

    def _table(self, state, overlays=None, fog=None):
        """The static layer, or the static layer with the mist and the overlays over it."""
        static = self._static_layer(state)
        okey, layer = overlays.layer(self, state) if overlays is not None else (None, None)
        fkey, fog_layer = fog.layer(self) if fog is not None else (None, None)
        key = (self._static_key, okey, fkey)
        if layer is None and fog_layer is None:
            return static
        if self._base_key != key:
            if self._base is None or self._base.get_size() != static.get_size():
                self._base = static.copy()
            else:
                self._base.blit(static, (0, 0))
            self._lay_over(self._base, (0, 0), fog_layer, layer)
            self._base_key = key
        return self._base

    @staticmethod
    def _lay_over(surf, at, fog_layer, overlay_layer) -> None:
        """The mist, then the selected figure's overlays, over the table at `at`."""
        for layer in (fog_layer, overlay_layer):
            if layer is not None:
                surf.blit(layer, at)

    def draw_scene(self, surf, state, overlays=None, fog=None, *, version, untouched=False,
                   hover=None, frame=None, **figures) -> bool:
        """The table with its figures and scale bar, kept as one picture until something it
        shows changes (the state's `version`, the layers, who is selected or marked...): one
        blit a frame, none when the caller says nothing was drawn over the view since the
        last frame (`untouched`) and the screen still shows this picture. Animated figures
        (`moving`) are drawn afresh. The figure under the cursor is outlined over the picture
        (moving the mouse over the table changes no picture); True when it is. `frame`: the
        window's frame count (a picture made over frames moves on once per frame, however
        often the frame is drawn)."""
        if self._facts_key != (id(state), version):
            self._facts_key, self._facts = (id(state), version), {}
        key = None
        if not figures.get("moving"):
            key = (version, tuple(sorted(figures.items())), self.layers_key(state, overlays, fog),
                   None if self.visible is None else frozenset(self.visible), self.settings.lang,
                   self.settings.scale_bar, self.fonts.scale)
            if self._new_overlays_only(key) and getattr(overlays, "sliced", False) \
                    and not self._made_aside(surf, state, overlays, fog, key, figures, frame):
                key = self._scene_key      # the picture shown stays until the next is made
            self.skipped = untouched and key == self._scene_key and self._on_screen == (id(surf), key)
            if key == self._scene_key:
                if not self.skipped:
                    surf.blit(self._scene, self.rect)
                    self._on_screen = (id(surf), key)
                return self.draw_hover(surf, state, hover, **figures)
        self.skipped = False
        if key is None:                    # animated: straight onto the screen
            self.draw_table(surf, state, overlays, fog)
            self.draw_figures(surf, state, **figures)
            self.draw_scale_bar(surf)
            self._on_screen = None
            return self.draw_hover(surf, state, hover, **figures)
        if not self._aside_ready(surf, key):
            canvas = self._spare_for(surf)     # the picture is made aside, then shown
            self.draw_table(canvas, state, overlays, fog)
            self.draw_figures(canvas, state, **figures)
            self.draw_scale_bar(canvas)
        self._show(self._spare_for(surf))
        surf.blit(self._scene, self.rect)
        self._scene_key, self._on_screen = key, (id(surf), key)
        return self.draw_hover(surf, state, hover, **figures)

    def _made_aside(self, surf, state, overlays, fog, key, figures, frame) -> bool:
        """A new overlay layer over the same table: its picture made beside the one shown,
        one part a frame (the table; the mist and the layer; the figures), so that no frame
        pays for it all. True once it is ready to be shown."""
        canvas = self._spare_for(surf)
        aside = self._aside
        if aside is None or aside[0] != key or aside[1] is not canvas:
            made = 0
        elif frame is not None and aside[3] == frame:
            return False                   # drawn again in the same frame: no further
        else:
            made = aside[2]
        if made == 0:
            canvas.blit(self._static_layer(state), self.rect)
        elif made == 1:
            self._lay_over(canvas, self.rect, fog.layer(self)[1] if fog is not None else None,
                           overlays.layer(self, state)[1])
        elif made == 2:
            self.draw_figures(canvas, state, **figures)
            self.draw_scale_bar(canvas)
        else:
            return True
        self._aside = (key, canvas, made + 1, frame)
        return False

    def _aside_ready(self, surf, key) -> bool:
        """The picture made aside is this one, complete (see `_made_aside`)."""
        aside, self._aside = self._aside, None
        return aside is not None and aside[0] == key and aside[2] == 3 and aside[1] is self._spare_for(surf)

    def draw_hover(self, surf, state, hover, *, selected=None, marked=(), partners=(), candidates=(),
                   moving=None, last_move=None) -> bool:
        """The outline (and the name, when names are not all shown) of the figure under the
        cursor, over the picture; the selected figure keeps its own outline."""
        f = state.figures.get(hover) if hover is not None else None
        if f is None or f.out or not self.shown(f) or hover == selected or (moving and hover in moving):
            return False
        cam = self.camera
        sx, sy = cam.to_screen(f.x, f.y)
        r = max(3, int(round(cam.length(f.radius))))
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        if f.shape == "square":
            pygame.draw.polygon(surf, theme.TEXT, self._square(f), 2)
        else:
            pygame.draw.circle(surf, theme.TEXT, (sx, sy), r, 2)
        if not (cam.scale >= 2.0 or f.id in marked or f.id in partners):
            self._name(surf, f, sx, sy, r)
        surf.set_clip(clip)
        return True

    def board_rect(self, state) -> pygame.Rect:
        """The table's own surface on the screen, within the view: what is drawn over the
        table (paths, rulers, marks) stops at its edge."""
        cam = self.camera
        x, y = cam.to_screen(0, 0)
        return pygame.Rect(x, y, round(cam.length(state.width)), round(cam.length(state.height))).clip(self.rect)

    def _spare_for(self, surf):
        """The canvas not shown: a surface laid out like the screen down to the view's
        corner, where the next picture is drawn in screen coordinates (two canvases in turn:
        the picture shown stays whole while the next one is made)."""
        size = (self.rect.right, self.rect.bottom)
        if self._spare_canvas is None or self._spare_canvas.get_size() != size:
            self._spare_canvas = pygame.Surface(size, 0, surf)
        return self._spare_canvas

    def _show(self, canvas) -> None:
        """`canvas` becomes the picture shown; `_scene` is its view part."""
        if canvas is not self._canvas:
            self._spare_canvas, self._canvas = self._canvas, canvas
        self._scene = canvas.subsurface(self.rect)

    def _new_overlays_only(self, key) -> bool:
        """Only the overlay layer differs from the picture's, and there is one."""
        old = self._scene_key
        return (old is not None and old[:2] == key[:2] and old[3:] == key[3:]
                and old[2][0] == key[2][0] and old[2][2] == key[2][2] and key[2][1] is not None
                and old[2][1] != key[2][1])

    def draw_figures(self, surf, state, *, selected=None, marked=(), partners=(), candidates=(),
                     moving=None, last_move=None):
        """`candidates`: figures that may join the selected one as partners (a dashed ring
        until they are chosen). `moving`: figures drawn elsewhere than the state says (an animated move):
        figure -> (x, y, heading in degrees). `last_move`: (figures, paths) of the AI's
        last move, marked under the bases."""
        from dataclasses import replace

        cam = self.camera
        clip = surf.get_clip()
        surf.set_clip(self.rect)
        if last_move:
            self._last_move(surf, state, *last_move)
        all_names = self.all_names or cam.scale >= 2.0   # zoomed out, names would overlap: only the ones in play
        named, drawn = [], []
        for tok in state.tokens:
            x, y = (tok.x, tok.y)
            if tok.carrier and tok.carrier in state.figures:
                c = state.figures[tok.carrier]
                x, y = c.x + c.radius * 0.7, c.y - c.radius * 0.7
            if tok.delivered_by is not None:
                continue
            sx, sy = cam.to_screen(x, y)
            r = max(4, int(cam.length(6)))
            pygame.draw.polygon(surf, theme.YELLOW, [(sx, sy - r), (sx + r, sy), (sx, sy + r), (sx - r, sy)])
            pygame.draw.polygon(surf, theme.BLACK, [(sx, sy - r), (sx + r, sy), (sx, sy + r), (sx - r, sy)], 1)
        for f in state.figures.values():
            if f.out and self.lying(f) and self.shown(f):
                self._draw_fallen(surf, f, marked)
                continue
            if f.out or not self.shown(f):
                continue
            if moving and f.id in moving:
                x, y, heading = moving[f.id]
                f = replace(f, x=x, y=y, facing=heading if f.shape == "square" else f.facing)
            sx, sy = cam.to_screen(f.x, f.y)
            r = max(3, int(round(cam.length(f.radius))))
            col = side_colour(f.side)
            if self._fact("acted", state, f, self._acted):
                col = tuple(int(c * 0.55) for c in col)
            square = self._square(f) if f.shape == "square" else None
            if square is not None:
                self._draw_square(surf, f, square, col, r)
            else:
                pygame.draw.circle(surf, col, (sx, sy), r)
                if self.adapter is not None and self.adapter.round_arcs and f.facing is not None:
                    self._round_front(surf, f, sx, sy, r)
            # the side's own marker: ring, diamond, triangle, square
            m = max(2, r // 2) if square is None else max(2, r // 3)
            draw_mark(surf, f.side, (sx, sy), m)
            edge, width = theme.BLACK, 1
            if f.id in marked:
                edge, width = theme.YELLOW, 3
            if f.id in partners:
                edge, width = theme.SKY, 3
            if f.id == selected:
                edge, width = theme.WHITE, 3
            if square is not None:
                if width > 1:
                    pygame.draw.polygon(surf, edge, square, width)
            else:
                pygame.draw.circle(surf, edge, (sx, sy), r, width)
            if f.status.get("hidden"):
                self._dashed_circle(surf, (sx, sy), r + 4, theme.TEXT)
            if f.id in candidates and f.id not in partners:
                self._dashed_circle(surf, (sx, sy), r + 4, theme.SKY, width=2)
            self._markers(surf, f, sx, sy, r)
            drawn.append((f, sx, sy, r))
            if f.max_vitality > 5 or square is not None:   # a bar as wide as the base
                w = 2 * r
                pygame.draw.rect(surf, (90, 90, 90), (sx - r, sy + r + 2, w, 4))
                pygame.draw.rect(surf, theme.GREEN, (sx - r, sy + r + 2,
                                                     round(w * f.vitality / f.max_vitality), 4))
            elif f.max_vitality > 1:
                for i in range(f.max_vitality):
                    c = theme.GREEN if i < f.vitality else (90, 90, 90)
                    pygame.draw.rect(surf, c, (sx - r + i * 6, sy + r + 2, 5, 4))
            if all_names or f.id == selected or f.id in marked or f.id in partners:
                named.append((f, sx, sy, r))
        if self.adapter is not None:      # badges and names over every base: no neighbour hides them
            for f, sx, sy, r in drawn:
                draw_badge(surf, self._fact("role", state, f, self.adapter.figure_role), sx, sy, r)
        for f, sx, sy, r in named:
            self._name(surf, f, sx, sy, r)
        surf.set_clip(clip)

    def _last_move(self, surf, state, figures, paths) -> None:
        """The AI's last move: its paths (a dot at each bend, an arrowhead at the end) and a
        ring around the figures it moved, in the AI-move colour."""
        cam, colour = self.camera, theme.AI_MOVE
        for path in paths:
            pts = [cam.to_screen(*p) for p in path]
            pygame.draw.lines(surf, colour, False, pts, 3)
            for q in pts[1:-1]:
                pygame.draw.circle(surf, colour, q, 3)
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            d = math.hypot(bx - ax, by - ay)
            if d >= 1:
                ux, uy = (bx - ax) / d, (by - ay) / d
                pygame.draw.polygon(surf, colour, [(bx, by), (bx - 11 * ux + 6 * uy, by - 11 * uy - 6 * ux),
                                                   (bx - 11 * ux - 6 * uy, by - 11 * uy + 6 * ux)])
        for fid in figures:
            f = state.figures.get(fid)
            if f is None or f.out or not self.shown(f):
                continue
            r = max(3, int(round(cam.length(f.radius)))) + 5
            pygame.draw.circle(surf, colour, cam.to_screen(f.x, f.y), r, 3)

    def _name(self, surf, f, sx, sy, r) -> None:
        name = self.adapter.figure_name(f, self.settings.lang) if self.adapter is not None else f.name
        label = self._label(name, self.fonts.get(10))
        surf.blit(label, label.get_rect(midtop=(sx, sy + r + (8 if f.max_vitality > 1 else 2))))

    def _square(self, f):
        """The four screen corners of a square base, front edge first (front-left, front-right)."""
        a = math.radians(f.facing or 0.0)
        fx, fy = math.cos(a), math.sin(a)
        px, py = -fy, fx
        h = f.size / 2
        corners = [(h, h), (h, -h), (-h, -h), (-h, h)]   # (forward, sideways)
        return [self.camera.to_screen(f.x + fx * u + px * v, f.y + fy * u + py * v) for u, v in corners]

    def _fact(self, name: str, state, f, compute):
        """What ``compute(state, f)`` says of a figure, asked once per drawn version of the
        game: selecting, hovering or a new overlay redraws the figures without any of them
        changing (a role read the figure's profile and traits on every redraw)."""
        key = (name, f.id) if self._facts_key is not None else None
        if key is None:
            return compute(state, f)
        got = self._facts.get(key, self)
        if got is self:
            got = self._facts[key] = compute(state, f)
        return got

    def _acted(self, state, f) -> bool:
        """Done for the turn, drawn darker: the status most rulesets keep, or their own
        word on it (Bonus / Malus counts a figure's actions and activations instead)."""
        if f.status.get("activated"):
            return True
        return self.adapter is not None and self.adapter.roster_state(state, f).turn == "done"

    def _draw_fallen(self, surf, f, marked) -> None:
        """A fighter out of combat lying where it fell: a dark base crossed out (yellow
        edge when it is a target of the current action)."""
        cam = self.camera
        sx, sy = cam.to_screen(f.x, f.y)
        r = max(3, int(round(cam.length(f.radius))))
        col = tuple(int(c * 0.35) for c in side_colour(f.side))
        square = self._square(f) if f.shape == "square" else None
        if square is not None:
            pygame.draw.polygon(surf, col, square)
        else:
            pygame.draw.circle(surf, col, (sx, sy), r)
        edge, width = (theme.YELLOW, 3) if f.id in marked else (theme.TEXT_DIM, 1)
        if square is not None:
            pygame.draw.polygon(surf, edge, square, width)
        else:
            pygame.draw.circle(surf, edge, (sx, sy), r, width)
        d = int(r * 0.6)
        pygame.draw.line(surf, theme.TEXT_DIM, (sx - d, sy - d), (sx + d, sy + d), 2)
        pygame.draw.line(surf, theme.TEXT_DIM, (sx - d, sy + d), (sx + d, sy - d), 2)

    @staticmethod
    def _round_front(surf, f, sx, sy, r) -> None:
        """A round base's front arc: its front half rimmed bright, its back half dark, and a
        notch pointing ahead (attacks from the back half come from behind)."""
        a = math.radians(f.facing)
        rect = pygame.Rect(0, 0, 2 * r + 4, 2 * r + 4)
        rect.center = (sx, sy)
        w = max(2, r // 5)
        # pygame's arcs turn counter-clockwise with y up: the screen heading a is -a there
        pygame.draw.arc(surf, theme.FRONT_EDGE, rect, -a - math.pi / 2, -a + math.pi / 2, w)
        pygame.draw.arc(surf, theme.BACK_EDGE, rect, -a + math.pi / 2, -a + 3 * math.pi / 2, w)
        tip = (sx + (r + 5) * math.cos(a), sy + (r + 5) * math.sin(a))
        side = ((sx + (r - 2) * math.cos(a + 0.35), sy + (r - 2) * math.sin(a + 0.35)),
                (sx + (r - 2) * math.cos(a - 0.35), sy + (r - 2) * math.sin(a - 0.35)))
        pygame.draw.polygon(surf, theme.FRONT_EDGE, [tip, *side])
        pygame.draw.polygon(surf, theme.BLACK, [tip, *side], 1)

    @staticmethod
    def _draw_square(surf, f, pts, col, r) -> None:
        """Body in the side colour, a bright front edge and a chevron pointing ahead, a dark
        back edge (the back: attacks from there get the bonus)."""
        pygame.draw.polygon(surf, col, pts)
        w = max(2, r // 4)
        pygame.draw.line(surf, theme.BACK_EDGE, pts[2], pts[3], w)
        pygame.draw.line(surf, theme.FRONT_EDGE, pts[0], pts[1], w)
        pygame.draw.polygon(surf, theme.BLACK, pts, 1)
        mid = ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
        cx, cy = ((pts[0][0] + pts[2][0]) / 2, (pts[0][1] + pts[2][1]) / 2)
        fx, fy = mid[0] - cx, mid[1] - cy                     # centre -> front, length r
        sx, sy = (pts[0][0] - mid[0]) * 0.45, (pts[0][1] - mid[1]) * 0.45
        base = (cx + fx * 0.35, cy + fy * 0.35)
        chevron = [(cx + fx * 0.95, cy + fy * 0.95), (base[0] + sx, base[1] + sy),
                   (base[0] - sx, base[1] - sy)]
        pygame.draw.polygon(surf, theme.FRONT_EDGE, chevron)
        pygame.draw.polygon(surf, theme.BLACK, chevron, 1)

    def _label(self, text, font):
        key = (text, font.get_height())
        s = self._labels.get(key)
        if s is None:              # dark text on a light, translucent slip: readable over any base
            text_img = font.render(text, True, theme.BLACK)
            s = pygame.Surface((text_img.get_width() + 4, text_img.get_height()), pygame.SRCALPHA)
            s.fill((238, 232, 214, 170))
            s.blit(text_img, (2, 0))
            self._labels[key] = s
        return s

    def _markers(self, surf, f, sx, sy, r) -> None:
        lang = self.settings.lang
        font = self.fonts.get(9, bold=True)
        on = [k for k in self.markers if f.status.get(k) and k != "activated"]
        for i, k in enumerate(on):
            ang = -math.pi / 4 + i * math.pi / 3.2
            mx, my = sx + (r + 5) * math.cos(ang), sy + (r + 5) * math.sin(ang)
            glyph = self._label_colour(t(f"ui.marker.{k}", lang), font)
            pygame.draw.circle(surf, (20, 20, 20), (int(mx), int(my)), 7)
            surf.blit(glyph, glyph.get_rect(center=(int(mx), int(my))))

    def _label_colour(self, text, font):
        key = ("m", text, font.get_height())
        s = self._labels.get(key)
        if s is None:
            s = font.render(text, True, theme.YELLOW)
            self._labels[key] = s
        return s

    @staticmethod
    def _dashed_circle(surf, centre, r, colour, n=16, width=1) -> None:
        for i in range(0, n, 2):
            a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
            rect = pygame.Rect(0, 0, 2 * r, 2 * r)
            rect.center = centre
            pygame.draw.arc(surf, colour, rect, a0, a1, width)

    def draw_scale_bar(self, surf) -> None:
        if not self.settings.scale_bar:
            return
        cam = self.camera
        n, unit, key = self.scale_units
        length = cam.length(n * unit)
        x, y = self.rect.x + 12, self.rect.bottom - 18
        pygame.draw.line(surf, theme.TEXT, (x, y), (x + length, y), 3)
        for k in range(n + 1):
            xx = x + cam.length(k * unit)
            pygame.draw.line(surf, theme.TEXT, (xx, y - (6 if k in (0, n) else 3)), (xx, y), 1)
        font = self.fonts.get(11)
        label = rendered(font, t(key, self.settings.lang, n=n), theme.TEXT)
        surf.blit(label, (x + length + 6, y - label.get_height() // 2))
