"""The recap of the AI's turn: what the agents decided since a person last decided, in
plain words (the ruleset's own narration of each decision's events, under the agent's
decision label, a failed roll that cut an activation short included), shown in a panel
docked beside the table (a scrolling text box and a close button): the table stays whole
and usable while it is open. It follows the AI's turn as it is played, stays when the AI
hands back until the player closes it, and a tab on the table's edge opens it again."""
from __future__ import annotations

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox

from game.core.events import ActivationEnded, DiceRolled, TurnStarted
from game.core.text import t
from game.ui import theme
from game.ui.gui import GuiButton, GuiPart, markup
from game.ui.log_privacy import masked, named_figures
from game.ui.sides import side_light
from game.ui.widgets import wrap

QUIET = (DiceRolled, ActivationEnded, TurnStarted)   # detail the recap leaves to the log


def _failed(e) -> bool:
    """An activation cut short, or a test that failed (a roll judged false)."""
    return (isinstance(e, ActivationEnded) and not e.success) or \
        (isinstance(e, DiceRolled) and e.result is False)


def recap_entry(session, side: int, action, took: dict | None, events, hidden: bool = False,
                unseen: frozenset[str] = frozenset()) -> dict:
    """One agent decision as the recap shows it: who, which decision, what happened (only
    that a hidden fighter acted when the person at the screen saw it neither before nor
    after: the mist keeps its secrets). Rolls stay in the log, except the failed test and
    the failure when an activation was cut short. A line naming a figure of ``unseen`` (the
    person saw it neither before nor after) reads without its name."""
    engine = session.engine
    state = engine.state
    if hidden:
        return {"side": side, "spec": session.players.get(side, ""), "kind": action.kind,
                "actor": "", "decision": None, "score": None, "hidden": True,
                "lines": [t("play.recap.hidden", session.lang)]}
    cut = any(isinstance(e, ActivationEnded) and not e.success for e in events)
    lines = []
    for e in events:
        if isinstance(e, QUIET) and not (cut and _failed(e)):
            continue
        line = engine.ruleset.describe(e, state, session.lang)
        if line:
            secret = [f for f in named_figures(e, state) if f in unseen]
            if secret:
                names = [n for f in secret for n in (_figure_name(engine, state.figures[f], session.lang),
                                                     state.figures[f].name)]
                line = masked(line, names, session.lang)
            lines.append(line)
    actor = state.figures.get(action.actor) if action.actor and action.actor not in unseen else None
    return {"side": side, "spec": session.players.get(side, ""), "kind": action.kind,
            "actor": _figure_name(engine, actor, session.lang) if actor is not None else "",
            "decision": (took or {}).get("decision"), "score": (took or {}).get("score"),
            "lines": lines}


