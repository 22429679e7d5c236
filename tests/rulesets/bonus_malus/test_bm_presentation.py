"""What the window reads from Bonus / Malus (pure, no pygame): each roll written as its final
level and dice (the book's "Tir 2+ at long range is Tir+, 2D6 keep the best"), the exact
odds of shots, fights, free attacks and psi counters (against enumeration), the card, the
move / run / crawl reach, sight as cover saves, the buttons of the picks, shots and powers,
the activation option, and names as the log gives them."""
from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from game.core.actions import ActionChoice
from game.core.events import DiceRolled
from game.rulesets._shared.keep import opposed_odds
from game.rulesets._shared.tables import table_for
from game.rulesets.bonus_malus import figures as F
from game.rulesets.bonus_malus import narration, odds, shooting
from game.rulesets.bonus_malus.presentation import Info
from game.rulesets.bonus_malus.ruleset import RULESET

from .helpers import PAS, game, man

ROOT = Path(__file__).resolve().parents[3]


def _pct(text: str) -> list[int]:
    return [int(x) for x in re.findall(r"(\d+)\u00a0%", text)]


def _preview(st, kind, actor, target, value=None, lang="en"):
    return Info().odds_preview(st, table_for(st), ActionChoice(kind, actor, values=(value,) if value else ()),
                               value, st.figures[target], (), False, lang)


def test_a_long_shot_reads_as_its_final_level_and_dice():
    st = game(man("a", 1, 2, 2, 0, competences={"tir": 2}, equipment=["fusil"]),
              man("b", 2, 17, 2, 180))
    lines = _preview(st, "shoot", "a", "b", "fusil")
    assert "Shooting 2+, long range: Shooting+ = 2D6, keep the best" in lines[1]
    fr = _preview(st, "shoot", "a", "b", "fusil", "fr")
    assert "Tir 2+, longue portée\u00a0: Tir+ = 2D6, on garde le meilleur" in fr[1]
    assert _pct(lines[1]) == [75]                     # best of two dice at 4+: 1 - (1/2)^2


def test_the_books_shooting_example_with_its_save_through_piercing():
    """A heavy pistol (range 5, Dégâts, piercing 1) at 8 pas is a long shot: Tir+ becomes a
    plain roll; the Kevlar cuirass's Svg drops to Svg- (two dice, keep the worst)."""
    st = game(man("a", 1, 2, 2, 0, competences={"tir": 1}, equipment=["pistolet_lourd"]),
              man("b", 2, 11, 2, 180, equipment=["cuirasse_kevlar"]))
    lines = _preview(st, "shoot", "a", "b", "pistolet_lourd")
    assert "Shooting+, long range: Shooting = 1D6" in lines[1] and _pct(lines[1]) == [50]
    assert "Save\u2212 = 2D6, keep the worst" in lines[2] and "piercing 1" in lines[2]
    assert _pct(lines[2]) == [25]
    a, b = F.fighter(st.figures["a"]), F.fighter(st.figures["b"])
    w = shooting.weapon(a, a.cat["pistolet_lourd"])
    o = odds.shot_odds(a, b, w, 8.0)
    assert _pct(lines[4]) == [round(100 * o.wound), round(100 * o.out)]


def test_cadence_gives_the_chance_over_every_shot_of_the_action():
    st = game(man("a", 1, 2, 2, 0, competences={"tir": 0}, equipment=["mitrailleuse_plasma"]),
              man("b", 2, 8, 2, 180, attributes={"personnage": None}))
    lines = _preview(st, "shoot", "a", "b", "mitrailleuse_plasma")
    a, b = F.fighter(st.figures["a"]), F.fighter(st.figures["b"])
    w = shooting.weapon(a, a.cat["mitrailleuse_plasma"])
    p = odds.shot_odds(a, b, w, 5.0).wound            # each shot takes one point of three
    three = p ** 3
    assert lines[5].startswith("Over the action's 3 shots") and _pct(lines[5]) == [round(100 * three)]


