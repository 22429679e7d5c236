"""One language at a time, on the screens: the real scenes are driven headless in English
(menu, new game, settings, rules reference, builder, a game of each ruleset with its card,
buttons, log, odds and the AI's recap, the hand-off screen, the end screen), every text
they show is collected (what the game's fonts render, the table view's names and labels
included, and every pygame-gui element's text, options and tooltip), and none may hold a
French word or a raw catalogue key. In French, no number with a unit has a decimal point."""
from __future__ import annotations

import html
import re

import pygame
import pytest

from tests.lang_terms import POINT_BEFORE_UNIT, english_words, french_words, raw_keys
from tests.ui.driver import Driver

TAG = re.compile(r"<[^>]+>")


class Seen:
    """Every text rendered by the game's fonts, plus the pygame-gui elements' texts."""

    def __init__(self, monkeypatch):
        self.texts: list[str] = []
        seen = self.texts

        class RecordingFont(pygame.font.Font):
            def render(self, text, *args, **kw):
                if isinstance(text, str) and text.strip():
                    seen.append(text)
                return super().render(text, *args, **kw)

            def size(self, text):
                if isinstance(text, str) and text.strip():
                    seen.append(text)
                return super().size(text)

        monkeypatch.setattr(pygame.font, "Font", RecordingFont)

    def gui(self, app) -> None:
        """The texts of every pygame-gui element now alive."""
        for el in app.ui.get_sprite_group().sprites():
            for attr in ("text", "html_text", "appended_text", "tool_tip_text", "placeholder_text"):
                value = getattr(el, attr, None)
                if isinstance(value, str) and value.strip():
                    self.texts.append(html.unescape(TAG.sub(" ", value)))
            for opt in getattr(el, "options_list", None) or ():
                self.texts.append(opt[0] if isinstance(opt, tuple) else str(opt))

    def problems(self, lang: str) -> dict[str, list[str]]:
        out = {}
        for text in set(self.texts):
            bad = raw_keys(text)
            if lang == "en":
                bad += french_words(text)
            else:
                bad += english_words(text) + POINT_BEFORE_UNIT.findall(text)
            if bad:
                out[text] = bad
        return out


def _menus(app, seen: Seen) -> None:
    from game.ui.rules_info import rule_pages, rulesets
    from game.ui.scenes.menu import MainMenu

    d = Driver(app)
    app.push(MainMenu(app))
    d.frames(3)
    seen.gui(app)
    d.press("menu.new")
    for ruleset in rulesets():
        if app.top.ruleset != ruleset:
            d.choose("new.ruleset", ruleset)
        d.frames(2)
        seen.gui(app)
        for scenario in list(app.top.scenarios):
            if app.top.scenarios[app.top.scenario] != scenario:
                d.choose("new.scenario", scenario)
            seen.gui(app)
    d.key(pygame.K_ESCAPE)
    d.press("menu.settings")
    seen.gui(app)
    d.key(pygame.K_ESCAPE)
    d.press("menu.rules")
    for ruleset in rulesets():
        if app.top.ruleset != ruleset:
            d.choose("rules.ruleset", ruleset)
        for _ in rule_pages(ruleset)[1][1:]:
            seen.gui(app)
            d.press("rules.next")
        seen.gui(app)
    d.key(pygame.K_ESCAPE)
    d.press("menu.builder")
    for ruleset in rulesets():
        if app.top.ruleset != ruleset:
            d.choose("builder.ruleset", ruleset)
        for i, faction in enumerate(list(app.top.factions)):
            if app.top.faction != i:
                d.choose("builder.faction", faction)
            d.press("builder.preset")
            d.frames(2)
            seen.gui(app)
    d.key(pygame.K_ESCAPE)


def _evenor_game(app, seen: Seen) -> None:
    """Evenor against the AI: its turn and recap, then a figure's card, the activation and
    shooting buttons, the odds of a shot, the log, the end screen."""
    from game.core.actions import Action
    from game.ui.scenes.end import EndScene
    from tests.ui.test_ai_play import frames_until, skirmish, table_scene

    scene = table_scene(app, skirmish(seed=5), {1: "human", 2: "ai:normal"})
    d = Driver(app)
    s = scene.session
    frames_until(d, lambda: s.human_to_decide() and s.engine.record.actions, limit=400)
    d.frames(3)
    seen.gui(app)
    figures = s.engine.state.figures.values()
    foes = [f.id for f in figures if f.side == 2 and not f.out]
    for fid in [f.id for f in figures if f.side == 1 and not f.out]:
        if s.engine.state.figures[fid].status.get("activated"):
            continue
        d.click(d.figure_pos(scene, fid))
        seen.gui(app)
        act = [b.key for b in d.buttons() if b.key.startswith("activate.") and b.key != "activate.0"]
        if act:
            d.press(act[0])
            seen.gui(app)
            me = s.engine.state.figures[fid]          # a move too long: refused, with its lengths
            far = (me.x, me.y + 400.0)
            scene.controller.play(Action(kind="move", actor=fid, path=((me.x, me.y), far)))
            d.frames(2)
            seen.texts.append(scene.controller.message)
            shoot = [b.key for b in d.buttons() if b.key.startswith("shoot")]
            if shoot:
                d.press(shoot[0])
                for foe in foes:
                    d.move(d.figure_pos(scene, foe))
                    d.frames(2)
                    seen.texts += list(getattr(scene, "_odds", None) or ())
                seen.gui(app)
            break
    seen.texts += s.shown_log()
    app.push(EndScene(app, scene))
    d.frames(3)
    seen.gui(app)


