"""The morale rules page: its situation and caption in both languages, and what the caption
claims (the leader's aura, the terror threshold, who tests and what each needs on the die)
is what the engine computes there; the window draws the aura and the terrifying zone."""
from __future__ import annotations

from game.core.text import t
from game.rulesets.kharn_ages import morale as M
from game.rulesets.kharn_ages import morale_flow as MF
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.fighter import TOISE
from game.rulesets.kharn_ages.presentation import morale_rings


def _situation():
    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import rule_pages

    assert "morale" in rule_pages("kharn_ages")[1]
    return situation_engine(situations("kharn_ages")["morale"])


def _needs(st, ctx, f) -> int | None:
    """The die face the figure needs at its activation (None: no test)."""
    [test] = MF.activation_tests(st, ctx, f) or [None]
    if test is None:
        return None
    mods = M.temerity_mods(f, allies=MF.friends_in_zone(st, ctx.table, f), leader=MF.in_leader_aura(st, f))
    return test["need"] - sum(v for _, v in mods)


def test_the_morale_caption_says_what_the_engine_computes():
    eng = _situation()
    st, ctx = eng.state, eng.rule_context()
    fr, en = t("situation.kharn_ages.moral", "fr"), t("situation.kharn_ages.moral", "en")
    assert fr != en and "situation." not in fr and t("ui.rules.ka.morale.text", "en") != "ui.rules.ka.morale.text"
    prince = fighter(st, st.figures["k1_00_prince"])
    tembo = fighter(st, st.figures["k2_00_ancien_tembo"])
    a, b, c = (fighter(st, st.figures[f"k1_0{i}_guerrier_kharn"]) for i in (1, 3, 2))
    assert prince.leader and MF.aura_mm(prince) == 4 * TOISE and "4 toises" in fr
    assert MF.terror_threshold(tembo) == 13 and tembo.level == 3 and "13" in fr
    assert (a.char("T"), MF.friends_in_zone(st, ctx.table, a), MF.in_leader_aura(st, a)) == (4, 1, True)
    assert _needs(st, ctx, a) == 6 and "6 ou plus" in fr and "+2" in fr and "+1" in fr
    assert (MF.friends_in_zone(st, ctx.table, b), MF.in_leader_aura(st, b)) == (0, False)
    assert _needs(st, ctx, b) == 9 and "9 ou plus" in fr
    assert _needs(st, ctx, c) is None


def test_the_window_rings_the_leaders_aura_and_the_terrifying_zone():
    st = _situation().state
    a = fighter(st, st.figures["k1_01_guerrier_kharn"])
    rings = {k: (c, r) for k, c, r in morale_rings(st, a)}
    assert rings["aura"] == (st.figures["k1_00_prince"].pos, 4 * TOISE)
    tembo = st.figures["k2_00_ancien_tembo"]
    assert rings["terror"] == (tembo.pos, tembo.radius + 0.5 * TOISE)
    assert morale_rings(st, fighter(st, tembo)) == [("aura", tembo.pos, 5 * TOISE)]   # it leads; nobody scares it


def test_the_card_says_terrorised_frightened_and_how():
    from game.rulesets.kharn_ages.presentation import Info

    st = _situation().state
    fig = st.figures["k1_01_guerrier_kharn"]
    fig.status.update({"temerity": {"k2_00_ancien_tembo": 2}, "frightened": True, "fright": "flee"})
    labels = Info().status_labels(fig, "fr")
    assert "terrorisé 2/3" in labels and "effrayé\u00a0: en fuite" in labels
    assert "frightened: fleeing" in Info().status_labels(fig, "en")