def test_an_area_weapon_shows_its_zone_and_the_deviation_law():
    st = game(man("a", 1, 2, 2, 0, competences={"lancer": 0}, equipment=["grenades"]), man("b", 2, 4, 2, 180))
    lines = _preview(st, "shoot", "a", "b", "grenades")
    assert any("Zone of 2 paces" in x for x in lines)
    [(wid, zone, stray)] = Info().figure(st, st.figures["a"], "en").areas
    assert (wid, zone / PAS, stray / PAS) == ("grenades", 2, 2)      # a miss strays 2 pas at most
    dev = next(x for x in lines if x.startswith("On a miss"))
    assert _pct(dev) == [80, 20]


def test_a_refused_target_says_why():
    st = game(man("a", 1, 2, 2, 180, equipment=["fusil"]), man("b", 2, 8, 2, 180))
    assert _preview(st, "shoot", "a", "b", "fusil") == ["The target is not in front of the shooter"]


def test_the_books_fight_unarmed_against_a_dagger():
    """Combat+ unarmed fights at Combat 3-; the dagger fighter at plain Combat."""
    st = game(man("a", 1, 5, 5, 0, competences={"combat": 1}), man("b", 2, 6, 5, 180, equipment=["dague"]))
    lines = _preview(st, "fight", "a", "b")
    assert lines[0] == "a: Combat 3\u2212 = 4D6, keep the worst"
    assert lines[1] == "b: Combat = 1D6"
    win, tie, lose = opposed_odds(-3, 0)
    assert _pct(lines[2]) == [round(100 * win), round(100 * tie), round(100 * lose)]


def test_a_fight_against_a_figure_down_is_a_free_attack_and_a_spent_roll_is_said():
    st = game(man("a", 1, 5, 5, 0, equipment=["epee"]), man("b", 2, 6, 5, 180))
    st.figures["b"].status["down"] = True
    lines = _preview(st, "fight", "a", "b")
    assert lines[0].startswith("b cannot defend") and "Damage = 1D6" in lines[2]
    st.figures["b"].status.pop("down")
    st.figures["a"].status["damage_rolls"] = 1
    lines = _preview(st, "fight", "a", "b")
    assert lines[-1].startswith("a has no damage roll left") and _pct(lines[3]) == [0, 0]


def test_a_psi_power_and_the_duel_that_may_turn_it_back_match_enumeration():
    psi = {"sensible_psi": None, "choc_psi": None}
    st = game(man("a", 1, 5, 5, 0, competences={"psi": 1}, attributes=psi),
              man("b", 2, 8, 5, 180, attributes={"duel_psi": 0}))
    lines = _preview(st, "psi", "a", "b", "choc_psi")
    assert "Psi+ = 2D6, keep the best" in lines[0] and _pct(lines[0]) == [75]
    beaten = 0
    for d1, d2, e in itertools.product(range(1, 7), repeat=3):   # caster: best of two; duel: one die
        kept = max(d1, d2)
        beaten += kept >= 4 and e > kept
    assert _pct(lines[1]) == [round(100 * beaten / 216)]
    assert _pct(lines[2]) == [round(100 * (0.75 - beaten / 216)), round(100 * beaten / 216)]


def test_a_save_against_shots_only_says_so_on_the_card():
    st = game(man("a", 1, 5, 5, 0, equipment=["champ_protection"]), man("b", 2, 8, 5, 180))
    en = Info().figure(st, st.figures["a"], "en").card["weapons"]
    fr = Info().figure(st, st.figures["a"], "fr").card["weapons"]
    assert "Shield field: Save 2+ against shots" in en
    assert "Champ de protection\u00a0: Svg 2+ contre les tirs" in fr


def test_the_card_shows_levels_the_vitality_track_and_the_equipment():
    st = game(man("a", 1, 5, 5, 0, competences={"tir": 2, "combat": -1}, attributes={"personnage": None},
                  equipment=["pistolet_plasma", "epee", "armure"]), man("b", 2, 8, 5, 180))
    info = Info().figure(st, st.figures["a"], "en")
    stats = dict(info.card["stats"])
    assert stats["Shooting"] == "2+" and stats["Combat"] == "\u2212" and stats["Initiative"] == "plain"
    assert stats["VP"] == "3/3" and info.card["role"] == "bm.personnage"
    assert "Plasma pistol: range 5.0 (long 10.0), Damage 2+" in info.card["weapons"]
    assert "Armour: Save\u2212" in info.card["weapons"]
    assert any(w.startswith("Unhurt (wounded at 2 VP") for w in info.card["weapons"])
    st.figures["a"].vitality = 2
    stats = dict(Info().figure(st, st.figures["a"], "en").card["stats"])
    assert stats["Combat"] == "2\u2212 (profile: \u2212)"     # the wound's malus on top of the profile


