"""Drive the real scenes with posted mouse and key events, a few frames at a time. pygame-gui
answers some events with events of its own (a drop-down choice, a dialog's confirmation)
that arrive on the next frames: every action pumps a few frames after it."""
from __future__ import annotations

from types import SimpleNamespace

import pygame

E = pygame.event.Event


class Driver:
    def __init__(self, app):
        self.app = app

    def frames(self, n: int = 2, events=()) -> None:
        self.app.frame(list(events), 1 / 60)
        for _ in range(n - 1):
            self.app.frame([], 1 / 60)

    def move(self, pos, buttons=(0, 0, 0)) -> None:
        self.frames(1, [E(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)])

    def click(self, pos, button: int = 1) -> None:
        self.app.now += 1.0      # a person clicks a moment after the last click (no double click)
        self.move(pos)
        self.frames(1, [E(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.frames(3, [E(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def drag(self, start, end, steps: int = 12) -> None:
        self.move(start)
        self.frames(1, [E(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self.move(p, buttons=(1, 0, 0))
        self.frames(3, [E(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    def key(self, key: int, mod: int = 0) -> None:
        self.frames(1, [E(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])
        self.frames(2, [E(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])

    def buttons(self):
        top = self.app.top
        self.frames(1)
        out = list(getattr(top, "buttons", []))
        panel = getattr(top, "panel", None)
        if panel is not None:
            out += panel.buttons
        bar = getattr(top, "bar", None)
        if bar is not None:
            bar.build()
            out += bar.buttons
        for part in self.app.attached(top) if top is not None else ():
            out += getattr(part, "buttons", [])
        return out + self._dropdowns()

    def _dropdowns(self):
        """Drop-downs stand in for the old cycling buttons: label = the chosen option."""
        out = []
        for key, dd in getattr(self.app.top, "dropdowns", {}).items():
            sel = dd.selected_option
            out.append(SimpleNamespace(key=key, rect=dd.rect, enabled=dd.is_enabled, dropdown=dd,
                                       label=sel[0] if isinstance(sel, tuple) else sel))
        return out

    def button(self, key: str):
        for b in self.buttons():
            if b.key == key:
                return b
        raise AssertionError(f"no button '{key}' in {[b.key for b in self.buttons()]}")

    def press(self, key: str) -> None:
        b = self.button(key)
        assert b.enabled, f"button '{key}' is disabled"
        if getattr(b, "dropdown", None) is not None:       # a drop-down: choose the next option
            items = b.dropdown.options_list
            ids = [o[1] if isinstance(o, tuple) else o for o in items]
            sel = b.dropdown.selected_option
            cur = ids.index(sel[1] if isinstance(sel, tuple) else sel)
            nxt = items[(cur + 1) % len(items)]
            self.choose(key, nxt[0] if isinstance(nxt, tuple) else nxt)
            return
        self.click(b.rect.center)

    # --- pygame-gui elements
    def dropdown(self, key: str):
        self.frames(1)
        dd = getattr(self.app.top, "dropdowns", {}).get(key)
        assert dd is not None, f"no drop-down '{key}' in {list(getattr(self.app.top, 'dropdowns', {}))}"
        return dd

    def choose(self, key: str, option: str) -> None:
        """Open a drop-down with a click and click the option with that value (or label)."""
        dd = self.dropdown(key)
        values = getattr(self.app.top, "values", {}).get(key, [])
        if option in values:
            option = f"o{values.index(option)}"
        self.click(dd.rect.center)
        state = dd.current_state
        items = state.options_selection_list.item_list
        wanted = [i for i in items if i.get("object_id") == option or i["text"] == option]
        assert wanted, f"no option '{option}' in {[i.get('object_id') for i in items]}"
        slist = state.options_selection_list
        for _ in range(len(items)):                     # scroll until the option is shown
            if wanted[0]["button_element"] is not None:
                break
            self.frames(1, [E(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)])
            self.move(slist.rect.center)
            self.frames(1, [E(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)])
        self.click(wanted[0]["button_element"].rect.center)
        self.frames(3)

    def type_text(self, element, text: str) -> None:
        """Focus a text entry with a click and type into it (TEXTINPUT events, as SDL sends)."""
        self.click(element.rect.center)
        for ch in text:
            self.frames(1, [E(pygame.TEXTINPUT, text=ch)])
        self.frames(2)

    def figure_pos(self, scene, fid: str):
        f = scene.session.engine.state.figures[fid]
        return scene.view.camera.to_screen(f.x, f.y)

    def world_pos(self, scene, x_mm: float, y_mm: float):
        return scene.view.camera.to_screen(x_mm, y_mm)
