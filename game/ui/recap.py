"""The recap of the AI's turn: what the agents decided since a person last decided, in
plain words (the ruleset's own narration of each decision's events, under the agent's
decision label), shown in a panel over the table that the player dismisses and reopens."""
from __future__ import annotations

import pygame

from game.core.events import ActivationEnded, DiceRolled, TurnStarted
from game.core.text import t
from game.ui import theme
from game.ui.widgets import Button, draw_text, wrap

QUIET = (DiceRolled, ActivationEnded, TurnStarted)   # detail the recap leaves to the log
FOLLOW_UPS = ("react", "assign", "free_move")        # answers within a person's turn


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


def worth_showing(entries: list[dict]) -> bool:
    """Open the recap by itself only when the AI did more than answer a person's action,
    and the person saw some of it."""
    return any(e["kind"] not in FOLLOW_UPS and not e.get("hidden") for e in entries)


def entry_rows(entry: dict, lang: str) -> list[tuple[str, bool]]:
    """(text, headline?) rows of one decision: its first narrated line under the AI's
    decision label, then the rest."""
    lines = list(entry["lines"])
    action = t(f"ui.action.{entry['kind']}", lang)
    plain = t("play.recap.plain", lang, action=action, who=entry["actor"]) if entry["actor"] else action
    head = lines.pop(0) if lines else plain
    if entry.get("decision"):
        head = t("play.recap.decision", lang, decision=t(f"ai.decision.{entry['decision']}", lang),
                 line=head)
    return [(head, True)] + [(line, False) for line in lines]


class RecapPanel:
    """A dismissable box over the table listing the AI's decisions (scrolls with the wheel)."""

    def __init__(self, scene):
        self.scene = scene
        self.entries: list[dict] = []
        self.open = False
        self.scroll = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self._max_scroll = 0

    def show(self, entries: list[dict]) -> None:
        if entries:
            self.entries, self.open, self.scroll = list(entries), True, 0

    def close(self) -> None:
        self.open = False

    def text(self) -> str:
        """Everything the panel lists, one row a line (tests, accessibility)."""
        lang = self.scene.app.lang
        return "\n".join(text for e in self.entries for text, _ in entry_rows(e, lang))

    def wheel(self, dy: int) -> bool:
        if not self.open or not self.rect.collidepoint(self.scene.mouse):
            return False
        self.scroll = max(0, min(self._max_scroll, self.scroll - dy * self.scene.app.fonts.px(40)))
        return True

    def click(self, pos) -> bool:
        """A click on the panel: its buttons, else swallowed (the table is not under it)."""
        if not self.open:
            return False
        if any(b.click(pos) for b in self.buttons):
            return True
        return self.rect.collidepoint(pos)

    def draw(self, surf, area: pygame.Rect) -> None:
        self.buttons = []
        if not self.open:
            return
        sc = self.scene
        f, lang = sc.app.fonts, sc.app.lang
        pad = f.px(10)
        w = min(f.px(560), area.w - 2 * pad)
        chrome = f.get(15, True).get_linesize() + 2 * f.get(11).get_linesize() + f.px(60)
        h = min(area.h - 2 * pad, max(f.px(160), chrome + self._content_height(w - 2 * pad)))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = area.center
        box = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        box.fill((22, 24, 30, 235))
        surf.blit(box, self.rect)
        pygame.draw.rect(surf, theme.TEXT_DIM, self.rect, 1, border_radius=4)
        sides = sorted({e["side"] for e in self.entries})
        who = ", ".join(t("play.recap.side", lang, n=s, who=_spec(self.entries, s, lang)) for s in sides)
        x, y = self.rect.x + pad, self.rect.y + pad
        y += draw_text(surf, f.get(15, True), t("ai.recap.title", lang), (x, y), theme.YELLOW)
        y += draw_text(surf, f.get(11), who, (x, y), theme.TEXT_DIM, w - 2 * pad) + f.px(4)
        bh = f.px(26)
        close = Button(pygame.Rect(self.rect.right - pad - f.px(110), self.rect.bottom - pad - bh,
                                   f.px(110), bh), t("play.recap.close", lang), self.close,
                       key="recap.close", tooltip=t("play.tip.recap_close", lang))
        self.buttons = [close]
        body = pygame.Rect(x, y, w - 2 * pad, close.rect.y - f.px(6) - y)
        self._draw_body(surf, body)
        close.draw(surf, f, sc.mouse)

    def _content_height(self, width: int) -> int:
        f, lang = self.scene.app.fonts, self.scene.app.lang
        head_font, line_font = f.get(13, True), f.get(12)
        h = 0
        for n, e in enumerate(self.entries, 1):
            for text, headline in entry_rows(e, lang):
                font = head_font if headline else line_font
                lines = wrap(font, f"{n}. {text}" if headline else text, width - (0 if headline else f.px(14)))
                h += len(lines) * (font.get_linesize() + 2)
            h += f.px(4)
        return h

    def _draw_body(self, surf, body: pygame.Rect) -> None:
        sc = self.scene
        f, lang = sc.app.fonts, sc.app.lang
        clip = surf.get_clip()
        surf.set_clip(body)
        y = body.y - self.scroll
        head_font, line_font = f.get(13, True), f.get(12)
        indent = f.px(14)
        for n, e in enumerate(self.entries, 1):
            colour = theme.SIDE_LIGHT.get(e["side"], theme.TEXT)
            for text, headline in entry_rows(e, lang):
                if headline:
                    y += draw_text(surf, head_font, f"{n}. {text}", (body.x, y), colour, body.w)
                else:
                    y += draw_text(surf, line_font, text, (body.x + indent, y), theme.TEXT, body.w - indent)
            y += f.px(4)
        surf.set_clip(clip)
        self._max_scroll = max(0, y + self.scroll - body.bottom)
        if self._max_scroll:
            hint = f.get(11).render(t("play.recap.more", lang), True, theme.TEXT_DIM)
            surf.blit(hint, (body.x, body.bottom + f.px(2)))


def _spec(entries: list[dict], side: int, lang: str) -> str:
    from game.ai.agents import spec_label

    spec = next((e["spec"] for e in entries if e["side"] == side), "")
    return spec_label(spec, lang) if spec else ""