def test_reach_follows_the_base_move_and_what_the_figure_may_still_do():
    st = game(man("a", 1, 5, 5, 0, attributes={"rapide": None}), man("b", 2, 15, 15, 180))
    moves = Info().figure(st, st.figures["a"], "en").moves
    assert {k: v[0] / PAS for k, v in moves.items()} == {"walk": 8, "sprint": 16, "assault": 4}
    st.figures["a"].status["down"] = True
    assert set(Info().figure(st, st.figures["a"], "en").moves) == {"assault"}
    st.figures["a"].status["stunned"] = True
    assert Info().figure(st, st.figures["a"], "en").moves == {}


def test_sight_is_blocked_behind_the_viewer_and_auras_are_drawn():
    st = game(man("a", 1, 5, 5, 0, attributes={"chef": None, "terrifiant": None}), man("b", 2, 10, 5, 180),
              man("c", 2, 1, 5, 0))
    pres, table = Info(), table_for(st)
    assert pres.sight_class(st, table, st.figures["a"], st.figures["b"]) == "clear"
    assert pres.sight_class(st, table, st.figures["a"], st.figures["c"]) == "blocked"
    info = pres.figure(st, st.figures["a"], "en")
    assert sorted((k, r / PAS) for k, r in info.auras) == [("chef", 5), ("terrifiant", 10)]


def test_picks_shots_and_powers_are_buttons_with_their_names():
    st = game(man("a", 1, 5, 5, 0, competences={"initiative": 0},
                  equipment=["fusil", "pistolet"], attributes={"sensible_psi": None, "choc_psi": None}),
              man("k", 1, 6, 5, 0, attributes={"chef": None}), man("b", 2, 10, 5, 180))
    pres = Info()
    [pick] = [d for d in st.pending if d.side == 1]
    bs = pres.buttons(st, ActionChoice("pick", None, targets=tuple(pick.options), input="secret"), "en")
    assert [(b.key, b.targets) for b in bs] == [("pick.a", ("a",)), ("pick.k", ("k",))]
    note = pres.choice_odds(st, table_for(st), ActionChoice("pick", None, targets=("a", "k")), "a", "en")
    assert note.short == "Initiative+" and "Leader" in note.lines[0]     # the leader's aura
    shots = pres.buttons(st, ActionChoice("shoot", "a", values=("fusil", "pistolet"), input="form"), "en")
    assert [b.label for b in shots] == ["Shoot: Rifle", "Shoot: Pistol"]
    powers = pres.buttons(st, ActionChoice("psi", "a", values=("choc_psi",), input="form"), "en")
    assert [b.label for b in powers] == ["Psi: Psi shock"]


def test_the_activation_system_is_a_new_game_option_the_setup_accepts():
    [opt] = Info().scenario_options(RULESET.scenarios()[0], "en")
    assert opt.key == "activation" and [v for _, v in opt.choices] == ["alternate", "classic"]
    for _, value in opt.choices:
        st = RULESET.setup(RULESET.scenarios()[0], 1, {opt.key: value})
        assert st.extras["bm"]["mode"] == value


def test_every_scenario_figure_has_a_card_and_the_log_s_name():
    pres = Info()
    for scenario in RULESET.scenarios():
        st = RULESET.setup(scenario, 3, {})
        for fig in st.figures.values():
            info = pres.figure(st, fig, "fr")
            assert info.card["name"] == narration._name(st, fig.id, "fr")
            assert pres.name_of(st, fig.id, "en") == narration._name(st, fig.id, "en")
            assert info.card["stats"] and info.melee


