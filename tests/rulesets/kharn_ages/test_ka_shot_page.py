"""The shooting rules page: its situation and caption in both languages, and what the
caption claims (bands, the crossbow's short-range damage and hard limit, the brushwood's
cover against a stature-2 target) is what the engine computes there; the sight lines say
the same."""
from __future__ import annotations

from game.core.text import t
from game.rulesets._shared.tables import table_for
from game.rulesets.kharn_ages import ranged_fight as RF
from game.rulesets.kharn_ages import shot_forms as SF
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.shooting import ShotBuild, shot_damage


def _situation():
    from game.data.situations import situations
    from game.ui.diagram import situation_engine
    from game.ui.rules_info import info_for, rule_pages

    assert "shooting" in rule_pages("kharn_ages")[1]
    engine = situation_engine(situations("kharn_ages")["shooting"])
    return engine.state, info_for("kharn_ages")


def test_the_shooting_caption_says_what_the_engine_computes():
    st, info = _situation()
    fr, en = t("situation.kharn_ages.tir", "fr"), t("situation.kharn_ages.tir", "en")
    assert fr != en and "situation." not in fr and t("ui.rules.ka.shooting.text", "en") != "ui.rules.ka.shooting.text"
    table = table_for(st)
    a = fighter(st, st.figures["k1_00_arbaletrier"])
    croc, traq, rod = (fighter(st, st.figures[f]) for f in ("k2_00_croc_noir", "k2_01_traqueuse", "k2_02_rodeuse"))
    w = a.profile.ranged
    assert (w.short, w.long, w.limit) == (3, 7, True)
    d, band, cover = SF.situation(st, table, a, croc)
    assert round(d, 1) == 2.5 and band == "short" and cover.bonus == 0 and "2,5 toises" in fr
    assert sum(shot_damage(a, w, ShotBuild("standard", ("A", "V")), band, False)) == 7 and "5 + 2 = 7" in fr
    d, band, cover = SF.situation(st, table, a, traq)
    assert round(d, 1) == 5.7 and band == "effective" and "5,7 toises" in fr
    assert (cover.bonus, cover.stature, traq.stature) == (2, 1, 2) and "+2" in fr and "broussailles" in fr
    assert st.terrain[[p.id for p in st.terrain].index(cover.source)].kind == "broussailles"
    d, band, _ = SF.situation(st, table, a, rod)
    assert round(d, 1) == 7.4 and band is None and "7,4 toises" in fr
    assert sorted(RF.shot_targets(st, table, a)) == ["k2_00_croc_noir", "k2_01_traqueuse"]
    lines = {f: info.sight_class(st, table, a.fig, st.figures[f]) for f in (croc.id, traq.id, rod.id)}
    assert lines == {croc.id: "clear", traq.id: "concealed", rod.id: "blocked"}
