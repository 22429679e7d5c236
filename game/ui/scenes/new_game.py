"""A new game on pygame-gui: drop-downs for the ruleset, the scenario, the warband of each
seat and who plays it (a person or an AI), and a typed seed (digits only, empty = random);
a neutral side is named, not offered: its scenario plays it. The demo variant puts the
normal AI on every seat and asks only for the scenario."""
from __future__ import annotations

import time

import pygame
from pygame_gui import UI_TEXT_ENTRY_FINISHED
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.core.errors import UserError
from game.core.text import t
from game.ui import theme
from game.ui.roster_names import roster_title
from game.ui.scenes.common import GuiScene
from game.ui.sides import side_light

SEED_MAX = 4_294_967_295
DEMO_PLAYER = "ai:normal"
FIRST_SCENARIO = "premiere_partie"   # each ruleset's small table to learn on, when it has one
FIRST_OPPONENT = "ai:facile"         # a fresh form's opponent: someone to play against alone
TIP_LINES = 4                        # the scenario's description keeps this height (longer: on hovering)
OPTION_ROWS = 1                      # the scenario options' place, kept when a ruleset has none


def parse_seed(text: str, lang: str) -> int | None:
    """The typed seed: None when empty (a random one), else a whole number in range."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or int(text) > SEED_MAX:
        raise UserError(t("ui.new.bad_seed", lang, text=text, max=SEED_MAX))
    return int(text)


def fresh_seed() -> int:
    return time.time_ns() // 1000 % 1_000_000


def scenario_tip(ruleset: str, scenario: str, lang: str) -> str:
    """The scenario's one-line tip: the ruleset's own (``ui.scenario.<ruleset>.<id>.tip``,
    for ids several rulesets use) or the one shared by the id."""
    key = f"ui.scenario.{ruleset}.{scenario}.tip"
    text = t(key, lang)
    return text if text != key else t(f"ui.scenario.{scenario}.tip", lang)


def options(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Drop-down options as (label, position): pygame-gui themes by option id, so values
    (paths, agent specs) never serve as ids."""
    return [(label, f"o{i}") for i, (label, _) in enumerate(pairs)]


_SIDES: dict[tuple[str, str], tuple[list[int], list[tuple[int, str]]]] = {}


def first_game_first(scenarios: list[str]) -> list[str]:
    """The ruleset's scenarios with its first game (the small table to learn on) at the top,
    where a fresh form starts; the others keep their order."""
    return sorted(scenarios, key=lambda sc: sc != FIRST_SCENARIO)


def scenario_sides(ruleset: str, scenario: str) -> tuple[list[int], list[tuple[int, str]]]:
    """(seats, [(neutral side, its warband id)]) of a scenario. A ruleset for exactly two
    sides and no neutral one has seats 1 and 2; any other is asked through its setup."""
    from game.core.ruleset import get_ruleset

    key = (ruleset, scenario)
    if key not in _SIDES:
        rs = get_ruleset(ruleset)
        if tuple(rs.info.sides) == (2, 2) and not rs.info.neutral:
            _SIDES[key] = ([1, 2], [])
        else:
            st = rs.setup(scenario, 0, {})
            _SIDES[key] = (st.seats(), [(s, st.sides[s].roster) for s in st.side_ids()
                                        if st.sides[s].neutral])
    return _SIDES[key]


def chosen(dropdown, values: list[str]) -> str:
    sel = dropdown.selected_option
    oid = sel[1] if isinstance(sel, tuple) else ""
    return values[int(oid[1:])] if oid[1:].isdigit() and int(oid[1:]) < len(values) else values[0]


