"""The save dialog (name a slot, see the slots there are, confirm before replacing one) and
the list of saves to load or replay, each slot shown with its metadata: date, ruleset,
scenario, turn and who plays each side (``game.ui.slots``)."""
from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui import UI_TEXT_ENTRY_FINISHED
from pygame_gui.elements import UITextEntryLine

from game.core.errors import SaveError
from game.core.text import t
from game.ui import slots, theme
from game.ui.scenes.common import GuiScene
from game.ui.settings import saves_dir


class SlotScene(GuiScene):
    """A title, an optional row of controls, a message box and a scrolling list of slots
    (each a button with its name and date over a line of metadata), then Back."""

    width = 760
    prefix = "load"

    def __init__(self, app):
        super().__init__(app)
        self.error = ""
        self.rows: list[tuple[str, str]] = []           # (heading, metadata) of each slot shown
        self.meta_labels: list = []                     # the metadata lines on screen

    # --- what subclasses fill
    def title(self) -> str:
        return ""

    def body(self) -> list[tuple[str, tuple]]:
        return [(self.error, theme.REFUSAL)] if self.error else []

    def slots(self) -> list[slots.Slot]:
        return []

    def pick(self, slot: slots.Slot) -> None: ...

    def controls(self, x: int, y: int, w: int) -> int:
        """Elements above the list; returns the y below them."""
        return y

    def empty_text(self) -> str:
        return t("ui.load.none", self.app.lang, folder=str(saves_dir()))

    def controls_height(self) -> int:
        return 0

    # --- layout
    def build(self) -> None:
        """Title, controls, message, list and Back, centred in the window; the list scrolls
        when the slots are more than the window holds."""
        f, lang = self.app.fonts, self.app.lang
        W, H = self.app.screen.get_size()
        w = min(self.px(self.width), W - self.px(20) - self.px(20))   # room for a scroll bar
        x = (W - w - self.px(20)) // 2 if W - self.px(self.width) < self.px(40) else (W - w) // 2
        title_h = f.get(26, True).get_linesize() + self.px(10)
        lh = int(f.get(14).get_linesize() * 1.2)
        msg_h = 2 * lh + self.px(12)
        bh, gap = self.px(34), self.px(10)
        row = self.px(32) + f.get(12).get_linesize() + self.px(4) + self.px(10)
        found = self.slots()
        fixed = (self.px(16) + title_h + self.px(6) + self.controls_height()
                 + (msg_h if self.body() else self.px(8)) + gap + bh + self.px(14))
        room = max(row, H - fixed)
        list_h = min(room, row * len(found)) if found else msg_h
        y = top = max(self.px(16), (H - fixed - list_h) // 2 + self.px(16))
        self.add_label((0, y, W, title_h), self.title(), object_id="#title")
        y = self.controls(x, y + title_h + self.px(6), w)
        lines = self.body()
        if lines:                             # a refusal, or why the list is empty
            self.body_box = self.add_text((x, y, w, msg_h), lines, centred=True)
            y += msg_h
        else:
            y += self.px(8)
        if not found:
            self.add_text((x, y, w, msg_h), [(self.empty_text(), theme.TEXT_DIM)], centred=True)
        else:
            self._slot_list(found, x, y, w, list_h)
        y += list_h + gap
        self.add_button((x + (w - self.px(240)) // 2, y, self.px(240), bh), t("ui.back", lang),
                        self.app.pop, f"{self.prefix}.back")
        m = self.px(16)
        self.frame = pygame.Rect(x - m, top - m // 2, w + 2 * m, y + bh + m - (top - m // 2)).clip(
            pygame.Rect(0, 0, W, H))

    def _slot_list(self, found, x: int, y: int, w: int, room: int) -> None:
        f, lang = self.app.fonts, self.app.lang
        bh, gap = self.px(32), self.px(10)
        lh = f.get(12).get_linesize() + self.px(4)
        row = bh + lh + gap
        inner = row * len(found)
        bar = self.px(20) if inner > room else 0
        box = self.add_scroller((x, y, w + bar, room), inner)
        self.rows, self.meta_labels = [], []
        cy = 0
        label = t("ui.slots.delete", lang)
        dw = f.get(13).size(label)[0] + self.px(24)
        for slot in found:
            heading, meta = slots.heading(slot, lang), slots.describe(slot, lang)
            self.rows.append((heading, meta))
            self.add_button((0, cy, w - dw - self.px(6), bh), heading, lambda s=slot: self.pick(s),
                            f"{self.prefix}.{slot.key}", f"{meta} ({slot.path.name})", container=box)
            self.add_button((w - dw, cy, dw, bh), label, lambda s=slot: self.ask_delete(s),
                            f"{self.prefix}.delete.{slot.key}", t("ui.tip.slots_delete", lang), container=box)
            self.meta_labels.append(self.add_label(
                (self.px(8), cy + bh, w - self.px(16), lh), meta,
                theme.REFUSAL if slot.error is not None else theme.TEXT_DIM, container=box))
            cy += row


    def ask_delete(self, slot: slots.Slot) -> None:
        """Delete a save file, once the player confirms."""
        lang = self.app.lang
        self.confirm(t("ui.slots.delete_confirm", lang, name=slots.heading(slot, lang)),
                     lambda: self.delete(slot), t("ui.slots.delete", lang))

    def delete(self, slot: slots.Slot) -> None:
        try:
            slot.path.unlink(missing_ok=True)
            self.error = ""
        except OSError as exc:
            self.error = t("ui.slots.delete_failed", self.app.lang, file=slot.path.name,
                           why=exc.strerror or str(exc))
        self.refresh()


class LoadScene(SlotScene):
    """The saves in the user folder, newest first, with their metadata; as a game (its
    players as saved, a hand-off first between people) or as a replay. ``players`` stands
    in for the players of an older save that names none (default: people, hot-seat)."""

    def __init__(self, app, replay: bool = False, players=None):
        super().__init__(app)
        self.replay = replay
        self.players = players

    def _state_key(self):
        return self.error

    def title(self) -> str:
        return t("ui.menu.replay" if self.replay else "ui.menu.load", self.app.lang)

    def body(self):
        out = []
        if not self.files():
            out.append((t("ui.load.none", self.app.lang, folder=str(saves_dir())), theme.TEXT_DIM))
        if self.error:
            out.append((self.error, theme.REFUSAL))
        return out

    def empty_text(self) -> str:
        return " "

    def files(self) -> list[Path]:
        return [s.path for s in self.slots()]

    def slots(self) -> list[slots.Slot]:
        return slots.list_slots()

    def pick(self, slot: slots.Slot) -> None:
        self.open(slot.path)

    def open(self, path: Path) -> None:
        try:
            if self.replay:
                from game.ui.scenes.replay import open_replay
                open_replay(self.app, path)
            else:
                from game.ui.scenes.game import GameScene
                from game.ui.session import Session
                session = Session.load(path, self.players, lang=self.app.lang,
                                       autosave=slots.auto_path())
                self.app.reset(GameScene(self.app, session))
        except SaveError as exc:          # refused with one line, on screen; nothing changed
            from game.core.record import refusal_text

            self.error = refusal_text(exc, self.app.lang, file=path.name)
            self.refresh()


class SaveScene(SlotScene):
    """Name a slot and save the game there; the named slots already there are listed
    (choosing one saves over it), and replacing a slot is always confirmed first."""

    prefix = "save"
    dim = True

    def __init__(self, app, game):
        super().__init__(app)
        self.game = game
        self.entry: UITextEntryLine | None = None
        self.name = game.session.slot_name or self._default_name()

    def _default_name(self) -> str:
        st = self.game.session.engine.state
        lang = self.app.lang
        return t("ui.slots.default_name", lang, scenario=t(f"ui.scenario.{st.scenario}", lang),
                 turn=st.turn)

    def title(self) -> str:
        return t("ui.slots.title", self.app.lang)

    def empty_text(self) -> str:
        return t("ui.slots.none_named", self.app.lang)

    def slots(self) -> list[slots.Slot]:
        return slots.list_slots(named_only=True)

    def controls_height(self) -> int:
        lh = self.app.fonts.get(14).get_linesize() + self.px(4)
        return 2 * lh + self.px(34) + self.px(10)

    def controls(self, x: int, y: int, w: int) -> int:
        f, lang = self.app.fonts, self.app.lang
        lh = f.get(14).get_linesize() + self.px(4)
        self.add_label((x, y, w, lh), t("ui.slots.name_label", lang))
        y += lh
        bh = self.px(34)
        bw = max(self.px(140), f.get(13).size(t("ui.slots.save", lang))[0] + self.px(28))
        self.entry = UITextEntryLine(pygame.Rect(x, y, w - bw - self.px(8), bh), manager=self.app.ui,
                                     container=self.root, placeholder_text=t("ui.slots.name_hint", lang))
        self.entry.set_text_length_limit(60)
        self.entry.set_text(self.name)
        self.add_button((x + w - bw, y, bw, bh), t("ui.slots.save", lang), self.save_named, "save.ok")
        y += bh + self.px(10)
        self.add_label((x, y, w, lh), t("ui.slots.existing", lang), theme.TEXT_DIM)
        return y + lh

    def refresh(self) -> None:
        if self.entry is not None and self.entry.alive():
            self.name = self.entry.get_text()
        super().refresh()

    def handle(self, event) -> None:
        if event.type == UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.save_named()                 # Enter in the name field saves
        else:
            super().handle(event)

    # --- saving
    def save_named(self) -> None:
        lang = self.app.lang
        name = (self.entry.get_text() if self.entry is not None else self.name).strip()
        self.name = name
        if not name:
            self.error = t("ui.slots.name_needed", lang)
            self.refresh()
            return
        slot = slots.existing(name)
        if slot is None:
            self._write(slots.slot_path(name), name)
        else:
            self._ask(slot, name)

    def pick(self, slot: slots.Slot) -> None:
        """A slot of the list: save over it, once confirmed."""
        self._ask(slot, slot.name or slot.path.stem)

    def _ask(self, slot: slots.Slot, name: str) -> None:
        lang = self.app.lang
        self.confirm(t("ui.slots.overwrite", lang, name=slots.title(slot, lang),
                       meta=slots.describe(slot, lang), when=slots.date_text(slot.saved, lang)),
                     lambda: self._write(slot.path, name), t("ui.slots.replace", lang))

    def _write(self, path: Path, name: str) -> None:
        lang = self.app.lang
        try:
            self.game.session.save(path, name=name)
        except OSError as exc:
            self.error = t("ui.save_failed", lang, error=exc.strerror or str(exc))
            self.refresh()
            return
        self.game.session.slot_name = name
        self.game.toast.show(t("ui.slots.saved", lang, name=name))
        self.game.controller.say(t("ui.slots.saved", lang, name=name))
        from game.ui.scenes.menu import PauseScene
        self.app.pop()
        if isinstance(self.app.top, PauseScene) and self.app.top.game is self.game:
            self.app.pop()                    # back to the table, where the toast says it
