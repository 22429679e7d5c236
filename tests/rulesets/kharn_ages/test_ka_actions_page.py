"""The generic actions rules page: its situation and caption in both languages, and what the
caption claims (the Prowler may warn the Blackfang of the Crossbowman's shot, her aura, the
free defence's pair) is what the engine computes there."""
from __future__ import annotations

from game.core.text import t
from game.rulesets.kharn_ages import morale_flow as MF
from game.rulesets.kharn_ages import warning as WN
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.defence import Incoming
from game.rulesets.kharn_ages.fighter import TOISE


def test_the_actions_caption_says_what_the_engine_computes():
    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import rule_pages

    assert "actions" in rule_pages("kharn_ages")[1]
    eng = situation_engine(situations("kharn_ages")["actions"])
    st, table = eng.state, eng.rule_context().table
    fr, en = t("situation.kharn_ages.gestes", "fr"), t("situation.kharn_ages.gestes", "en")
    assert fr != en and "situation." not in fr
    rod = fighter(st, st.figures["k2_01_rodeuse"])
    croc = fighter(st, st.figures["k2_00_croc_noir"])
    assert MF.aura_mm(rod) == 3 * TOISE and "3 toises" in fr and "3 toises" in en
    assert WN.watchers(st, table, "k1_00_arbaletrier", "k2_00_croc_noir") == ["k2_01_rodeuse"]
    shot = Incoming(("A", "A"), (4, 4), 2, shot=True, in_reach=False)     # the crossbow's basic shot
    assert WN.best_pair(croc, shot).chars == ("V", "A")      # an A + A shot: A must be in it
    assert (croc.char("V"), croc.char("A")) == (5, 3) and "V + A (5 + 3)" in fr and "V + A (5 + 3)" in en
    moving = Incoming(("V", "V"), (3, 3), 2, shot=True, in_reach=False)
    assert WN.best_pair(croc, moving).chars == ("V", "V")    # against V + V it would be V + V
