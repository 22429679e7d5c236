"""Where a tooltip goes so that it never hides what it is about: not over the widget it
belongs to, nor over a highlighted one (a guided lesson's glowing button, its ringed
figures). pygame-gui sets a button's tooltip just under it, over the buttons below; the
scene moves it aside each frame when it covers one of those."""
from __future__ import annotations

import pygame


def clear_box(box: pygame.Rect, owner: pygame.Rect | None, avoid: list[pygame.Rect],
              area: pygame.Rect, gap: int = 4) -> pygame.Rect:
    """``box`` where it is when it covers neither ``owner`` nor any of ``avoid``; else the
    first clear place of: under the owner, over it, left of it, right of it, left or right of
    what it would cover (each kept inside ``area``); else the least covering of those."""
    keep = [r for r in ([owner] if owner is not None else []) + list(avoid) if r.w and r.h]

    def inside(b: pygame.Rect) -> pygame.Rect:
        b = b.copy()
        b.right, b.bottom = min(b.right, area.right), min(b.bottom, area.bottom)
        b.left, b.top = max(b.left, area.left), max(b.top, area.top)
        return b

    def covered(b: pygame.Rect) -> int:
        return sum(c.w * c.h for c in (b.clip(r) for r in keep))

    if covered(box) == 0:
        return box
    ref = owner or box
    tries = [box.move(0, ref.bottom + gap - box.top), box.move(0, ref.top - gap - box.bottom),
             box.move(ref.left - gap - box.right, ref.top - box.top),
             box.move(ref.right + gap - box.left, ref.top - box.top)]
    for r in keep:
        tries += [box.move(r.left - gap - box.right, 0), box.move(r.right + gap - box.left, 0),
                  box.move(0, r.top - gap - box.bottom), box.move(0, r.bottom + gap - box.top)]
    tries = [inside(b) for b in tries]
    clear = [b for b in tries if covered(b) == 0]
    return clear[0] if clear else min(tries, key=covered)


def keep_tips_clear(manager, avoid: list[pygame.Rect]) -> None:
    """Move each pygame-gui tooltip shown off its own widget and off ``avoid``."""
    from pygame_gui.elements import UITooltip

    area = manager.get_root_container().get_rect()
    for el in manager.get_sprite_group().sprites():
        if not isinstance(el, UITooltip) or not el.visible:
            continue
        owner = getattr(el, "parent_element", None)
        box = pygame.Rect(el.rect)
        spot = clear_box(box, pygame.Rect(owner.rect) if owner is not None else None, avoid, area)
        if spot.topleft != box.topleft:
            el.set_position(spot.topleft)