def _figure_name(engine, fig, lang: str) -> str:
    from game.ui.rules_info import info_for

    return info_for(engine.ruleset.info.id).figure_name(fig, lang)


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
    """The AI's decisions in a column docked at the table's left edge (the scene lays the
    table out beside it), a part attached to the scene (App.attach): its elements are made
    when it opens or its entries change, hidden while another scene covers the table,
    killed when it closes. Closed, a small tab at the table's corner reopens it."""

    def __init__(self, scene):
        self.scene = scene
        self.entries: list[dict] = []
        self.open = False
        self.hidden = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[GuiButton] = []
        self.box = None               # the UIPanel holding the rest
        self.body = None              # the scrolling text box
        self.tab: GuiButton | None = None
        self._key = None
        self._shown = (None, 0)       # (id, length) of the entries drawn
        scene.app.attach(scene, self)

    def width(self, screen_w: int) -> int:
        """How wide the docked column is: the fighter bar's own width, which it shares, so
        that opening or keeping the recap never narrows the table."""
        from game.ui.fighter_bar import bar_width

        return bar_width(self.scene.app.fonts, screen_w)

    def show(self, entries: list[dict] | None = None) -> None:
        """Open with these entries; without any, the scene is shown again (App.attach)."""
        if entries is None:
            super().show()
            return
        if entries:
            self.entries, self.open = entries, True

    def follow(self, entries: list[dict]) -> None:
        """The AI's turn goes on: an open panel lists it as it is played."""
        if self.open and entries:
            self.entries = entries

    def close(self) -> None:
        self.open = False
        self.kill()

    def text(self) -> str:
        """Everything the panel lists, one row a line (tests, accessibility)."""
        lang = self.scene.app.lang
        return "\n".join(text for e in self.entries for text, _ in entry_rows(e, lang))

    def wheel(self, dy: int) -> bool:
        """A wheel over the open panel never reaches the table (its text box scrolls itself)."""
        return self.open and self.rect.collidepoint(self.scene.mouse)

    def click(self, pos) -> bool:
        """A click on the panel is swallowed (the table is not under it)."""
        return self.open and self.rect.collidepoint(pos)

    def draw(self, surf, area: pygame.Rect, reopen: bool = False) -> None:
        """The docked panel in ``area`` when open; closed, the reopening tab at the corner of
        the table when ``reopen`` (there is a recap to show)."""
        app = self.scene.app
        if not self.open:
            self._set_tab(reopen)
            return
        self._set_tab(False)
        key = (tuple(area), app.lang, app.settings.scale, id(app.ui), id(self.entries), len(self.entries))
        if key != self._key:
            self._build(area)
            self._key = key

    def _set_tab(self, wanted: bool) -> None:
        if not wanted or self.hidden:
            if self.tab is not None:
                self.tab.element.kill()
                self.tab = None
            return
        if self.tab is not None and self.tab.element.alive():
            return
        app, view = self.scene.app, self.scene.view.rect
        f = app.fonts
        label, tip = t("play.recap.tab", app.lang), t("play.tip.recap", app.lang)
        rect = pygame.Rect(view.x + f.px(6), view.y + f.px(6), f.get(12).size(label)[0] + f.px(20), f.px(24))
        el = UIButton(rect, label, manager=app.ui, starting_height=2, tool_tip_text=tip,
                      command=lambda: app.call_later(self.scene.reopen_recap))
        self.tab = GuiButton(el, "recap.open", self.scene.reopen_recap, tip)

    def _rows(self) -> list[tuple[str, tuple, bool]]:
        lang = self.scene.app.lang
        rows = []
        for n, e in enumerate(self.entries, 1):
            colour = side_light(e["side"])
            for text, headline in entry_rows(e, lang):
                rows.append((f"{n}. {text}", colour, True) if headline else ("    " + text, None, False))
        return rows

    def _build(self, area: pygame.Rect) -> None:
        same = self._shown == (id(self.entries), len(self.entries))   # only moved or relabelled
        scroll = self.body.scroll_bar.start_percentage if same and self.body is not None and \
            self.body.scroll_bar is not None else None
        self.kill()
        app = self.scene.app
        f, lang, ui = app.fonts, app.lang, app.ui
        pad, bh = f.px(8), f.px(28)
        w, h = area.w, area.h
        self.rect = pygame.Rect(area)
        self.box = UIPanel(self.rect, manager=ui, starting_height=1, object_id=ObjectID(object_id="#recap"))
        sides = sorted({e["side"] for e in self.entries})
        who = ", ".join(t("play.recap.side", lang, n=s, who=_spec(self.entries, s, lang)) for s in sides)
        inner = w - 2 * pad
        # who plays: as many lines as the column's width needs (never a scroll bar)
        title_h = f.get(15, True).get_linesize() + f.px(4)
        font = f.get(14)                  # the text box's (theme: 14 px, lines 1.15 apart)
        who_h = round(len(wrap(font, who, inner - f.px(6))) * font.get_linesize() * 1.2) + f.px(6)
        y = pad
        UILabel(pygame.Rect(pad, y, inner, title_h), t("ai.recap.title", lang), manager=ui,
                container=self.box, object_id=ObjectID(object_id="#recap_title"))
        y += title_h
        UITextBox(markup([(who, theme.TEXT_DIM, False)]), pygame.Rect(pad, y, inner, who_h), manager=ui,
                  container=self.box, object_id=ObjectID(class_id="@plain"))
        y += who_h
        body_rect = pygame.Rect(pad, y, inner, h - y - bh - 2 * pad)
        self.body = UITextBox(markup(self._rows()), body_rect, manager=ui, container=self.box,
                              object_id=ObjectID(object_id="#recap_body"))
        if self.body.scroll_bar is not None:       # the newest decisions, or where the reader was
            self.body.scroll_bar.set_scroll_from_start_percentage(1.0 if scroll is None else scroll)
        tip = t("play.tip.recap_close", lang)
        el = UIButton(pygame.Rect(w - pad - f.px(110), h - pad - bh, f.px(110), bh),
                      t("play.recap.close", lang), manager=ui, container=self.box, tool_tip_text=tip,
                      command=lambda: app.call_later(self.close))
        self.buttons = [GuiButton(el, "recap.close", self.close, tip)]
        self._shown = (id(self.entries), len(self.entries))
        if self.hidden:
            self.box.hide()

    # --- an attached part of the scene (App.attach)
    def elements(self) -> list:
        return [el for el in (self.box, self.tab.element if self.tab else None) if el is not None]

    def forget(self) -> None:
        self.box = self.body = self.tab = None     # made again when drawn
        self.buttons = []
        self._key = None


def _spec(entries: list[dict], side: int, lang: str) -> str:
    from game.ai.agents import spec_label

    spec = next((e["spec"] for e in entries if e["side"] == side), "")
    return spec_label(spec, lang) if spec else ""