class NewGameScene(GuiScene):
    width = 620

    def __init__(self, app, demo: bool = False):
        super().__init__(app)
        from game.ui.rules_info import rulesets
        self.demo = demo
        self.ruleset = rulesets()[0]
        self.players: dict[int, str] = {}
        self.rosters: dict[int, str] = {}
        self.seed_text = ""
        self.extra: dict[str, object] = {}       # scenario options chosen (key: value)
        self.advised: dict[int, str] = {}        # per seat: "on" when the ruleset's advice answers
        self.error = ""
        self.dropdowns: dict[str, UIDropDownMenu] = {}
        self.values: dict[str, list[str]] = {}
        last = {} if demo else dict(getattr(app.settings, "last_game", None) or {})
        if last.get("ruleset") in rulesets():
            self.ruleset = last["ruleset"]
        self._load_scenarios()
        if not demo:
            self._recall(last)

    def _recall(self, last: dict) -> None:
        """The choices of the last game started from this form (the user settings keep
        them): its ruleset, scenario, players and warbands, where they still exist."""
        if last.get("ruleset") != self.ruleset:
            return
        if last.get("scenario") in self.scenarios:
            self.scenario = self.scenarios.index(last["scenario"])
            self._load_sides()
        for side in self.seats:
            player = (last.get("players") or {}).get(str(side))
            roster = (last.get("rosters") or {}).get(str(side))
            if isinstance(player, str):
                self.players[side] = player
            if isinstance(roster, str):
                self.rosters[side] = roster

    def _remember(self) -> None:
        if self.demo:
            return
        self.app.settings.last_game = {
            "ruleset": self.ruleset, "scenario": self.scenarios[self.scenario],
            "players": {str(k): v for k, v in self.players.items()},
            "rosters": {str(k): v for k, v in self.rosters.items()}}
        if self.app.persist:
            self.app.settings.save()

    def _load_scenarios(self) -> None:
        from game.core.ruleset import get_ruleset

        self.scenarios = first_game_first(get_ruleset(self.ruleset).scenarios())
        self.scenario = 0
        self.rosters = {}
        self.extra = {}
        self._load_sides()

    def _load_sides(self) -> None:
        """A player and a warband per seat of the chosen scenario (earlier choices kept)."""
        self.seats, self.neutral = scenario_sides(self.ruleset, self.scenarios[self.scenario])
        self.players = {s: self.players.get(s, self._default_player(s)) for s in self.seats}
        self.rosters = {s: self.rosters.get(s, "auto") for s in self.seats}

    def _default_player(self, seat: int) -> str:
        """The demo's AI on every seat; otherwise the person on the first seat and an easy
        AI on the others, so that a first game from the menu is a game one can play alone."""
        if self.demo:
            return DEMO_PLAYER
        return "human" if seat == min(self.seats) else FIRST_OPPONENT

    # --- the form
    def _choices(self) -> list[tuple[str, str, list[tuple[str, str]], str]]:
        """(key, label, [(option label, option id)], current id) per drop-down."""
        from game.ui.rules_info import info_for, rulesets
        from game.ui.scenes.menu import player_kinds, player_label, roster_choices
        lang = self.app.lang
        pres = info_for(self.ruleset)
        rows = [("new.ruleset", t("ui.new.ruleset_label", lang),
                 [(t(f"ui.ruleset.{r}", lang), r) for r in rulesets()], self.ruleset),
                ("new.scenario", t("ui.new.scenario_label", lang),
                 [(t(f"ui.scenario.{sc}", lang), sc) for sc in self.scenarios], self.scenarios[self.scenario])]
        for opt in self.scenario_options():            # declared by the ruleset, as data
            rows.append((f"new.opt.{opt.key}", opt.label, list(opt.choices),
                         self.extra.get(opt.key, opt.choices[0][1])))
        rosters = [(t("ui.roster.auto", lang) if r == "auto" else roster_title(self.ruleset, r, lang), r)
                   for r in roster_choices(self.ruleset)]
        for side in self.seats:
            if not self.demo:
                rows.append((f"new.p{side}", t("ui.new.player_label", lang, n=side),
                             [(player_label(k, lang), k) for k in player_kinds(self.app.settings.developer)],
                             self.players[side]))
            rows.append((f"new.r{side}", t("ui.new.roster_label", lang, n=side), rosters, self.rosters[side]))
            if not self.demo and pres.advised_answers:     # the advice may answer for a person
                rows.append((f"new.a{side}", t(pres.advised_keys[0], lang, n=side),
                             [(t("ui.choice.off", lang), "off"), (t("ui.choice.on", lang), "on")],
                             self.advised.get(side, "off")))
        return rows

    def scenario_options(self):
        """The options the ruleset declares for the chosen scenario."""
        from game.ui.rules_info import info_for
        return info_for(self.ruleset).scenario_options(self.scenarios[self.scenario], self.app.lang)

    def build(self) -> None:
        """Two columns when the window allows (the game itself on the left, the sides on the
        right), each choice a label over its drop-down; Start and Back below. The layout is
        the same whatever the ruleset and scenario (TIP_LINES, ``_reserved``): the rows
        every ruleset has keep their places, the ones only some have come after them, and
        Start and Back stay put, so changing the ruleset never moves what is under the mouse."""
        from game.ui.widgets import wrap
        f, lang = self.app.fonts, self.app.lang
        W, H = self.app.screen.get_size()
        rh, gap, lh = self.px(30), self.px(10), f.get(14).get_linesize() + self.px(4)
        two = W >= self.px(620)
        w = min(self.px(self.width if two else self.width // 2), W - self.px(20))
        cw = (w - gap) // 2 if two else w
        x0 = (W - w) // 2
        rows = self._choices()
        left = [r for r in rows if r[0] in ("new.ruleset", "new.scenario") or r[0].startswith("new.opt.")]
        right = [r for r in rows if r not in left]
        right = [r for r in right if not r[0].startswith("new.a")] + [r for r in right if r[0].startswith("new.a")]
        tip = scenario_tip(self.ruleset, self.scenarios[self.scenario], lang)
        line = int(f.get(14).get_linesize() * 1.25)

        def text_h(text: str) -> int:
            return len(wrap(f.get(14), text, cw - self.px(12))) * line + self.px(6)

        tip_lines = wrap(f.get(14), tip, cw - self.px(12))
        shown_tip = tip if len(tip_lines) <= TIP_LINES else " ".join(tip_lines[:TIP_LINES]).rstrip(" .,;") + "…"
        tip_h = TIP_LINES * line + self.px(6)
        neutral = [(side, t("ui.new.neutral", lang, n=side, roster=roster_title(self.ruleset, roster, lang)))
                   for side, roster in self.neutral]
        cell = lh + rh + gap
        title_h = f.get(26, True).get_linesize() + self.px(10)
        neutral_now = sum(text_h(text) for _, text in neutral)
        keep = True                        # the places of rows only some rulesets have, kept

        def left_height(tip_h: int) -> int:
            n_opts = max(OPTION_ROWS, len(left) - 2) if keep else len(left) - 2
            return (2 + n_opts) * cell + tip_h + (0 if self.demo else cell)

        def height(tip_h: int) -> int:
            n_right = max(len(self.seats) * (1 if self.demo else 3), len(right)) if keep else len(right)
            right_h = n_right * cell + (max(neutral_now, 2 * line + self.px(6)) if keep else neutral_now)
            return max(left_height(tip_h), right_h) if two else left_height(tip_h) + right_h

        def fits(form_h: int) -> bool:
            return title_h + form_h + 2 * rh + 3 * gap <= H - 2 * self.px(8)

        form_h = height(tip_h)
        if not fits(form_h):
            tip_h = 0                      # no room: the description shows on hovering instead
            form_h = height(tip_h)
        if not fits(form_h):               # still none (a large scale): the rows there are, packed
            keep = False
            form_h = height(tip_h)
        total = title_h + form_h + 2 * rh + 3 * gap
        y0 = max(self.px(8), (H - total) // 2)
        self.add_label((0, y0, W, title_h), t("ui.menu.demo" if self.demo else "ui.menu.new", lang),
                       object_id="#title")
        top = y0 + title_h + self.px(4)
        self.dropdowns, self.values = {}, {}
        tips = {o.key: o.tooltip for o in self.scenario_options()}

        def choice(row, x, y) -> int:
            key, label, pairs, current = row
            heading = self.add_label((x, y, cw, lh), label, object_id="#heading")
            if key == "new.ruleset":                     # what the ruleset is, on hovering
                heading.tool_tip_text = t(f"ui.ruleset.{self.ruleset}.tip", lang)
            elif key == "new.scenario" and (not tip_h or shown_tip != tip):
                heading.tool_tip_text = tip
            elif key.startswith("new.opt."):
                heading.tool_tip_text = tips.get(key[8:], "") or None
            elif key.startswith("new.a"):                # what the advised answers do
                from game.ui.rules_info import info_for
                heading.tool_tip_text = t(info_for(self.ruleset).advised_keys[1], lang)
            self.values[key] = [v for _, v in pairs]
            opts = options(pairs)
            start = opts[self.values[key].index(current)] if current in self.values[key] else opts[0]
            self.dropdowns[key] = UIDropDownMenu(opts, start, pygame.Rect(x, y + lh, cw, rh),
                                                 manager=self.app.ui, container=self.root,
                                                 expansion_height_limit=max(rh * 3, H - y - lh - rh - gap))
            return y + cell

        y = top
        for row in left[:2]:                              # the ruleset, the scenario and its tip
            y = choice(row, x0, y)
        if tip_h:
            self.add_text((x0, y - gap, cw, tip_h), [(shown_tip, theme.TEXT_DIM)])
            y += tip_h
        if not self.demo:
            self.add_label((x0, y, cw, lh), t("ui.new.seed_label", lang), object_id="#heading")
            self.seed_entry = UITextEntryLine(pygame.Rect(x0, y + lh, cw, rh), manager=self.app.ui,
                                              container=self.root,
                                              placeholder_text=t("ui.new.seed_random", lang))
            self.seed_entry.set_allowed_characters("numbers")
            self.seed_entry.set_text_length_limit(12)
            if self.seed_text:
                self.seed_entry.set_text(self.seed_text)
            y += cell
        for row in left[2:]:                              # the scenario's options, as many as it has
            y = choice(row, x0, y)
        x, y = (x0 + cw + gap, top) if two else (x0, top + left_height(tip_h))
        for row in right:
            y = choice(row, x, y)
        for side, text in neutral:                     # played by the scenario: named only
            self.add_text((x, y, cw, text_h(text)), [(text, side_light(side))])
            y += text_h(text)
        y = top + form_h
        self.error_label = self.add_label((x0, y, w, rh), self.error, theme.REFUSAL)
        y += rh + gap
        bw = (w - gap) // 2
        self.add_button((x0, y, bw, rh + self.px(4)), t("ui.new.start", lang), self.start, "new.start",
                        t("ui.tip.demo", lang) if self.demo else "")
        self.add_button((x0 + bw + gap, y, bw, rh + self.px(4)), t("ui.back", lang), self.app.pop, "new.back")

    def update(self, dt: float) -> None:
        if self.root is None:
            return
        if not self.demo:
            self.seed_text = self.seed_entry.get_text()
        changed = False
        for key, dd in self.dropdowns.items():
            value = chosen(dd, self.values[key])
            if key == "new.ruleset" and value != self.ruleset:
                self.ruleset = value
                self._load_scenarios()
                changed = True
                break                              # the other lists belong to the old ruleset
            elif key == "new.scenario" and value != self.scenarios[self.scenario]:
                self.scenario = self.scenarios.index(value)
                self._load_sides()
                changed = True
            elif key.startswith("new.opt."):
                self.extra[key[8:]] = value
            elif key.startswith("new.a"):
                self.advised[int(key[5:])] = value
            elif key.startswith("new.p") and value != self.players.get(int(key[5:])):
                self.players[int(key[5:])] = value
            elif key.startswith("new.r") and key != "new.ruleset" and value != self.rosters.get(int(key[5:])):
                self.rosters[int(key[5:])] = value
        if changed:
            self.refresh()

    def say(self, message: str) -> None:
        self.error = message
        if self.root is not None:
            self.error_label.set_text(message)

    def chosen_seed(self) -> int:
        if self.demo:
            return fresh_seed()
        seed = parse_seed(self.seed_entry.get_text(), self.app.lang)
        return fresh_seed() if seed is None else seed

    def start(self) -> None:
        from game.ui.scenes.menu import start_game
        try:
            seed = self.chosen_seed()
            self._remember()
            start_game(self.app, self.scenarios[self.scenario], seed, dict(self.players),
                       {str(k): v for k, v in self.rosters.items()}, ruleset=self.ruleset,
                       chosen=dict(self.extra),
                       advised=[s for s, v in self.advised.items() if v == "on" and s in self.seats])
        except UserError as exc:
            self.say(str(exc))

    def handle(self, event) -> None:
        if event.type == UI_TEXT_ENTRY_FINISHED and event.ui_element is getattr(self, "seed_entry", None):
            self.start()                          # Enter in the seed field starts the game
        else:
            super().handle(event)

    def key(self, event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
        else:
            super().key(event)
