"""pygame-gui in the desktop game: the application's one UI manager, themed from
assets/ui/theme.json with the bundled DejaVu fonts at the interface scale, the pygame-gui
event types the frame loop drains from the queue, and GuiButton, which names a pygame-gui
button by a stable key for code and tests (the same fields as widgets.Button)."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui

from game.ui.theme import FONT_DIR

THEME_FILE = Path(__file__).resolve().parents[2] / "assets" / "ui" / "theme.json"
FONT_NAME = "dejavu"
SCALED_MISC = ("list_item_height", "title_bar_height", "rect_width")

# every event pygame-gui posts (and the old-style USEREVENT it posts beside each one)
EVENT_TYPES = [getattr(pygame_gui, n) for n in dir(pygame_gui)
               if n.startswith("UI_") and isinstance(getattr(pygame_gui, n), int)] + [pygame.USEREVENT]


def _fonts() -> tuple[str, str]:
    return str(FONT_DIR / "DejaVuSans.ttf"), str(FONT_DIR / "DejaVuSans-Bold.ttf")


def theme_data(scale: float) -> dict:
    """The theme file with every font set to DejaVu and sizes (fonts and a few metrics)
    multiplied by the interface scale."""
    raw = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    regular, bold = _fonts()
    for name, block in raw.items():
        if name == "defaults" or not isinstance(block, dict):
            continue
        font = block.get("font")
        if font is not None:
            font["name"] = FONT_NAME
            font["size"] = str(max(8, round(int(font.get("size", 13)) * scale)))
            font["regular_path"], font["bold_path"] = regular, bold
        misc = block.get("misc", {})
        for key in SCALED_MISC:
            if key in misc:
                misc[key] = str(round(int(misc[key]) * scale))
    return raw


def font_sizes(scale: float) -> list[int]:
    raw = json.loads(THEME_FILE.read_text(encoding="utf-8"))
    return sorted({max(8, round(int(b["font"].get("size", 13)) * scale))
                   for b in raw.values() if isinstance(b, dict) and "font" in b})


def make_manager(size: tuple[int, int], scale: float, lang: str) -> pygame_gui.UIManager:
    manager = pygame_gui.UIManager(size, theme_data(scale), enable_live_theme_updates=False,
                                   starting_language=lang)
    regular, bold = _fonts()
    manager.add_font_paths(FONT_NAME, regular, bold)
    loaded = manager.get_theme().get_font_dictionary().loaded_fonts
    manager.preload_fonts([{"name": FONT_NAME, "point_size": px, "style": style}
                           for px in font_sizes(scale) for style in ("regular", "bold")
                           if f"{FONT_NAME}_{style}_aa_{px}" not in loaded])
    manager.set_locale(lang)
    return manager


def markup(lines) -> str:
    """Paragraphs as text-box markup: [(text, (r, g, b) or None, bold)] -> html subset."""
    out = []
    for text, colour, bold in lines:
        body = html.escape(text, quote=False).replace("\n", "<br>")
        if bold:
            body = f"<b>{body}</b>"
        if colour is not None:
            body = f"<font color='#{colour[0]:02X}{colour[1]:02X}{colour[2]:02X}'>{body}</font>"
        out.append(body)
    return "<br>".join(out)


class GuiButton:
    """A pygame-gui button with a stable key; rect is on the screen (absolute)."""

    def __init__(self, element, key: str, action: Callable[[], None] | None, tooltip: str = ""):
        self.element, self.key, self.action, self.tooltip = element, key, action, tooltip

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.element.rect)

    @property
    def label(self) -> str:
        return self.element.text

    @property
    def enabled(self) -> bool:
        return bool(self.element.is_enabled)

    def click(self, pos) -> bool:
        if self.enabled and self.rect.collidepoint(pos) and self.action is not None:
            self.action()
            return True
        return False
