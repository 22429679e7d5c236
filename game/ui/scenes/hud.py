"""Parts of the table scene drawn over the table: the path being built, the dragged
figure, the ruler, the message line and the legend (the top bar is in top_bar.py)."""
from __future__ import annotations

import math

import pygame

from game.core.text import number, t
from game.ui import theme
from game.ui.intent import prefix
from game.ui.table_view import PAS
from game.ui.widgets import draw_text, text_height, wrap


def _pas(mm: float, lang: str = "fr", unit: float = PAS) -> str:
    return number(mm / unit, lang)


def _length(sc, mm: float) -> str:
    """A length in the ruleset's unit (pas or cm)."""
    a = getattr(sc, "adapter", None)
    return _pas(mm, sc.app.lang, a.unit_mm if a is not None else PAS)


def _length_key(sc, key: str) -> str:
    a = getattr(sc, "adapter", None)
    return key if a is None or a.unit == "pas" else f"{key}_{a.unit}"


def draw_mode(sc, surf) -> bool:
    """The path being built: waypoints, the path under the cursor and its length. True when
    a mode is on (something may be drawn over the table)."""
    m = sc.controller.mode
    if m is None:
        return False
    cam = sc.view.camera
    state = sc.session.engine.state
    if m.stage == "path":
        for p in m.waypoints:
            pygame.draw.circle(surf, theme.YELLOW, cam.to_screen(*p), 4)
        if getattr(sc, "aiming_drag", None) and sc.aiming_drag():
            _arrow(surf, theme.YELLOW, sc.press[0], sc.mouse)    # the facing the drop will give
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
            end = path[-1]                  # where the move would end (too long: where it stops)
            if not strict and cost > allowance + 0.5 and allowance > 0 and len(path) > 1:
                # too long: the move will stop about here (the engine finds the exact point)
                length = sum(math.dist(a, b) for a, b in zip(path, path[1:]))
                stop = prefix(path, length * allowance / cost)
                end = stop[-1]
                spts = [cam.to_screen(*p) for p in stop]
                if len(spts) > 1:
                    pygame.draw.lines(surf, theme.GREEN, False, spts, 3)
                pygame.draw.circle(surf, theme.GREEN, spts[-1], max(3, int(cam.length(fig.radius))), 2)
            if fig.shape == "square" and len(path) > 1:
                _ghost_square(surf, cam, fig, path[-2], path[-1], colour)
            else:
                pygame.draw.circle(surf, colour, pts[-1], max(3, int(cam.length(fig.radius))), 2)
            warn = lane_warning(sc, m.choice.actor, end)
            if warn:        # under the length: the move stands in a friend's way
                _tag(surf, sc.app.fonts.get(12, True).render(warn, True, theme.ORANGE),
                     (pts[-1][0] + 12, pts[-1][1] + 2))
            if strict:
                return True
            label = t(_length_key(sc, "ui.path_length"), sc.app.lang, d=_length(sc, cost),
                      max=_length(sc, allowance))
            _tag(surf, sc.app.fonts.get(12, True).render(label, True, colour),
                 (pts[-1][0] + 12, pts[-1][1] - 20))
    elif m.path:
        pts = [cam.to_screen(*p) for p in m.path]
        if len(pts) > 1:
            pygame.draw.lines(surf, theme.GREEN, False, pts, 3)
    if m.stage == "target":
        _area_template(sc, surf, m)
    return True


def lane_warning(sc, fid: str, end) -> str | None:
    """The warning of a move ending at ``end``: in the way of a friend's shot or charge
    (lane_hint); None when there is none or an agent is deciding."""
    if not sc.interactive():
        return None
    return sc._lane_hint.text(sc.session, getattr(sc, "adapter", None), fid, end, sc.app.lang)


def _area_template(sc, surf, m) -> None:
    """An area weapon's template on the target under the cursor: the zone (from the
    target's base edge) and, dashed, how far a miss may stray."""
    state = sc.session.engine.state
    fid = getattr(sc, "hover", None)
    if sc.adapter is None or fid not in m.choice.targets or m.choice.actor not in state.figures:
        return
    value = m.weapon if m.weapon is not None else (m.choice.values[0] if m.choice.values else None)
    info = sc.adapter.figure(state, state.figures[m.choice.actor], sc.app.lang)
    area = next(((zone, stray) for wid, zone, stray in info.areas if wid == value), None)
    if area is None:
        return
    cam, tgt = sc.view.camera, state.figures[fid]
    centre = cam.to_screen(tgt.x, tgt.y)
    zone, stray = area
    pygame.draw.circle(surf, theme.VERMILLION, centre, max(3, int(cam.length(zone + tgt.radius))), 2)
    if stray:
        r = int(cam.length(zone + stray + tgt.radius))
        for i in range(0, 32, 2):
            rect = pygame.Rect(0, 0, 2 * r, 2 * r)
            rect.center = centre
            pygame.draw.arc(surf, theme.ORANGE, rect, 2 * math.pi * i / 32, 2 * math.pi * (i + 1) / 32, 2)


