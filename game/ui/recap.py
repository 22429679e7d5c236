"""The recap of the AI's turn: what the agents decided since a person last decided, in
plain words (the ruleset's own narration of each decision's events, under the agent's
decision label), shown in a pygame-gui box over the table (a scrolling text box and a close
button) that the player dismisses and reopens."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.core.events import ActivationEnded, DiceRolled, TurnStarted
from game.core.text import t
from game.ui import theme
from game.ui.gui import GuiButton, GuiPart, markup
from game.ui.sides import side_light

QUIET = (DiceRolled, ActivationEnded, TurnStarted)   # detail the recap leaves to the log


def recap_entry(session, side: int, action, took: dict | None, events, hidden: bool = False) -> dict:
    """One agent decision as the recap shows it: who, which decision, what happened (only
    that a hidden fighter acted when the person at the screen saw it neither before nor
    after: the mist keeps its secrets)."""
    engine = session.engine
    state = engine.state
    if hidden:
        return {"side": side, "spec": session.players.get(side, ""), "kind": action.kind,
                "actor": "", "decision": None, "score": None, "hidden": True,
                "lines": [t("play.recap.hidden", session.lang)]}
    lines = []
    for e in events:
        if isinstance(e, QUIET):
            continue
        line = engine.ruleset.describe(e, state, session.lang)
        if line:
            lines.append(line)
    actor = state.figures.get(action.actor) if action.actor else None
    return {"side": side, "spec": session.players.get(side, ""), "kind": action.kind,
            "actor": actor.name if actor is not None else "",
            "decision": (took or {}).get("decision"), "score": (took or {}).get("score"),
            "lines": lines}


def worth_showing(entries: list[dict], answers: tuple[str, ...] = ()) -> bool:
    """Open the recap by itself only when the AI did more than answer a person's action
    (``answers``: the kinds the ruleset's presentation calls answers), and the person saw
    some of it."""
    return any(e["kind"] not in answers and not e.get("hidden") for e in entries)


def entry_rows(entry: dict, lang: str) -> list[tuple[str, bool]]:
    """(text, headline?) rows of one decision: its first narrated line under the AI's
    decision label, then the rest."""
    lines = list(entry["lines"])
    action = t(f"ui.action.{entry['kind']}", lang)
    plain = t("play.recap.plain", lang, action=action, who=entry["actor"]) if entry["actor"] else action
    if not lines:                      # nothing narrated: the action's own name says what it is
        return [(plain, True)]
    head = lines.pop(0)
    if entry.get("decision"):
        head = t("play.recap.decision", lang, decision=t(f"ai.decision.{entry['decision']}", lang),
                 line=head)
    return [(head, True)] + [(line, False) for line in lines]


class RecapPanel(GuiPart):
    """A dismissable box over the table listing the AI's decisions, a part attached to the
    scene (App.attach): its elements are made when it opens, hidden while another scene
    covers the table, killed when it closes."""

    def __init__(self, scene):
        self.scene = scene
        self.entries: list[dict] = []
        self.open = False
        self.hidden = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[GuiButton] = []
        self.box = None               # the UIPanel holding the rest
        self.body = None              # the scrolling text box
        self._key = None
        scene.app.attach(scene, self)

    def show(self, entries: list[dict] | None = None) -> None:
        """Open with these entries; without any, the scene is shown again (App.attach)."""
        if entries is None:
            super().show()
            return
        if entries:
            self.entries, self.open, self._key = list(entries), True, None

    def close(self) -> None:
        self.open = False
        self.kill()

    def text(self) -> str:
        """Everything the panel lists, one row a line (tests, accessibility)."""
        lang = self.scene.app.lang
        return "\n".join(text for e in self.entries for text, _ in entry_rows(e, lang))

    def wheel(self, dy: int) -> bool:
        """A wheel over the open box never reaches the table (its text box scrolls itself)."""
        return self.open and self.rect.collidepoint(self.scene.mouse)

    def click(self, pos) -> bool:
        """A click on the box is swallowed (the table is not under it)."""
        return self.open and self.rect.collidepoint(pos)

    def draw(self, surf, area: pygame.Rect) -> None:
        if not self.open:
            return
        app = self.scene.app
        key = (tuple(area), app.lang, app.settings.scale, id(app.ui), id(self.entries))
        if key != self._key:
            self._build(area)
            self._key = key

    def _rows(self) -> list[tuple[str, tuple, bool]]:
        lang = self.scene.app.lang
        rows = []
        for n, e in enumerate(self.entries, 1):
            colour = side_light(e["side"])
            for text, headline in entry_rows(e, lang):
                rows.append((f"{n}. {text}", colour, True) if headline else ("    " + text, None, False))
        return rows

    def _build(self, area: pygame.Rect) -> None:
        self.kill()
        app = self.scene.app
        f, lang, ui = app.fonts, app.lang, app.ui
        pad, bh = f.px(10), f.px(28)
        w = min(f.px(560), area.w - 2 * pad)
        title_h, who_h = f.get(15, True).get_linesize() + f.px(4), f.get(11).get_linesize() * 2 + f.px(4)
        rows = self._rows()
        from game.ui.widgets import wrap
        body_h = sum(len(wrap(f.get(13, bold), text, w - 2 * pad - f.px(30))) for text, _, bold in rows) \
            * (f.get(13).get_linesize() + f.px(3)) + f.px(16)
        chrome = title_h + who_h + bh + 4 * pad
        h = min(area.h - 2 * pad, max(f.px(160), chrome + body_h))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = area.center
        self.box = UIPanel(self.rect, manager=ui, starting_height=3, object_id=ObjectID(object_id="#recap"))
        sides = sorted({e["side"] for e in self.entries})
        who = ", ".join(t("play.recap.side", lang, n=s, who=_spec(self.entries, s, lang)) for s in sides)
        inner = w - 2 * pad
        y = pad
        UILabel(pygame.Rect(pad, y, inner, title_h), t("ai.recap.title", lang), manager=ui,
                container=self.box, object_id=ObjectID(object_id="#recap_title"))
        y += title_h
        UITextBox(markup([(who, theme.TEXT_DIM, False)]), pygame.Rect(pad, y, inner, who_h), manager=ui,
                  container=self.box, object_id=ObjectID(class_id="@plain"))
        y += who_h
        body_rect = pygame.Rect(pad, y, inner, h - y - bh - 2 * pad)
        self.body = UITextBox(markup(rows), body_rect, manager=ui, container=self.box,
                              object_id=ObjectID(object_id="#recap_body"))
        tip = t("play.tip.recap_close", lang)
        el = UIButton(pygame.Rect(w - pad - f.px(110), h - pad - bh, f.px(110), bh),
                      t("play.recap.close", lang), manager=ui, container=self.box, tool_tip_text=tip,
                      command=lambda: app.call_later(self.close))
        self.buttons = [GuiButton(el, "recap.close", self.close, tip)]
        if self.hidden:
            self.box.hide()

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [self.box] if self.box is not None else []     # the others are inside it

    def forget(self) -> None:
        self.box = self.body = None     # made again when drawn
        self.buttons = []
        self._key = None


def _spec(entries: list[dict], side: int, lang: str) -> str:
    from game.ai.agents import spec_label

    spec = next((e["spec"] for e in entries if e["side"] == side), "")
    return spec_label(spec, lang) if spec else ""