def test_a_test_roll_s_chance_comes_from_its_level():
    ev = DiceRolled(who="a", rule="save", sides=6, faces=(2, 5), target=4, result=2, mods=(("level", -1),))
    [(_, p)] = Info().roll_chances(ev, "en")
    assert p == pytest.approx(0.25)
    opposed = DiceRolled(who="a", rule="combat", sides=6, faces=(5, 2), target=None, result=5,
                         mods=(("level", 0), ("from_behind", 1)))
    [(what, p)] = Info().roll_chances(opposed, "en")
    assert what == "Keeping 5 or more" and p == pytest.approx(1 - (4 / 6) ** 2)


def test_the_presentation_s_texts_exist_in_both_languages():
    keys = {}
    for lang in ("fr", "en"):
        keys[lang] = set(json.loads((ROOT / f"assets/i18n/{lang}/bm_presentation.json").read_text("utf-8")))
    assert keys["fr"] == keys["en"]
    used = set()
    for path in ("presentation.py", "preview.py"):
        src = (ROOT / "game/rulesets/bonus_malus" / path).read_text("utf-8")
        used |= {k for k in re.findall(r'"(ui\.bm\.[a-z_.]+)"', src) if not k.endswith(".")}
    assert used <= keys["fr"], used - keys["fr"]


RULES_PAGES = ("turn", "actions", "dice", "move", "shoot", "melee", "saves", "morale", "attributes", "psi",
               "neutral")


def test_the_rules_pages_exist_in_both_languages():
    """The pages the registration will declare (rules_pages=("rules.bm", RULES_PAGES))."""
    for lang in ("fr", "en"):
        pages = json.loads((ROOT / f"assets/i18n/{lang}/bm_pages.json").read_text("utf-8"))
        assert set(pages) == {f"ui.rules.bm.{p}.{part}" for p in RULES_PAGES for part in ("title", "text")}
        assert all(len(pages[f"ui.rules.bm.{p}.text"]) > 300 for p in RULES_PAGES)


def test_every_attribute_and_power_has_a_card_text_and_a_sentry_shows_its_watch():
    from game.rulesets.bonus_malus.catalogue import catalogue

    cat = catalogue()
    for lang in ("fr", "en"):
        texts = json.loads((ROOT / f"assets/i18n/{lang}/bm_attributes.json").read_text("utf-8"))
        assert {f"ui.bm.attr.{a}" for a in cat.section("attributes")} <= set(texts)
        assert {f"ui.bm.power.{p}" for p in cat.section("powers")} <= set(texts)
    st = game(man("a", 1, 5, 5, 90, attributes={"gardien": None, "choc_psi": None}, equipment=["fusil"]),
              man("b", 2, 8, 5, 180))
    info = Info().figure(st, st.figures["a"], "en")
    traits = dict(info.card["traits"])
    assert traits["Sentinel"].startswith("Sentinel: Last action") and traits["Psi shock"].startswith("Psi shock: 5")
    assert info.watch is None
    st.figures["a"].status["alert"] = True
    assert Info().figure(st, st.figures["a"], "en").watch == pytest.approx(12 * PAS)   # the rifle's range
    assert "on watch" in Info().status_labels(st.figures["a"], "en")


def test_every_state_of_a_seeded_game_can_be_shown():
    """A seeded three-side game: at every step the window's reads of every figure and
    every offered template (cards, reach, states, buttons, captions, the odds of each
    target) answer without error and with no raw text key."""
    from .test_bm_playout import RAW_KEY, new_game

    eng, agents = new_game(5, "alternate", turns=2)
    st, pres = eng.state, Info()
    seen_kinds = set()
    for step in itertools.count():
        if st.outcome is not None:
            break
        table = table_for(st)
        for lang in ("fr", "en")[step % 2:][:1]:
            for fig in st.figures.values():
                card = pres.figure(st, fig, lang).card
                words = [card["name"], card["now"], *card["weapons"], *(v for _, v in card["stats"]),
                         *pres.status_labels(fig, lang), pres.track_line(fig, lang)]
                assert not [w for w in words if RAW_KEY.search(w) and "ui." in w], words
                pres.roster_state(st, fig)
            lines = list(pres.scenario_hud(st, lang))
            if st.pending:
                lines.append(pres.decision_caption(st, st.pending[-1], lang) or "")
            for c in eng.legal_actions():
                seen_kinds.add(c.kind)
                for b in pres.buttons(st, c, lang):
                    lines.append(b.label)
                    for tid in c.targets[:3]:
                        lines += pres.odds_preview(st, table, c, b.value, st.figures[tid], (), False, lang)
            assert not [x for x in lines if "ui.bm." in x or "ui.rules" in x], lines
        eng.step(agents[eng.decider()].choose(eng.view_for(eng.decider())))
    assert {"pick", "activate", "move", "nothing", "shoot"} <= seen_kinds, seen_kinds


