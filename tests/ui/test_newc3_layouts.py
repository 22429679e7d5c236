"""Newcomer findings of issue 18 (third round): layouts that hold still. Swidenth's deed
buttons keep their places after the preparation; the new-game form keeps its layout when
the ruleset changes (and Mortebrume's first game offers lenient measuring there); a save
slot's tooltip never covers Back; a decision's answers leave no greyed places behind."""
from __future__ import annotations

from tests.ui.driver import Driver
from tests.ui.test_newc3_spell_targets import _open


def test_swidenth_deed_buttons_keep_their_place_after_the_preparation(make_app):
    """An archer's phase: the move preparation opens the run; the shot, the skip and the end
    stay where they were (the run's place was kept, greyed with why), and the preparations
    stay greyed where they were."""
    from tests.rulesets.swidenth.sandbox import PAS, fig, sandbox
    from tests.ui.test_swidenth_window import ctrl_click

    engine = sandbox([fig("cent", 1, 10, 10, "centurion"), fig("arch", 1, 12, 10, "archer"),
                      fig("b1", 2, 22, 10, "brigand")], dice=[10] * 20)
    app, scene, d = _open(make_app, engine)
    d.click(d.figure_pos(scene, "cent"))
    ctrl_click(d, d.figure_pos(scene, "arch"))
    d.press("activate")
    d.click(d.figure_pos(scene, "arch"))

    def places() -> dict[str, tuple]:
        d.frames(1)
        return {b.key.removeprefix("slot."): (b.rect.topleft, b.enabled) for b in scene.panel.buttons}

    before = places()
    assert not before["run"][1] and "déplacement" in d.button("slot.run").label     # greyed, with why
    d.press("move")
    d.click(d.world_pos(scene, 14 * PAS, 12 * PAS))
    assert engine.state.activation["members"]["arch"]["prep"] == "move"
    after = places()
    assert after["run"] == (before["run"][0], True)                  # now offered, same place
    for key in ("move", "concentrate", "nothing", "shoot", "skip", "end"):
        assert after[key][0] == before[key][0], key
    assert not after["move"][1] and "déjà" in d.button("slot.move").label


def test_the_new_game_form_keeps_its_layout_when_the_ruleset_changes(make_app):
    """Evenor (a scenario option), Mortebrume (none), Khârn-Ages (none, but an
    advised-defence row per seat): the rows they share, Start and Back stay where they were."""
    from game.ui.scenes.menu import NewGameScene

    app = make_app(lang="fr")
    scene = app.push(NewGameScene(app))
    d = Driver(app)
    d.frames(2)
    assert scene.ruleset == "evenor"

    def places() -> dict[str, tuple]:
        d.frames(1)
        out = {k: dd.rect.topleft for k, dd in scene.dropdowns.items()}
        out.update({b.key: b.rect.topleft for b in scene.buttons})
        out["seed"] = scene.seed_entry.rect.topleft
        return out

    first = places()
    for ruleset in ("mortebrume", "kharn_ages"):
        d.choose("new.ruleset", ruleset)
        now = places()
        assert scene.ruleset == ruleset
        for key in ("new.ruleset", "new.scenario", "seed", "new.p1", "new.r1", "new.p2", "new.r2",
                    "new.start", "new.back"):
            assert now[key] == first[key], (ruleset, key)


def test_mortebrume_first_game_defaults_to_lenient_measuring(make_app, monkeypatch):
    """The new-game form's first Mortebrume game offers the measuring as an option, lenient
    first; the game started from it measures leniently though the settings keep the book's
    strict measuring for the other scenarios (rulings: Strict measuring on the first game)."""
    from game.core.ruleset import get_ruleset
    from game.core.text import t
    from game.ui.rules_info import info_for
    from game.ui.scenes import menu
    from game.ui.scenes.menu import NewGameScene

    pres = info_for("mortebrume")
    assert pres.scenario_options("dernier_debout", "fr") == []
    app = make_app(lang="fr")
    assert app.settings.mist_strict and pres.new_game_options(app.settings)["strict_measuring"]
    started = []
    monkeypatch.setattr(menu, "start_game", lambda app, scenario, seed, players, rosters=None, **kw:
                        started.append((scenario, kw)))
    scene = app.push(NewGameScene(app))
    d = Driver(app)
    d.choose("new.ruleset", "mortebrume")
    assert scene.scenarios[scene.scenario] == "premiere_partie"
    assert d.dropdown("new.opt.strict_measuring").selected_option[0] == t("mb.opt.measuring.lenient", "fr")
    d.press("new.start")
    [(scenario, kw)] = started
    options = {**pres.new_game_options(app.settings), **kw["chosen"]}     # as start_game merges them
    state = get_ruleset("mortebrume").setup(scenario, 1, options)
    assert scenario == "premiere_partie" and state.extras["strict"] is False


def test_a_save_slot_tooltip_never_covers_back(make_app, monkeypatch, tmp_path):
    """pygame-gui puts a tooltip just under its button: under the last slot, that is over
    "Retour". The scene moves it off the way out."""
    from datetime import datetime

    import pygame
    from pygame_gui.elements import UITooltip

    from game.ui import slots
    from game.ui.scenes.saves import LoadScene

    fake = [slots.Slot(tmp_path / f"s{i}.json", name=f"Partie {i}", saved=datetime(2026, 11, 28, 10, i),
                       ruleset="evenor", scenario="extermination", turn=3, max_turns=6,
                       players={1: "human", 2: "ai:facile"}) for i in range(3)]
    monkeypatch.setattr(LoadScene, "slots", lambda self: fake)
    app = make_app(lang="fr")
    scene = app.push(LoadScene(app))
    d = Driver(app)
    d.frames(2)
    last, back = scene.find("load.s2"), scene.find("load.back")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: last.rect.center)
    d.move(last.rect.center)
    for _ in range(4):                            # past the tooltip's delay
        app.frame([], 0.5)
    tips = [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, UITooltip) and el.alive()]
    assert len(tips) == 1 and "s2.json" in tips[0].text_block.html_text
    assert not tips[0].rect.colliderect(back.rect)
    assert not tips[0].rect.colliderect(last.rect)            # nor over the slot it is about


def test_a_decisions_answers_leave_no_greyed_places_behind():
    """Keeping or re-rolling the dice of an attack is a decision of the moment: once answered,
    its buttons do not stay greyed ("no longer possible") above the figure's actions."""
    from types import SimpleNamespace

    from game.core.actions import ActionChoice
    from game.core.presentation import Presentation
    from game.ui.button_slots import EmptySlot, SlotMemory

    pres = Presentation()
    act = {"figure": "a", "side": 1}
    deciding = SimpleNamespace(turn=1, activation=act, pending=[object()])
    acting = SimpleNamespace(turn=1, activation=act, pending=[])
    memory = SlotMemory()
    memory.arrange(pres, acting, "a", [ActionChoice("walk", "a"), ActionChoice("attack", "a")])
    memory.arrange(pres, deciding, "a", [ActionChoice("keep", "a"), ActionChoice("reroll", "a")])
    after = memory.arrange(pres, acting, "a", [ActionChoice("attack", "a")])
    greyed = [c.kind for c in after if isinstance(c, EmptySlot)]
    assert greyed == ["walk"]                     # the walk spent keeps its place; no keep / re-roll
