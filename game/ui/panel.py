"""The side panel of the table: the selected figure's profile card (traits with tooltips),
the buttons of what it may do now (the engine's templates, labelled and ordered by the
ruleset's presentation; pygame-gui buttons kept in a ButtonSet with their tooltips), the
fields of a form, messages and confirmations."""
from __future__ import annotations

import pygame

from game.core.text import refusal_text, t
from game.ui import form_desk, theme
from game.ui.button_slots import EmptySlot, GoneButton, SlotMemory, slot_label
from game.ui.glossary import draw_stats, terms_in
from game.ui.gui import ButtonSet, ButtonSpec
from game.ui.intent import simple as intent_simple
from game.ui.rules_info import info_for
from game.ui.sides import side_light
from game.ui.widgets import draw_text

LISTED_BUILDS = 6      # a template laid out as a form lists its values as buttons up to this many


def short_reason(why, lang: str) -> str:
    """A refusal in a few words for a greyed entry ("no line of sight"), else its full text."""
    short = t("why." + why.code, lang, **why.args)
    return refusal_text(why, lang) if short.startswith("why.") else short


def _all_refused(choice, lang: str) -> str:
    """When every target of a template that needs one is refused, and no free step could
    change it: why, in a few words (the button is greyed with it); else ""."""
    if choice.min_targets < 1 or not choice.refused or choice.offered or choice.free_step:
        return ""
    reasons = {short_reason(w, lang) for w in choice.refused.values()}
    return reasons.pop() if len(reasons) == 1 else t("ui.no_target_possible", lang)