def _arrow(surf, colour, a, b) -> None:
    """A thick arrow on the screen from ``a`` to ``b``."""
    pygame.draw.line(surf, colour, a, b, 3)
    d = math.dist(a, b)
    if d >= 1:
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        pygame.draw.polygon(surf, colour, [b, (b[0] - 12 * ux + 6 * uy, b[1] - 12 * uy - 6 * ux),
                                           (b[0] - 12 * ux - 6 * uy, b[1] - 12 * uy + 6 * ux)])


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
    warn = lane_warning(sc, d.fid, d.position)
    if warn:
        _tag(surf, sc.app.fonts.get(12, True).render(warn, True, theme.ORANGE), (sc.mouse[0] + 14, sc.mouse[1] + 2))
    if sc.strict():
        return
    length = sum(math.dist(a, b) for a, b in zip(d.trail, d.trail[1:] + [d.position]))
    label = t(_length_key(sc, "ui.path_length"), sc.app.lang, d=_length(sc, length),
              max=_length(sc, sc.drag_choice.move.allowance if sc.drag_choice.move else 0))
    _tag(surf, sc.app.fonts.get(12, True).render(label, True, theme.YELLOW), (sc.mouse[0] + 14, sc.mouse[1] - 22))


def _tag(surf, img, at) -> None:
    """A reading next to the cursor on a dark tag, legible over any terrain."""
    box = img.get_rect(topleft=at).inflate(8, 4)
    pygame.draw.rect(surf, (20, 20, 20), box, border_radius=3)
    surf.blit(img, img.get_rect(center=box.center))


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
    pres = getattr(sc, "adapter", None)
    hints = [pres.partner_hint(c) for c in ctl.choices() if c.partners] if pres is not None else []
    return next((h for h in hints if h), None)


def plan_hint(sc) -> str | None:
    """The ruleset's planning line for the selected figure before it commits (once per
    selection and game version: it may measure paths)."""
    ctl = sc.controller
    if not sc.interactive() or ctl.selected is None or ctl.mode is not None:
        return None
    key = (ctl.selected, sc.session.version, sc.app.lang)
    cached = getattr(sc, "_plan_hint", None)
    if cached is not None and cached[0] == key:
        return cached[1]
    pres = getattr(sc, "adapter", None)
    text = None
    if pres is not None:
        engine = sc.session.engine
        table = engine.ruleset.table_for(engine.state)
        text = next((h for c in ctl.choices() if c.actor == ctl.selected
                     for h in [pres.plan_hint(engine.state, table, c, sc.app.lang)] if h), None)
    sc._plan_hint = (key, text)
    return text


def message_height(sc, lines) -> int:
    """The room these message lines take above the log (the panel's buttons stay above it)."""
    f = sc.app.fonts
    w = sc.side_rect.w - f.px(16)
    lh = f.get(12).get_linesize() + 2
    return sum(len(wrap(f.get(12), text, w)) * lh for text, _ in lines)


def draw_message(sc, surf, lines) -> None:
    """The message lines, just above the log; a question being asked goes right under its
    answers instead (Oui / Non), where the eye is."""
    f = sc.app.fonts
    y = sc.log_rect.y - f.px(6)
    w = sc.side_rect.w - f.px(16)
    if sc.controller.confirm is not None and sc.panel.bottom:
        y = sc.panel.bottom + f.px(4)
        for text, colour in lines:
            h = text_height(f.get(12), text, w)
            draw_text(surf, f.get(12), text, (sc.side_rect.x + f.px(8), y), colour, w)
            y += h
        return
    for text, colour in reversed(lines):
        h = text_height(f.get(12), text, w)
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
    plan = plan_hint(sc)
    if plan:
        lines.append((plan, theme.SKY))
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


def legend_box(sc, w: int, h: int, avoid=()) -> pygame.Rect:
    """Where a legend goes: the corner of the table view covering the fewest figures and
    areas to `avoid` (screen rects), bottom left first, above the scale bar."""
    view, f = sc.view, sc.app.fonts
    r, gap = view.rect, f.px(8)
    corners = [pygame.Rect(r.x + gap, r.bottom - f.px(30) - h, w, h),
               pygame.Rect(r.right - gap - w, r.bottom - gap - h, w, h),
               pygame.Rect(r.x + gap, r.y + gap, w, h),
               pygame.Rect(r.right - gap - w, r.y + gap, w, h)]
    bases = [(view.camera.to_screen(g.x, g.y), view.camera.length(g.radius) + f.px(6))
             for g in sc.session.engine.state.figures.values() if not g.out and view.shown(g)]

    def covered(box) -> int:
        return sum(1 for (x, y), rad in bases
                   if box.left - rad < x < box.right + rad and box.top - rad < y < box.bottom + rad) \
            + sum(1 for area in avoid if box.colliderect(area))

    return min(corners, key=covered)


def draw_legend(sc, surf) -> bool:
    entries = legend_entries(sc)
    if not entries:
        return False
    f = sc.app.fonts
    font = f.get(11)
    lh = font.get_linesize()
    w = max(font.size(text)[0] for _, text in entries) + f.px(30)
    h = lh * len(entries) + f.px(8)
    box = legend_box(sc, w, h)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((20, 20, 20, 170))
    surf.blit(panel, box)
    y = box.y + f.px(4)
    for colour, text in entries:
        pygame.draw.line(surf, colour, (box.x + f.px(6), y + lh // 2), (box.x + f.px(20), y + lh // 2), 3)
        surf.blit(font.render(text, True, theme.TEXT), (box.x + f.px(26), y))
        y += lh
    return True
