"""What the window reads from Swidenth: reach regions per stage of a phase, bubbles, range
bands, cards (stun tokens and their expiry), cover classes, odds previews equal to the odds
module's numbers, button labels in both languages, the rules pages, the fighter bar's
states and the passing of a turn."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.actions import Action
from game.core.presentation import pct
from game.core.text import catalogue, t
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import catalogue as C
from game.rulesets.swidenth import melee, odds, shooting
from game.rulesets.swidenth.presentation import SwidenthInfo
from tests.rulesets.swidenth.sandbox import PAS, fig, sandbox, wood

PRES = SwidenthInfo()
ROOT = Path(__file__).resolve().parents[3]


def play(engine, kind, actor=None, *targets, path=(), value=None, partners=()):
    a = Action(kind=kind, actor=actor, targets=tuple(targets), value=value, partners=tuple(partners),
               path=tuple((x * PAS, y * PAS) for x, y in path))
    why = engine.check(a)
    assert why is None, why
    engine.step(a)


def table(engine):
    return engine.ruleset.table_for(engine.state)


def test_card_of_a_chief_names_its_profile_cost_bubble_and_kit():
    eng = sandbox([fig("s1_00_centurion", 1, 10, 6, "centurion"), fig("b", 2, 10, 18, "brigand")])
    f = eng.state.figures["s1_00_centurion"]
    info = PRES.figure(eng.state, f, "fr")
    card = info.card
    cat = C.load()
    assert card["name"] == "Centurion"
    assert card["role"] == "sw.chef" and t("ui.role.sw.chef", "fr") == "chef"
    assert card["cost"] == C.profile_cost(cat, cat.profile("legion_imperiale", "centurion"))
    stats = dict(card["stats"])
    assert stats["Comb"] == "2" and stats["Déf"] == "9" and stats["Vit"] == "1/1"   # épée, bouclier, maille
    assert any("Épée" in w and "2" in w for w in card["weapons"])
    assert [name for name, _ in card["traits"]] == ["Bulle 3 pas"]
    assert info.bubble == 3 * PAS


def test_stun_tokens_lower_the_card_and_show_when_they_fall():
    b = fig("b", 2, 12, 12, "brigand")
    b.status["stun"] = [3, 4]
    eng = sandbox([fig("c", 1, 10, 6, "centurion"), b], turn=3)
    card = PRES.figure(eng.state, b, "fr").card
    assert dict(card["stats"])["Comb"] == "-8 (0)"
    (line,) = PRES.status_labels(b, "fr")
    assert "×2" in line and "−8" in line and "3 et 4" in line
    (line_en,) = PRES.status_labels(b, "en")
    assert "3 and 4" in line_en
    assert PRES.roster_state(eng.state, b).down


def test_reach_follows_the_stage_of_the_phase():
    eng = sandbox([fig("c", 1, 10, 6, "centurion"), fig("l", 1, 11.5, 6, "legionnaire"),
                   fig("b", 2, 10, 18, "brigand")])
    st = eng.state
    walk = 5 * PAS
    assert PRES.figure(st, st.figures["l"], "fr").moves == {"walk": (walk, {}), "sprint": (1.5 * walk, {})}
    play(eng, "activate", "c", partners=("l",))
    play(eng, A.MOVE, "l", path=[(11.5, 9)])
    assert PRES.figure(st, st.figures["l"], "fr").moves == {"sprint": (walk / 2, {})}      # the run left
    play(eng, A.CONCENTRATE, "c")
    assert PRES.figure(st, st.figures["c"], "fr").moves == {}
    assert PRES.figure(st, st.figures["c"], "fr").bubble is None                          # its phase is open
    play(eng, A.SKIP, "l")
    assert PRES.figure(st, st.figures["l"], "fr").moves == {}


def test_an_engaged_figure_has_no_reach_but_its_engagement_ring():
    eng = sandbox([fig("c", 1, 10, 10, "centurion"), fig("b", 2, 11, 10.2, "brigand")])
    info = PRES.figure(eng.state, eng.state.figures["c"], "fr")
    assert info.moves == {}
    assert [band for _, band in info.melee] == [(0.0, 0.5 * PAS)]


def test_range_bands_of_a_bow_are_thirds_of_its_range():
    eng = sandbox([fig("a", 1, 6, 4, "archer"), fig("b", 2, 10, 18, "brigand")])
    info = PRES.figure(eng.state, eng.state.figures["a"], "fr")
    assert info.ranges == [("Arc", (6 * PAS, 12 * PAS, 18 * PAS))] and info.shoot_reach == 18 * PAS
    assert PRES.figure(eng.state, eng.state.figures["a"], "en").ranges[0][0] == "Bow"
    assert info.bubble is None


@pytest.mark.parametrize("x, cls", [(4, "clear"), (15.5, "concealed"), (15, "cover"), (13, "blocked")])
def test_sight_classes_are_the_shot_cover_classes(x, cls):
    eng = sandbox([fig("a", 1, 6, 4, "archer"), fig("b", 2, x, 12 if x > 4 else 16, "brigand")],
                  terrain=[wood("w", 10.5, 9.5, 2.2, 1.2)])
    st = eng.state
    assert PRES.sight_class(st, table(eng), st.figures["a"], st.figures["b"]) == cls
    plan = shooting.plan(st, table(eng), st.figures["a"], st.figures["b"])
    if cls == "blocked":
        assert plan.refused == shooting.UNSEEN
    else:
        assert plan.cover.klass == {"clear": 0, "concealed": 2, "cover": 4}[cls]


def fight_choice(eng, fid):
    return next(c for c in eng.legal_actions() if c.kind == A.FIGHT and c.actor == fid)


def test_melee_preview_shows_both_sides_risks_from_the_odds_module():
    eng = sandbox([fig("c", 1, 10, 10, "centurion"), fig("l", 1, 12, 10, "legionnaire"),
                   fig("b", 2, 11, 11, "brigand")])
    st = eng.state
    play(eng, "activate", "c", partners=("l",))
    play(eng, A.CONCENTRATE, "c")
    tb = table(eng)
    lines = PRES.odds_preview(st, tb, fight_choice(eng, "c"), None, st.figures["b"], (), False, "fr")
    su = melee.setup(st, tb, st.figures["c"], st.figures["b"], concentrated=True)
    o = odds.melee(su)
    assert ("outnumbering", 2) in su.att.mods and ("concentration", 1) in su.att.mods
    text = "\n".join(lines)
    assert "surnombre +2" in text and "concentration +1" in text
    outcome = next(x for x in lines if x.startswith("L'attaquant"))
    assert pct(o.win) in outcome and pct(o.tie) in outcome and pct(o.lose) in outcome
    dfn = next(x for x in lines if x.startswith("Brigand risque"))
    att = next(x for x in lines if x.startswith("Centurion risque"))
    for line, h in ((dfn, o.dfn), (att, o.att)):
        for p in (h.recoil, h.stunned, h.wounded, h.out, h.horrible):
            assert pct(p) in line
    assert o.att.stunned > 0                     # the attacker's own risk is real, and shown
    assert "{" not in text


def test_a_charge_is_previewed_with_its_damage():
    eng = sandbox([fig("c", 1, 10, 7, "centurion"), fig("b", 2, 10, 11, "brigand")])
    st = eng.state
    play(eng, "activate", "c")
    play(eng, A.MOVE, "c", path=[(10, 10)])
    assert st.activation["members"]["c"]["engaged_by_move"] == ["b"]
    lines = PRES.odds_preview(st, table(eng), fight_choice(eng, "c"), None, st.figures["b"], (), False, "en")
    su = melee.setup(st, table(eng), st.figures["c"], st.figures["b"], charged=True)
    assert su.att.damage == 4
    assert any(x.startswith("Charge") for x in lines)
    assert pct(odds.melee(su).dfn.out) in next(x for x in lines if x.startswith("Brigand risks"))


def test_shot_preview_gives_band_cover_and_the_odds_module_numbers():
    eng = sandbox([fig("c", 1, 4, 3, "centurion"), fig("a", 1, 6, 4, "archer"), fig("b", 2, 15.5, 12, "brigand")],
                  terrain=[wood("w", 10.5, 9.5, 2.2, 1.2)])
    st = eng.state
    play(eng, "activate", "c", partners=("a",))
    play(eng, A.CONCENTRATE, "a")
    choice = next(c for c in eng.legal_actions() if c.kind == A.SHOOT and c.actor == "a")
    lines = PRES.odds_preview(st, table(eng), choice, None, st.figures["b"], (), False, "fr")
    sp = shooting.plan(st, table(eng), st.figures["a"], st.figures["b"], aimed=True)
    o = odds.shot(sp, 6, 1)
    assert sp.band == 1 and sp.cover.klass == 2
    assert "moyenne (+1)" in lines[1] and "couvert léger +2" in lines[1]
    assert "visée +2" in lines[2]
    assert pct(o.hit) in lines[4]
    assert pct(o.target.stunned) in lines[5] and pct(o.target.out) in lines[5]


def test_recoil_buttons_tell_whether_the_loser_can_step_back():
    for y, key in ((10, "free"), (23.45, "blocked")):       # against the table edge: no room
        eng = sandbox([fig("c", 1, 10, y - 1, "centurion"), fig("b", 2, 10, y, "brigand")], dice=[10, 10])
        st = eng.state
        play(eng, "activate", "c")
        play(eng, A.FIGHT, "c", "b")                          # 12 + 10 against 10 + 1 + 10: gap 1 + 2
        (choice,) = eng.legal_actions()
        assert choice.kind == "push"
        buttons = PRES.buttons(st, choice, "fr")
        assert [b.key for b in buttons] == ["push.recoil", "push.stay"]
        assert buttons[0].label == "Faire reculer Brigand d'un pas"
        note = PRES.choice_odds(st, table(eng), choice, "recoil", "fr")
        assert note.short == t(f"ui.sw.recoil.{key}", "fr")
        play(eng, "push", "c", value="recoil")
        assert bool(st.figures["b"].status["stun"]) is (key == "blocked")


def every_label(eng, lang):
    out = []
    st = eng.state
    for c in eng.legal_actions():
        out += [b.label for b in PRES.buttons(st, c, lang)] + [b.tooltip for b in PRES.buttons(st, c, lang)]
        out.append(PRES.action_label(c, lang))
        q = PRES.confirm(st, c, lang)
        out += [q] if q else []
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_button_label_exists_in_both_languages(lang):
    eng = sandbox([fig("c", 1, 10, 7, "centurion"), fig("l", 1, 11.5, 7, "legionnaire"),
                   fig("a", 1, 8.5, 7, "archer"), fig("b", 2, 10, 11, "brigand")], dice=[10] * 20)
    labels = every_label(eng, lang)
    play(eng, "activate", "c", partners=("l", "a"))
    labels += every_label(eng, lang)
    play(eng, A.MOVE, "c", path=[(10, 10)])
    labels += every_label(eng, lang)
    labels += PRES.scenario_hud(eng.state, lang) + [PRES.outcome_reason("points", lang)]
    labels += [x for f in eng.state.figures.values() for x in PRES.figure(eng.state, f, lang).card["weapons"]]
    bad = [x for x in labels if not x or "ui.sw." in x or "{" in x]
    assert labels and not bad, bad
    keys_fr = set(json.loads((ROOT / "assets/i18n/fr/swidenth_ui.json").read_text(encoding="utf-8")))
    keys_en = set(json.loads((ROOT / "assets/i18n/en/swidenth_ui.json").read_text(encoding="utf-8")))
    assert keys_fr == keys_en


def test_rules_pages_exist_in_both_languages():
    from game.rulesets.swidenth import PLUGIN

    prefix, pages = PLUGIN.rules_pages
    assert {"turn", "phases", "actions", "move", "melee", "damage", "outnumber", "shoot", "stun", "spells",
            "morale", "scenarios"} <= set(pages)
    for lang in ("fr", "en"):
        for page in pages:
            for part in ("title", "text"):
                assert catalogue(lang).get(f"ui.{prefix}.{page}.{part}"), (lang, page, part)


def test_fighter_bar_states_and_passing_the_turn():
    eng = sandbox([fig("c", 1, 10, 7, "centurion"), fig("l", 1, 11.5, 7, "legionnaire"),
                   fig("far", 1, 20, 3, "legionnaire"), fig("b", 2, 10, 20, "brigand")], dice=[10] * 20)
    st = eng.state
    step = PRES.pass_step(st, eng.legal_actions())
    assert (step.kind, step.actor, step.partners) == ("activate", "c", ())
    play(eng, "activate", "c", partners=("l",))
    assert PRES.roster_state(st, st.figures["l"]).turn == "active"
    assert PRES.roster_state(st, st.figures["far"]).turn == "ready"
    assert PRES.pass_step(st, eng.legal_actions()).kind == "end"
    play(eng, "end")
    assert PRES.roster_state(st, st.figures["c"]).turn == "done"
    assert "ui.sw.confirm.end" not in (PRES.confirm(st, next(c for c in eng.legal_actions() if c.kind == "end"),
                                                    "fr") or "")


def test_ending_a_phase_with_members_left_asks_first():
    eng = sandbox([fig("c", 1, 10, 7, "centurion"), fig("l", 1, 11.5, 7, "legionnaire"),
                   fig("b", 2, 10, 20, "brigand")])
    play(eng, "activate", "c", partners=("l",))
    end = next(c for c in eng.legal_actions() if c.kind == "end")
    assert PRES.confirm(eng.state, end, "fr") == "2 figurines n'ont pas encore agi. Finir la phase quand même\u00a0?"
    play(eng, A.SKIP, "c")
    assert PRES.confirm(eng.state, end, "en") == "1 figure has not acted yet. End the phase anyway?"


def test_setup_figures_are_numbered_by_profile():
    st = sandbox([]).state
    from game.rulesets.swidenth import setup

    st = setup.setup("escarmouche", 1, {"rosters": {"1": "legion_imperiale"}})
    names = [PRES.figure_name(f, "fr") for f in st.figures.values() if f.side == 1]
    assert names[0] == "Centurion" and "Légionnaire 1" in names and "Légionnaire 2" in names
    assert len(set(names)) == len(names)


def test_spell_preview_equals_the_odds_module():
    eng = sandbox([fig("p", 1, 10, 6, "grand_pretre", warband="culte_de_l_ombre"), fig("b", 2, 10, 14, "brigand")])
    st = eng.state
    play(eng, "activate", "p")
    play(eng, A.CONCENTRATE, "p")
    choice = next(c for c in eng.legal_actions() if c.kind == A.CAST)
    assert [b.key for b in PRES.buttons(st, choice, "fr")] == [f"cast.{v}" for v in choice.values]
    lines = PRES.odds_preview(st, table(eng), choice, "trait_de_feu", st.figures["b"], (), False, "fr")
    p = st.figures["p"]
    o = odds.spell("damage", 3 + 2, 0, damage=1, defense=6, vitality=1)
    assert p.status["stats"]["psychisme"] == 3
    assert lines[0] == f"Trait de feu\u00a0: réussite {pct(o.success)}"
    assert lines[1] == "Grand prêtre\u00a0: D20 +5 (Psychisme +3, concentration +2)"
    assert pct(o.target.stunned) in lines[3] and pct(o.target.out) in lines[3]
    stun = PRES.odds_preview(st, table(eng), choice, "emprise", st.figures["b"], (), False, "en")
    assert stun[0] == f"Hold: success {pct(odds.spell('stun', 5, 0).success)}"
    assert stun[-1] == f"The target ends stunned: {pct(odds.spell('stun', 5, 0).stun)}"
    far = PRES.odds_preview(st, table(eng), choice, "soins", st.figures["b"], (), False, "fr")
    assert far == [t("ui.sw.refused.spell.not_a_friend", "fr")]


def test_deployment_strips_are_the_scenarios_until_the_first_initiative():
    from game.core.engine import Engine

    eng = Engine.new("swidenth", "le_gue", 2, {})
    pas = 25.0
    assert PRES.deployment_zones(eng.state) == {1: [(0.0, 0.0, 24 * pas, 4 * pas)],
                                               2: [(0.0, 20 * pas, 24 * pas, 24 * pas)]}
    eng.step(Action("initiative"))
    assert PRES.deployment_zones(eng.state) == {}