class Panel:
    def __init__(self, scene):
        self.scene = scene
        self.set = ButtonSet(scene.app, after=self.invalidate)
        scene.app.attach(scene, self.set)
        self.trait_rects: list[tuple[pygame.Rect, str]] = []
        self._key = None
        self.card_height = 0
        self.room = 0                   # the height kept for the card: the buttons start below it
        self._room_key = None
        self.bottom = 0                 # where the buttons end (the log starts below)
        self.slots = SlotMemory()       # the buttons' places during an activation

    @property
    def buttons(self):
        return self.set.buttons

    @property
    def fonts(self):
        return self.scene.app.fonts

    def invalidate(self) -> None:
        self._key = None

    def build(self, rect: pygame.Rect) -> None:
        sc = self.scene
        ctl = sc.controller
        key = (sc.session.version, ctl.selected, tuple(sorted(ctl.partners)), id(ctl.mode), ctl.step_first,
               tuple(sorted(ctl.form.items())),
               ctl.mode and (ctl.mode.stage, tuple(ctl.mode.targets)), ctl.confirm is not None,
               tuple(rect), sc.app.lang, sc.app.settings.scale, sc.app.settings.odds_preview, sc.interactive(),
               sc.message_room(), self._reading())
        if key == self._key:
            return
        self._key = key
        self.set.drop_tips()          # a tooltip belongs to the buttons it was shown for
        self.room = self.card_room(rect)
        specs: list[ButtonSpec] = []
        self._specs(rect, specs)
        self._fit(rect, specs)

    def _fit(self, rect: pygame.Rect, specs: list) -> None:
        """Buttons between the card and the least room of the log and the message lines:
        lower ones when they do not fit, then a scrolling column."""
        f = self.fonts
        gap = f.px(4)
        top = rect.y + (self.room or self.card_height) + gap
        limit = rect.bottom - f.px(90) - self.scene.message_room() - gap
        bh = f.px(26)
        room = max(bh, limit - top)
        if specs and len(specs) * (bh + gap) > room:
            bh = max(f.get(13).get_linesize() + f.px(6), room // len(specs) - gap)
        tall = len(specs) * (bh + gap)
        scroll = tall > room
        x, w = rect.x + gap, rect.w - 2 * gap
        if scroll:
            x, w, y = 0, w - f.px(20), 0
        else:
            y = top
        for spec in specs:
            spec.rect = (x, y, w, bh)
            y += bh + gap
        if scroll:
            self.set.set(specs, (rect.x + gap, top, rect.w - 2 * gap, room), tall)
            self.bottom = top + room
        else:
            self.set.set(specs)
            self.bottom = y if specs else 0

    def _specs(self, rect: pygame.Rect, specs: list) -> None:
        sc = self.scene
        ctl = sc.controller
        lang = sc.app.lang
        f = self.fonts
        bh, gap = f.px(26), f.px(4)
        x, w = rect.x + gap, rect.w - 2 * gap
        y = rect.y + (self.room or self.card_height) + gap
        if not sc.interactive() or self._reading():
            return

        def add(label, action, *, tooltip="", key="", toggled=False, enabled=True, width=None):
            nonlocal y
            specs.append(ButtonSpec(key, (x, y, width or w, bh), label, action, tooltip, enabled, toggled))
            y += bh + gap

        if ctl.confirm is not None:
            add(t("ui.yes", lang), lambda: ctl.answer_confirm(True), key="confirm.yes")
            add(t("ui.no", lang), lambda: ctl.answer_confirm(False), key="confirm.no")
            return
        pres = info_for(sc.session.engine.ruleset.info.id)
        state = sc.session.engine.state
        if ctl.mode is not None:
            m = ctl.mode
            add(t("ui.cancel", lang), ctl.cancel, key="mode.cancel")
            if m.stage == "facing" and len(m.path) > 1:    # after a path: keep its heading
                add(t("ui.face_along", lang), ctl.face_along, key="mode.face_along")
            if m.stage == "facing":       # the direction offered by default, beside aiming
                for b in pres.buttons(state, m.choice, lang):
                    if b.value is not None and not b.aim:
                        add(b.label, lambda c=m.choice, v=b.value: ctl.start(c, v), key=b.key,
                            tooltip=b.tooltip, toggled=True)
            move = m.choice.move
            if m.stage == "path" and m.choice.gather == "path" and move is not None and not move.required:
                add(t("ui.stay", lang), lambda: ctl.play(intent_simple(m.choice)), key=f"{m.choice.kind}.stay")
            if m.stage == "target":
                if m.choice.max_targets > 1:    # in place from the start: the list never moves
                    add(t("ui.confirm_targets", lang), ctl.finish_targets, key="mode.confirm",
                        enabled=bool(m.targets))
                seen = sc.view.visible
                for tid, why in ctl.target_status():
                    if seen is not None and tid in state.figures and tid not in seen:
                        continue
                    name = pres.target_label(state, m.choice, tid, lang, sc.strict())
                    if why is None:
                        add(name, lambda tid=tid: ctl.choose_target(tid), key=f"target.{tid}",
                            toggled=tid in m.targets)
                    else:                # greyed, with the reason (the full text as tooltip)
                        add(t("ui.target.refused", lang, name=name, why=short_reason(why, lang)),
                            lambda: None, key=f"target.{tid}", enabled=False,
                            tooltip=refusal_text(why, lang))
            return
        own = ctl.choices()
        choices = self.slots.arrange(pres, state, ctl.selected, own + [c for c in ctl.global_choices() if c not in own])
        stepping = any(getattr(c, "free_step", None) for c in choices)
        if pres.free_step_keys and (stepping or (ctl.selected and pres.fixed_slots(state, ctl.selected))):  # in place
            def flip():
                ctl.step_first = not ctl.step_first
            label, tip = pres.free_step_keys
            add(t(label, lang, v=t("ui.on" if ctl.step_first else "ui.off", lang)), flip, key="step_first",
                toggled=ctl.step_first and stepping, tooltip=t(tip, lang), enabled=stepping)
        for c in choices:
            if isinstance(c, EmptySlot):      # a fixed place, greyed with its reason
                label, tip = slot_label(pres, c, lang)
                add(label, lambda: None, key=f"slot.{c.kind}", tooltip=tip, enabled=False)
                continue
            fields, buttons = pres.form(state, c, ctl.form, lang) if c.gather == "form" else \
                ([], pres.buttons(state, c, lang))
            blocked = _all_refused(c, lang)
            builder = not blocked and all(b.value is not None for b in buttons) \
                and form_desk.builds(pres, state, c, lang)      # the form over the table
            if builder and len(buttons) > LISTED_BUILDS:      # the form offers them all, with their odds:
                advised = c.hints.get("advised")              # a long list would bury the other actions
                buttons = [b for b in buttons if advised is not None and b.value == advised]
            for fld in () if builder else fields:   # the form has the same fields, with odds
                def cycle(fld=fld):
                    i = fld.options.index(fld.current) if fld.current in fld.options else -1
                    ctl.form[fld.key] = fld.options[(i + 1) % len(fld.options)]
                add(fld.label, cycle, key=f"{c.kind}.{fld.key}", tooltip=fld.tooltip)
            if builder:
                add(t("ui.form.open", lang, what=pres.action_label(c, lang)), lambda c=c: ctl.start(c, None),
                    key=f"{c.kind}.builder", tooltip=t("ui.form.open_tip", lang))
            if not builder:
                buttons = self.slots.keep_values(state, c.actor, c.kind, buttons, self.scene.session.version)
            for b in buttons:
                if isinstance(b, GoneButton):         # used earlier in the activation: kept greyed
                    why = t("ui.slot.gone", lang)
                    add(t("ui.target.refused", lang, name=b.label, why=why), lambda: None, key=b.key,
                        tooltip=t("ui.slot.tip", lang, why=why), enabled=False)
                    continue
                label, tip = self._with_odds(pres, state, c, b, lang)
                if blocked:
                    label = t("ui.target.refused", lang, name=b.label, why=blocked)
                add(label, lambda c=c, b=b: ctl.start(c, b.value, targets=b.targets, aim=b.aim),
                    key=b.key, tooltip=tip, toggled=b.toggled, enabled=not blocked)

    def _reading(self) -> bool:
        """A guided game's step that is read, then continued: no action to offer meanwhile
        (the lesson would refuse it), not even one of no figure ("make the opponent act")."""
        guide = self.scene.session.guide
        return guide is not None and guide.waiting() == "continue"

    def _with_odds(self, pres, state, choice, b, lang: str) -> tuple[str, str]:
        """A button's label and tooltip, with the odds its ruleset gives for it (a
        reaction's) when the odds preview is on. An odds failure never hides the button."""
        sc = self.scene
        if not sc.app.settings.odds_preview:
            return b.label, b.tooltip
        try:
            if getattr(self, "_table", (None,))[0] != sc.session.version:   # one table per state
                self._table = (sc.session.version, sc.session.engine.ruleset.table_for(state))
            note = pres.choice_odds(state, self._table[1], choice, b.value, lang)
        except Exception:  # the rules still decide; the button stays
            note = None
        if note is None:
            return b.label, b.tooltip
        tip = "\n".join(x for x in (b.tooltip, *note.lines) if x)
        return f"{b.label} · {note.short}" if note.short else b.label, tip

    # --- the profile card
    def card_room(self, rect: pygame.Rect) -> int:
        """The height kept for the card, whichever figure it shows: the tallest card of the
        game's figures (measured once per game, language, scale and panel width) and two
        lines more for what a card adds in play (actions left, a pending decision), at most
        half the panel. The buttons below it never move with the card shown."""
        sc = self.scene
        state = sc.session.engine.state
        key = (id(sc.session), sc.app.lang, sc.app.settings.scale, rect.w, rect.h)
        if key == self._room_key:
            return self.room
        shown, traits = self.card_height, self.trait_rects
        scratch = pygame.Surface((rect.w, rect.h))
        tallest = 0
        for fid in [None, *state.figures]:
            self._render_card(scratch, pygame.Rect(0, 0, rect.w, rect.h), fid)
            tallest = max(tallest, self.card_height)
        self.card_height, self.trait_rects = shown, traits
        extra = 2 * self.fonts.get(12, True).get_linesize()
        self._room_key = key
        return min(tallest + extra, rect.h // 2)

    def draw_card(self, surf, rect: pygame.Rect, fid: str | None) -> int:
        """The profile card, rendered once per change and blitted each frame; returns the
        height it covers (opaque, from the top of ``rect``)."""
        sc = self.scene
        key = (fid, sc.session.version, sc.app.lang, tuple(rect), sc.app.settings.scale)
        if key != getattr(self, "_card_key", None):
            card = pygame.Surface(rect.size).convert() if pygame.display.get_surface() else pygame.Surface(rect.size)
            card.fill(theme.PANEL)
            self._render_card(card, pygame.Rect(0, 0, rect.w, rect.h), fid)
            self._card = card.subsurface((0, 0, rect.w, min(rect.h, self.card_height, self.room or rect.h)))
            self._card_traits = list(self.trait_rects)
            self._card_key = key
        surf.blit(self._card, rect.topleft)
        self.trait_rects = [(r.move(rect.topleft), text) for r, text in self._card_traits]
        return self._card.get_height()

    def _render_card(self, surf, rect: pygame.Rect, fid: str | None) -> None:
        sc = self.scene
        f = self.fonts
        lang = sc.app.lang
        self.trait_rects = []
        state = sc.session.engine.state
        x, y, w = rect.x + f.px(8), rect.y + f.px(6), rect.w - f.px(16)
        fig = state.figures.get(fid) if fid else None
        adapter = info_for(sc.session.engine.ruleset.info.id)
        if fig is None or adapter is None:
            none = "ui.card.none_strict" if sc.strict() else "ui.card.none"
            y += draw_text(surf, f.get(12), t(none, lang), (x, y), theme.TEXT_DIM, w)
            self.card_height = y - rect.y + f.px(4)
            return
        card = adapter.figure(state, fig, lang).card
        colour = side_light(fig.side)
        y += draw_text(surf, f.get(15, True), card["name"], (x, y), colour)
        role = t(f"ui.role.{card['role']}", lang)
        role_line = t(card.get("role_key", "ui.card.role"), lang, role=role, cost=card["cost"], side=fig.side)
        glossary = adapter.glossary(lang)
        h = draw_text(surf, f.get(11), role_line, (x, y), theme.TEXT_DIM, w)
        role_tip = terms_in(role_line, glossary, lang)
        if role_tip:
            self.trait_rects.append((pygame.Rect(x, y, w, h), role_tip))
        y += h
        h, stat_tips = draw_stats(surf, f.get(13, True), card["stats"], (x, y), w, glossary, lang)
        self.trait_rects += stat_tips
        y += h
        for wpn in card["weapons"]:
            y += draw_text(surf, f.get(11), "⚔ " + wpn, (x, y), theme.TEXT, w)
        font = f.get(11)
        tx = x
        for name, help_text in card["traits"]:
            tw = font.size(name)[0] + f.px(10)
            if tx + tw > x + w:
                tx, y = x, y + font.get_linesize() + f.px(4)
            r = pygame.Rect(tx, y, tw, font.get_linesize() + 2)
            pygame.draw.rect(surf, theme.PANEL_LIGHT, r, border_radius=6)
            surf.blit(font.render(name, True, theme.YELLOW), (tx + f.px(5), y + 1))
            self.trait_rects.append((r, help_text))
            tx += tw + f.px(4)
        if card["traits"]:
            y += font.get_linesize() + f.px(6)
        if card.get("now"):
            y += draw_text(surf, f.get(12, True), card["now"], (x, y), theme.YELLOW, w)
        if state.pending and state.pending[-1].figure == fig.id:
            d = state.pending[-1]
            by = [adapter.name_of(state, a, lang) for a in d.context.get("attackers") or [d.context.get("attacker")]
                  if a in state.figures]
            y += draw_text(surf, f.get(12, True), t(f"ui.pending.{d.context.get('type', d.kind)}", lang,
                                                     who=card["name"], by=", ".join(by)),
                           (x, y), theme.YELLOW, w)
        status = adapter.status_labels(fig, lang) if not fig.out else [t("ui.card.out", lang)]
        if fig.out and adapter.roster_state(state, fig).turn == "reserve":     # not out: still to come
            status = [t("ui.fighters.state.reserve", lang)]
        if status:
            y += draw_text(surf, f.get(11), " · ".join(status), (x, y), theme.SKY, w)
        self.card_height = y - rect.y + f.px(4)

    def tooltip_at(self, pos) -> str:
        """The trait under the cursor (the buttons' tooltips are pygame-gui's)."""
        for r, text in self.trait_rects:
            if r.collidepoint(pos):
                return text
        return ""

    def find(self, key: str):
        return self.set.find(key)

    def target_at(self, pos) -> str | None:
        """The figure of the target list's enabled entry under ``pos`` (None: no entry)."""
        for b in self.set.buttons:
            if b.key.startswith("target.") and b.enabled and b.element.visible and b.rect.collidepoint(pos):
                return b.key[len("target."):]
        return None
