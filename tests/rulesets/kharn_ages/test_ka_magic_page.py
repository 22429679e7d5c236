"""The magic rules page: its situation and caption in both languages, and what the caption
claims (the aura as the spells' range, who is in it, the chance to reach the difficulty and
to work through a 1-PA defence, the faction bonus) is what the engine computes there."""
from __future__ import annotations

from game.core.text import t
from game.rulesets._shared.tables import table_for
from game.rulesets.kharn_ages import casting as CA
from game.rulesets.kharn_ages import spell_forms as SPF
from game.rulesets.kharn_ages import spell_odds as SO
from game.rulesets.kharn_ages import spells as SP
from game.rulesets.kharn_ages.cards import fighter


def test_the_magic_caption_says_what_the_engine_computes():
    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import rule_pages

    assert "magic" in rule_pages("kharn_ages")[1]
    st = situation_engine(situations("kharn_ages")["magic"]).state
    fr, en = t("situation.kharn_ages.magie", "fr"), t("situation.kharn_ages.magie", "en")
    assert fr != en and t("ui.rules.ka.magic.text", "en") != "ui.rules.ka.magic.text"
    m = fighter(st, st.figures["k1_00_mage_du_culte"])
    croc, traq, rod = (fighter(st, st.figures[f]) for f in ("k2_00_croc_noir", "k2_01_traqueuse", "k2_02_rodeuse"))
    assert m.char("I") == 5 and SP.range_of(m, "trait_arcanique") == 5 and "5 toises" in fr
    assert [round(SP.reach_to(m, o), 1) for o in (croc, traq, rod)] == [3.0, 3.6, 7.6]
    assert "3,6 toises" in fr and "7,6 toises" in fr and "7.6 toises" in en
    assert CA.targets(st, table_for(st), m, "trait_arcanique") == [croc.id, traq.id]
    assert SP.spell("trait_arcanique").effects[1].difficulty == 17 and "17" in fr
    assert SP.spell("trait_arcanique").effects[1].do[0].amount == 4 and "4 dégâts" in fr
    assert round(100 * SO.cast_chance(m, 2, 17)) == 78 and "78 fois" in fr and "78 times" in en
    assert round(100 * SO.works_chance(m, croc, 2, 17, 0, 1)) == 75 and "75 fois" in fr
    assert CA.faction_bonus_now(st, m) == 0 and "nul" in fr
    rings, _ = SPF.spell_rings(st, st.figures[m.id])
    assert [round(r) for _, r in rings] == [5 * 40 - 20]          # the dashed ring: the aura, from the base