def _mortebrume_game(app, seen: Seen) -> None:
    """Mortebrume hot-seat in the mist: the hand-off, the card, the designation and
    action buttons, a strike's odds (without strict measuring), the log."""
    from tests.rulesets.mortebrume.sandbox import fig, sandbox
    from tests.ui.test_ai_play import mist_duel, table_scene

    scene = table_scene(app, mist_duel(), {1: "human", 2: "human"})
    d = Driver(app)
    d.frames(3)
    seen.gui(app)
    if app.top is not scene:
        d.press("handoff.ready")
    d.click(d.figure_pos(scene, "Z"))
    seen.gui(app)
    d.press("activate")
    seen.gui(app)
    seen.texts += scene.session.shown_log()
    app.pop()
    engine = sandbox([fig(1, "meleien_chevalier", 30, 30, 0.0), fig(1, "meleien_archer", 20, 20, 0.0),
                      fig(2, "thanigiste_recrue", 45, 30, 180.0)], dice=[4] * 60, strict=False)
    scene = table_scene(app, engine, {1: "human", 2: "human"})
    d.frames(3)
    if app.top is not scene:
        d.press("handoff.ready")
    state = scene.session.engine.state
    knight = next(f.id for f in state.figures.values() if f.profile == "meleien_chevalier")
    foe = next(f.id for f in state.figures.values() if f.side == 2)
    d.click(d.figure_pos(scene, knight))
    seen.gui(app)
    d.press("activate")
    strike = [b.key for b in d.buttons() if b.key.startswith("strike")]
    d.press(strike[0])
    d.move(d.figure_pos(scene, foe))
    d.frames(2)
    seen.texts += list(getattr(scene, "_odds", None) or ())
    seen.gui(app)
    seen.texts += scene.session.shown_log()


def _one_diagram_per_ruleset(monkeypatch) -> None:
    """The rules pages' diagrams are drawn for real on one page per ruleset (their names and
    labels are read like every text); the other pages get a blank image of the same size:
    their captions and buttons are still read, and each diagram has its own tests."""
    import game.ui.diagram as diagram

    real, drawn = diagram.render, set()

    def render(sit, size, *args, **kw):
        if sit.ruleset in drawn:
            return pygame.Surface(size)
        drawn.add(sit.ruleset)
        return real(sit, size, *args, **kw)

    monkeypatch.setattr(diagram, "render", render)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_screen_speaks_one_language(make_app, monkeypatch, lang):
    seen = Seen(monkeypatch)
    _one_diagram_per_ruleset(monkeypatch)
    app = make_app(lang=lang)
    _menus(app, seen)
    _evenor_game(app, seen)
    _mortebrume_game(app, seen)
    assert len(set(seen.texts)) > 150
    assert seen.problems(lang) == {}


def test_french_numbers_take_the_decimal_comma():
    """The one number helper, and the refusal of a path too long, in both languages."""
    from game.core.errors import Refusal
    from game.core.text import number, refusal_text

    assert number(7.5, "fr") == "7,5" and number(7.5, "en") == "7.5"
    assert number(6.0, "fr") == "6,0" and number(6.0, "fr", None) == "6" and number(2.25, "fr", None) == "2,25"
    assert number(3, "fr") == "3"
    why = Refusal("refused.path.too_far", {"cost": 7.5, "allowance": 6.0})
    assert refusal_text(why, "fr") == "Trajet trop long\u00a0: 7,5 pas pour 6,0 autorisés" or \
        "7,5 pas pour 6,0" in refusal_text(why, "fr")
    assert "7.5 paces for 6.0" in refusal_text(why, "en")


def test_a_failed_group_activation_reads_as_a_plural():
    from game.core.events import ActivationEnded
    from tests.ui.test_ai_play import skirmish

    engine = skirmish(seed=1)
    ids = [f.id for f in engine.state.figures.values() if f.side == 1]
    one = ActivationEnded(side=1, figures=tuple(ids[:1]), success=False)
    two = ActivationEnded(side=1, figures=tuple(ids[:2]), success=False)
    assert "does nothing" in engine.ruleset.describe(one, engine.state, "en")
    assert "do nothing" in engine.ruleset.describe(two, engine.state, "en")
    assert "ne font rien" in engine.ruleset.describe(two, engine.state, "fr")
