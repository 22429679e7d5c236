"""The side panel of the table: the selected figure's profile card (traits with tooltips),
the buttons of what it may do now (from the engine's templates, pygame-gui buttons kept in a
ButtonSet with their tooltips), the odds of the initiative ladder on the activation buttons,
messages and confirmations."""
from __future__ import annotations

import pygame

from game.core.text import t
from game.ui import theme
from game.ui.controller import has_free_step
from game.ui.gui import ButtonSet, ButtonSpec
from game.ui.intent import simple as intent_simple
from game.ui.rules_info import info_for
from game.ui.widgets import draw_text

ORDER = ("activate", "coordinate", "impose", "wait", "move", "run", "turn", "charge", "move_shoot",
         "shoot", "aim", "fight", "strike", "cast", "power", "inspire", "take_cover", "hide", "prone",
         "stand_up", "pick_up", "step", "free_move", "pass", "react", "heal", "assign", "end")


VALUE_CHOICES = {"priority": ("first", "second"), "deploy_order": ("place", "impose")}


def pct(p: float) -> str:
    return f"{round(100 * p)}\u00a0%"


class Panel:
    def __init__(self, scene):
        self.scene = scene
        self.set = ButtonSet(scene.app, after=self.invalidate)
        scene.app.attach(scene, self.set)
        self.trait_rects: list[tuple[pygame.Rect, str]] = []
        self._key = None
        self.card_height = 0
        self.bottom = 0                 # where the buttons end (the log starts below)

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
               getattr(ctl, "cast_area", 0),
               ctl.mode and (ctl.mode.stage, tuple(ctl.mode.targets)), ctl.confirm is not None,
               tuple(rect), sc.app.lang, sc.app.settings.scale, sc.interactive(), sc.message_room())
        if key == self._key:
            return
        self._key = key
        specs: list[ButtonSpec] = []
        self._specs(rect, specs)
        self._fit(rect, specs)

    def _fit(self, rect: pygame.Rect, specs: list) -> None:
        """Buttons between the card and the least room of the log and the message lines:
        lower ones when they do not fit, then a scrolling column."""
        f = self.fonts
        gap = f.px(4)
        top = rect.y + self.card_height + gap
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
        y = rect.y + self.card_height + gap
        if not sc.interactive():
            return

        def add(label, action, *, tooltip="", key="", toggled=False, enabled=True, width=None):
            nonlocal y
            specs.append(ButtonSpec(key, (x, y, width or w, bh), label, action, tooltip, enabled, toggled))
            y += bh + gap

        if ctl.confirm is not None:
            add(t("ui.yes", lang), lambda: ctl.answer_confirm(True), key="confirm.yes")
            add(t("ui.no", lang), lambda: ctl.answer_confirm(False), key="confirm.no")
            return
        if ctl.mode is not None:
            m = ctl.mode
            add(t("ui.cancel", lang), ctl.cancel, key="mode.cancel")
            if m.stage == "heading":
                add(t("play.choice.push.away", lang, cm=m.choice.hints.get("cm", 0),
                      who=sc.session.engine.state.figures[m.choice.hints["target"]].name),
                    lambda: ctl.start(m.choice, m.choice.values[0]), key="push.away", toggled=True)
            if m.choice.kind == "free_move" and m.stage == "path":
                add(t("ui.mb.stay", lang), lambda: ctl.play(intent_simple(m.choice)), key="free_move.stay")
            if m.stage == "target":
                if m.choice.kind == "fight" and m.choice.max_targets > 1 and m.targets:
                    add(t("ui.confirm_targets", lang), ctl.finish_targets, key="mode.confirm")
                st = sc.session.engine.state
                seen = sc.view.visible
                for tid in m.choice.targets:
                    if seen is not None and tid in st.figures and tid not in seen:
                        continue
                    name = st.figures[tid].name if tid in st.figures else t("ui.token", lang)
                    add(name, lambda tid=tid: ctl.choose_target(tid), key=f"target.{tid}",
                        toggled=tid in m.targets)
            return
        own = ctl.choices()
        choices = sorted(own + [c for c in ctl.global_choices() if c not in own],
                         key=lambda c: ORDER.index(c.kind) if c.kind in ORDER else 99)
        if any(has_free_step(c) for c in choices):
            def flip():
                ctl.step_first = not ctl.step_first
            mb = info_for(sc.session.engine.ruleset.info.id)
            walk = mb is not None and mb.unit == "cm"
            add(t("ui.walk_first" if walk else "ui.step_first", lang,
                  v=t("ui.on" if ctl.step_first else "ui.off", lang)), flip, key="step_first",
                toggled=ctl.step_first, tooltip=t("ui.tip.walk_first" if walk else "ui.tip.step_first", lang))
        adapter = info_for(sc.session.engine.ruleset.info.id)
        state = sc.session.engine.state
        for c in choices:
            if c.kind == "activate" and not c.values:
                add(t("ui.action.activate", lang), lambda c=c: ctl.start(c), key="activate",
                    tooltip=t("ui.tip.activate", lang))
            elif c.kind in ("activate", "coordinate"):
                fig = state.figures[c.actor]
                label = "ui.activate_n" if c.kind == "activate" else "ui.coordinate_n"
                for n in c.values:
                    p = adapter.ladder_odds(state, fig, n) if adapter else 1.0
                    ladder = c.hints.get("ladder") or []
                    tip = t("ui.tip.ladder", lang, steps=", ".join(f"{v}+" for v in ladder[:n])) if n else ""
                    key = label if n else label.replace("_n", "_static")
                    add(t(key, lang, n=n, p=pct(p)),
                        lambda c=c, n=n: ctl.start(c, n), key=f"{c.kind}.{n}", tooltip=tip)
            elif c.kind == "react":
                v = c.values[0]
                add(t(f"ui.react.{v}", lang), lambda c=c, v=v: ctl.start(c, v), key=f"react.{v}")
            elif c.kind == "assign":
                d = state.pending[-1]
                names = [state.figures[a].name for a in d.context.get("attackers", [])]
                for i in c.values:
                    share = ", ".join(f"{n}\u00a0: {k}" for n, k in zip(names, d.options[i]))
                    add(share, lambda c=c, i=i: ctl.start(c, i), key=f"assign.{i}")
            elif c.kind in ("shoot", "move_shoot", "strike") and adapter and (
                    len(c.values) > 1 or isinstance(c.values[0] if c.values else 0, str)):
                fig = state.figures[c.actor]
                for v in c.values:
                    add(f"{t(f'ui.action.{c.kind}', lang)} ({adapter.weapon_name(fig, v, lang)})",
                        lambda c=c, v=v: ctl.start(c, v), key=f"{c.kind}.{v}",
                        tooltip=t(f"ui.tip.{c.kind}", lang))
            elif c.kind == "cast" and adapter:
                self._cast_buttons(c, add, adapter, lang)
            elif c.kind in ("inspire", "heal"):
                who = state.figures[c.targets[0]].name if c.kind == "heal" else ""
                for v in c.values:
                    add(t(f"ui.mb.{c.kind}_n", lang, n=v, who=who), lambda c=c, v=v: ctl.start(c, v),
                        key=f"{c.kind}.{c.targets[0] if c.targets else ''}.{v}".replace("..", "."),
                        tooltip=t(f"ui.tip.{c.kind}", lang))
            elif c.kind in VALUE_CHOICES:
                names = self._names(c)
                for v in c.values:
                    add(t(f"play.choice.{c.kind}.{v}", lang), lambda c=c, v=v: ctl.start(c, v),
                        key=f"{c.kind}.{v}", tooltip=t(f"play.tip.{c.kind}.{v}", lang, **names))
            elif c.kind in ("designate", "push", "deploy"):
                self._decision_buttons(c, add, adapter, lang)
            elif c.kind == "power":
                pid = c.values[0]
                add(f"{t('ui.action.power', lang)}\u00a0: {t(f'power.{pid}', lang)}",
                    lambda c=c, v=pid: ctl.start(c, v), key=f"power.{pid}")
            else:
                v = c.values[0] if c.values else None
                add(t(f"ui.action.{c.kind}", lang), lambda c=c, v=v: ctl.start(c, v),
                    key=c.kind, tooltip=t(f"ui.tip.{c.kind}", lang))

    def _names(self, c) -> dict:
        """Who a decision speaks of: its fighter, the other one of a priority, the
        designated fighters of a deployment test."""
        st = self.scene.session.engine.state
        name = lambda fid: st.figures[fid].name if fid in st.figures else "?"  # noqa: E731
        out = {"who": name(c.actor), "other": name(c.hints.get("other"))}
        chosen = c.hints.get("designated") or {}
        me = str(self.scene.session.decider())
        out.update(mine=name(chosen.get(me)),
                   theirs=name(next((f for s, f in chosen.items() if s != me), None)))
        return out

    def _decision_buttons(self, c, add, adapter, lang) -> None:
        """The decisions of an interactive Mortebrume game: designating a fighter for a
        Volonté test, aiming a recul, setting a fighter down."""
        ctl = self.scene.controller
        st = self.scene.session.engine.state
        if c.kind == "designate":
            test = c.hints.get("test") or "hand"
            for tid in c.targets:
                f = st.figures[tid]
                add(t("play.choice.designate", lang, who=f.name, will=adapter.stats.will(f)),
                    lambda c=c, tid=tid: ctl.start(c, tid), key=f"designate.{tid}",
                    tooltip=t(f"play.tip.designate.{test}", lang))
        elif c.kind == "push":
            target = st.figures[c.hints["target"]].name
            add(t("play.choice.push.away", lang, who=target, cm=c.hints.get("cm", 0)),
                lambda c=c: ctl.start(c, c.values[0]), key="push.away", toggled=True,
                tooltip=t("play.tip.push.away", lang))
            add(t("play.choice.push.aim", lang), lambda c=c: ctl.start(c), key="push.aim",
                tooltip=t("play.tip.push.aim", lang))
        elif c.hints.get("auto"):
            add(t("play.choice.deploy.auto", lang, who=st.figures[c.actor].name),
                lambda c=c: ctl.start(c), key=f"deploy.auto.{c.actor}",
                tooltip=t("play.tip.deploy.auto", lang))
        else:
            add(t("play.choice.deploy.place", lang, who=st.figures[c.actor].name),
                lambda c=c: ctl.start(c), key=f"deploy.{c.actor}",
                tooltip=t("play.tip.deploy.place", lang))

    def _cast_buttons(self, c, add, adapter, lang) -> None:
        """A spell: the area raise cycles on one button, then one button per power raise."""
        ctl = self.scene.controller
        from game.rulesets.mortebrume.spells import decode

        areas = sorted({decode(v)[2] for v in c.values})
        area = getattr(ctl, "cast_area", 0)
        area = area if area in areas else areas[0]
        if len(areas) > 1:
            def cycle():
                ctl.cast_area = areas[(areas.index(area) + 1) % len(areas)]
            add(t("ui.mb.area_raise", lang, a=area), cycle, key="cast.area",
                tooltip=t("ui.tip.area_raise", lang))
        for v in c.values:
            if decode(v)[2] != area:
                continue
            add(adapter.spell_label(v, lang), lambda c=c, v=v: ctl.start(c, v), key=f"cast.{v}",
                tooltip=t("ui.tip.cast", lang))

    # --- the profile card
    def draw_card(self, surf, rect: pygame.Rect, fid: str | None) -> None:
        """The profile card, rendered once per change and blitted each frame."""
        sc = self.scene
        key = (fid, sc.session.version, sc.app.lang, tuple(rect), sc.app.settings.scale)
        if key != getattr(self, "_card_key", None):
            card = pygame.Surface(rect.size).convert() if pygame.display.get_surface() else pygame.Surface(rect.size)
            card.fill(theme.PANEL)
            self._render_card(card, pygame.Rect(0, 0, rect.w, rect.h), fid)
            self._card = card.subsurface((0, 0, rect.w, min(rect.h, self.card_height)))
            self._card_traits = list(self.trait_rects)
            self._card_key = key
        surf.blit(self._card, rect.topleft)
        self.trait_rects = [(r.move(rect.topleft), text) for r, text in self._card_traits]

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
        colour = theme.SIDE_LIGHT.get(fig.side, theme.TEXT)
        y += draw_text(surf, f.get(15, True), card["name"], (x, y), colour)
        role = t(f"ui.role.{card['role']}", lang)
        y += draw_text(surf, f.get(11), t(card.get("role_key", "ui.card.role"), lang, role=role,
                                          cost=card["cost"], side=fig.side),
                       (x, y), theme.TEXT_DIM, w)
        stats = "   ".join(f"{k} {v}" for k, v in card["stats"])
        y += draw_text(surf, f.get(13, True), stats, (x, y))
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
            by = [state.figures[a].name for a in d.context.get("attackers") or [d.context.get("attacker")]
                  if a in state.figures]
            y += draw_text(surf, f.get(12, True), t(f"ui.pending.{d.context.get('type', d.kind)}", lang,
                                                     who=fig.name, by=", ".join(by)),
                           (x, y), theme.YELLOW, w)
        status = [t(f"ui.status.{k}", lang) for k in sorted(fig.status) if fig.status.get(k)
                  and k in ("activated", "prone", "hidden", "cover", "blessed", "confused",
                            "waiting", "emboldened", "weapon_lost")]
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