def test_doing_nothing_while_something_else_is_open_and_keeping_actions_ask_first():
    from game.core.actions import Action

    from .helpers import engine, go

    st = game(man("a", 1, 5, 5, 90), man("b", 2, 5, 20, 270))
    eng = engine(st, 6, 1)
    eng.step(Action("pick", targets=("a",)))
    eng.step(Action("pick", targets=("b",)))
    go(eng, "a")
    pres = Info()
    nothing = next(c for c in eng.legal_actions() if c.kind == "nothing")
    assert pres.confirm(st, nothing, "en") == "a could still act: spend an action doing nothing?"
    assert pres.confirm(st, next(c for c in eng.legal_actions() if c.kind == "move"), "en") is None
    assert pres.confirm(st, ActionChoice("end", "a"), "en") == "Keep 2 actions for later?"


def test_the_chance_of_taking_a_figure_out_over_several_shots_matches_enumeration():
    """Three shots, each wounding with probability 1/3 and then taking 1, 2 or 3 points
    (Coup fatal), at a 3-point character: against every sequence of outcomes."""
    from fractions import Fraction

    outcomes = [(0, Fraction(2, 3))] + [(k, Fraction(1, 9)) for k in (1, 2, 3)]
    want = Fraction(0)
    for seq in itertools.product(outcomes, repeat=3):
        p = Fraction(1)
        for _, q in seq:
            p *= q
        want += p if sum(k for k, _ in seq) >= 3 else 0
    got = odds.out_after(3, 3, 1 / 3, odds.points_law(True))
    assert got == pytest.approx(float(want))
    assert odds.out_after(1, 2, 0.5, odds.points_law(False)) == pytest.approx(0.75)


def test_names_are_numbered_afresh_for_each_game():
    pres = Info()
    three = game(*(man(f"b1_0{i}_m", 1, 3 + i, 3, 0, name={"en": "Trooper"}) for i in range(3)), man("z", 2, 9, 9))
    for f in three.figures.values():
        f.profile = "m" if f.id != "z" else "z"
    assert pres.name_of(three, "b1_01_m", "en") == "Trooper 2"
    one = game(man("b1_01_m", 1, 3, 3, 0, name={"en": "Trooper"}), man("z", 2, 9, 9))
    one.figures["b1_01_m"].profile = "m"
    assert pres.name_of(one, "b1_01_m", "en") == "Trooper"
    assert pres.figure_name(one.figures["b1_01_m"], "en") == "Trooper"


def test_every_attribute_action_has_its_place_label_and_tip():
    """The panel's order names every attribute action ``feats`` handles, and each new kind
    (those and the leap) has a button label and a tip in both languages."""
    from game.rulesets.bonus_malus import feats
    from game.rulesets.bonus_malus.catalogue import catalogue
    from game.rulesets.bonus_malus.presentation import FEAT_KINDS

    cat = catalogue()
    handled = {aid for aid in cat.section("attributes")
               if any(e["do"] == "action" and e.get("use") in feats.USES for e in cat[aid].effects)}
    assert set(FEAT_KINDS) == handled
    for lang in ("fr", "en"):
        texts = json.loads((ROOT / f"assets/i18n/{lang}/bm_presentation.json").read_text("utf-8"))
        for k in (*FEAT_KINDS, "leap"):
            assert {f"ui.bm.action.{k}", f"ui.bm.tip.{k}"} <= set(texts), k
