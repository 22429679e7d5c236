"""Casting in the Khârn-Ages flow (K-R90 to K-R95) with scripted dice: the cast roll (I per
PA, the faction's bonus, the difficulty, an RC), the target's resist decision (I only, the
incantation's modifier, a friend accepting, no defence possible), each effect handler,
durations ending at the caster's next activation, the cadence per turn, areas, Immunité and
Réceptif; and the spells' data (schema, grimoires, file:line:col)."""
from __future__ import annotations

import pytest

from game.core.events import Note
from game.data import DataError, load_document
from game.data.paths import catalogue_path
from game.rulesets.kharn_ages import casting as CA
from game.rulesets.kharn_ages import schema, setup
from game.rulesets.kharn_ages.cards import fighter

from .flow_helpers import act, engine, figure, game, kinds

MAGE = dict(chars={"I": 5}, level=2, mastery=(), skills={"magicien": None}, pa=5,
            spells=("trait_arcanique", "main_guerisseuse", "voile_de_lenteur", "egide", "froid_des_tombes",
                    "saignee", "poudre_d_os", "puissance_du_culte"),
            path="osteomancie", faction="fang")


def foe(fid: str, x: float, y: float = 5, **kw):
    return figure(fid, 2, x, y, chars={"I": 3}, mastery=(), **kw)


def opened(*figs, faces=()):
    st = game(figure("m", 1, 5, 5, **MAGE), *figs)
    eng = engine(st, *faces)
    act(eng, "activate", "m")
    return eng


def notes(events) -> list[str]:
    return [e.key for e in events if isinstance(e, Note)]


def f(eng, fid):
    return fighter(eng.state, eng.state.figures[fid])


# ------------------------------------------------------------------ the cast and the defence
def test_a_standard_cast_the_targets_defence_fails_and_the_damage_lands():
    eng = opened(foe("e", 8), faces=(6, 4, 5))
    c = [c for c in eng.legal_actions() if c.kind == CA.CAST and c.hints["spell"] == "trait_arcanique"][0]
    assert c.targets == ("e",) and "trait_arcanique/1/2" in c.values
    ev = act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/1/2")   # 6 + 10 = 16 < 17
    assert "ka.log.spell.failed" in notes(ev) and not eng.state.pending and f(eng, "m").pa == 3
    eng = opened(foe("e", 8), faces=(6, 4, 5))
    act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/0/2")        # 16 >= 11
    d = eng.state.pending[-1]
    assert d.kind == CA.RESIST and d.options == ["0", "1", "2", "3"] and d.context["total"] == 16
    ev = act(eng, CA.RESIST, "e", value="1")                                   # 5 + 3 = 8 < 16
    assert "ka.log.spell.works" in notes(ev)
    assert eng.state.figures["e"].vitality == eng.state.figures["e"].max_vitality - 2 and f(eng, "e").pa == 3


def test_the_defence_uses_i_only_with_the_incantations_modifier_and_a_tie_holds():
    eng = opened(foe("e", 8), faces=(6, 4, 7))           # quick: 6 + 5 = 11; defence 7 + 3x2 - 2 = 11
    act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/0/1")
    ev = act(eng, CA.RESIST, "e", value="2")
    assert "ka.log.spell.resisted" in notes(ev) and "ka.log.spell.works" not in notes(ev)
    assert eng.state.figures["e"].vitality == eng.state.figures["e"].max_vitality
    dice = [e for e in ev if type(e).__name__ == "DiceRolled"][0]
    assert ("incantation", -2) in [tuple(m) for m in dice.mods]


def test_an_rc_reaches_any_difficulty():
    eng = opened(foe("e", 8), faces=(10, 1, 1))          # RC, its re-roll an EC: 10 + 5 = 15, short of 17
    act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/1/1")
    assert eng.state.pending[-1].kind == CA.RESIST and eng.state.pending[-1].context["total"] == 15


def test_the_casting_roll_offers_the_esoteric_reroll_when_short():
    st = game(figure("m", 1, 5, 5, **{**MAGE, "mastery": (frozenset({"esoteric"}), frozenset({"melee"}))}),
              foe("e", 8))
    eng = engine(st, 2, 3, 9, 4)
    act(eng, "activate", "m")
    act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/0/1")    # 3 + 5 = 8 < 11
    assert kinds(eng) == ["keep", "reroll"]
    act(eng, "reroll", "m", value=0)                                        # 9 kept: 14
    assert eng.state.pending[-1].kind == CA.RESIST and eng.state.pending[-1].context["total"] == 14


def test_a_friend_may_accept_a_stunned_foe_without_pa_cannot_defend():
    eng = opened(figure("a", 1, 6, 5), foe("e", 8), faces=(8, 8))
    act(eng, CA.CAST, "m", targets=("a",), value="egide/0/2")
    assert eng.state.pending[-1].options[0] == CA.ACCEPT
    act(eng, CA.RESIST, "a", value=CA.ACCEPT)
    assert f(eng, "a").char("A") == 4
    st = game(figure("m", 1, 5, 5, **MAGE), foe("e", 8))
    st.figures["e"].status.update({"stunned": True, "pa": 0})
    eng = engine(st, 8, 8)
    act(eng, "activate", "m")
    ev = act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/0/2")
    assert "ka.log.spell.none" in notes(ev) and not eng.state.pending


# ------------------------------------------------------------------ effects
@pytest.mark.parametrize("value,check", [
    ("froid_des_tombes/1/2", lambda s, v: s.get("frost") and v == -3),
    ("saignee/0/2", lambda s, v: s.get("bleeding") == [1] and v == 0),
    ("voile_de_lenteur/1/2", lambda s, v: [e["char"] for e in s["spells"]] == ["V", "A"] and v == 0),
])
def test_each_effect_handler_on_an_undefended_foe(value, check):
    st = game(figure("m", 1, 5, 5, **MAGE), foe("e", 8, pa=0))
    st.figures["e"].status["pa"] = 0
    eng = engine(st, 9, 9, 1)
    act(eng, "activate", "m")
    act(eng, CA.CAST, "m", targets=("e",), value=value)               # 19 + ...: reaches 18 / 13 / 18
    if eng.state.pending:
        act(eng, CA.RESIST, "e", value="0")                            # 1: an EC
    e = eng.state.figures["e"]
    assert check(e.status, e.vitality - e.max_vitality), e.status


def test_heal_state_and_rally_on_friends():
    eng = opened(figure("a", 1, 6, 5), foe("e", 12), faces=(9, 9, 9, 9))
    a = eng.state.figures["a"]
    a.vitality -= 6
    a.status.update({"frightened": True, "temerity": {"e": 1}})
    act(eng, CA.CAST, "m", targets=("a",), value="main_guerisseuse/1/2")     # 19 >= 16: heal 5
    act(eng, CA.RESIST, "a", value=CA.ACCEPT)
    assert a.vitality == a.max_vitality - 1
    act(eng, CA.CAST, "m", targets=("a",), value="puissance_du_culte/1/2")   # 19 >= 18
    ev = act(eng, CA.RESIST, "a", value=CA.ACCEPT)
    assert not a.status.get("frightened") and "temerity" not in a.status
    assert "ka.log.spell.rallied" in notes(ev) and "ka.log.spell.dread" in notes(ev)
    from game.rulesets.kharn_ages.spells import dread, fearless
    assert fearless(f(eng, "a")) and dread(f(eng, "m")) == 13


def test_a_lasting_spell_ends_at_the_casters_next_activation():
    eng = opened(figure("a", 1, 6, 5), foe("e", 12), faces=(9, 9))
    act(eng, CA.CAST, "m", targets=("a",), value="egide/0/2")
    act(eng, CA.RESIST, "a", value=CA.ACCEPT)
    act(eng, "end", "m")
    act(eng, "activate", "e")
    act(eng, "end", "e")
    act(eng, "activate", "a")
    assert f(eng, "a").char("A") == 4                    # still on through its own activation
    act(eng, "end", "a")
    if "e" in {c.actor for c in eng.legal_actions()}:    # turn 2 may open with the other side
        act(eng, "activate", "e")
        act(eng, "end", "e")
    assert eng.state.turn == 2 and f(eng, "a").char("A") == 4
    ev = act(eng, "activate", "m")                        # the caster acts again
    assert f(eng, "a").char("A") == 3 and "ka.log.spell.ended" in notes(ev)


def test_the_cadence_counts_tries_per_turn():
    eng = opened(foe("e", 8), faces=(1, 1, 1, 1))
    act(eng, CA.CAST, "m", targets=("e",), value="voile_de_lenteur/0/1")     # an EC: a try all the same
    spells = {c.hints["spell"] for c in eng.legal_actions() if c.kind == CA.CAST}
    assert "voile_de_lenteur" not in spells and "trait_arcanique" in spells
    act(eng, CA.CAST, "m", targets=("e",), value="trait_arcanique/0/1")
    assert CA.casts_this_turn(eng.state, "m", "trait_arcanique") == 1
    assert "trait_arcanique" in {c.hints["spell"] for c in eng.legal_actions() if c.kind == CA.CAST}


def test_an_area_touches_the_foes_in_it_each_answering_and_spares_friends():
    eng = opened(figure("a", 1, 8, 6), foe("e", 8), foe("g", 9), foe("far", 12), faces=(9, 9, 2, 2))
    c = [c for c in eng.legal_actions() if c.kind == CA.CAST and c.hints["spell"] == "poudre_d_os"][0]
    assert {"a", "e", "g", "m"} <= set(c.targets) and "far" not in c.targets       # aura 5 toises
    act(eng, CA.CAST, "m", targets=("e",), value="poudre_d_os/0/2")               # 19 >= 14
    assert eng.state.pending[-1].figure == "e"
    act(eng, CA.RESIST, "e", value="0")
    assert eng.state.pending[-1].figure == "g"
    act(eng, CA.RESIST, "g", value="0")
    s = eng.state.figures
    assert s["e"].status.get("stunned") and s["g"].status.get("stunned") and not s["a"].status.get("stunned")


def test_immune_targets_are_not_offered_and_receptive_ones_take_the_spell():
    eng = opened(foe("i", 8, skills={"immunite": "osteomancie"}),
                 foe("r", 7, y=7, skills={"receptif": "osteomancie"}), faces=(9, 9))
    offered = {c.hints["spell"]: c.targets for c in eng.legal_actions() if c.kind == CA.CAST}
    assert "i" not in offered["froid_des_tombes"] and "i" in offered["trait_arcanique"]
    ev = act(eng, CA.CAST, "m", targets=("r",), value="froid_des_tombes/0/2")
    assert not eng.state.pending and "ka.log.spell.works" in notes(ev)


def test_the_faction_bonus_counts_from_the_table():
    st = game(figure("m", 1, 5, 5, **{**MAGE, "faction": "kharn", "path": "sang_et_acier"}),
              foe("e", 8), foe("far", 14))
    st.figures["e"].vitality -= 1
    st.figures["far"].vitality -= 1
    assert CA.faction_bonus_now(st, fighter(st, st.figures["m"])) == 1       # one wounded foe in the aura
    st2 = game(figure("m", 1, 5, 5, **{**MAGE, "faction": "tembo"}), figure("a", 1, 3, 3), foe("e", 8))
    assert CA.faction_bonus_now(st2, fighter(st2, st2.figures["m"])) == 2


# ------------------------------------------------------------------ data
def test_the_catalogue_spells_and_magicians():
    cat = schema.catalogue()
    assert cat.spells["puissance_du_culte"].effects[1].difficulty == 18
    paths = {fac.path for fac in cat.factions.values() if fac.path}
    assert paths == {"sang_et_acier", "osteomancie", "shamanisme", "sacrifice", "adansonia"}
    for p in paths:
        assert 3 <= sum(1 for s in cat.spells.values() if s.path == p) <= 5
    for fac in cat.factions.values():
        for pid, p in fac.profiles.items():
            if "magicien" in p.skills:
                card = setup.card(cat, pid)
                assert card["spells"] and card["path"] == fac.path
                assert sum(cat.spells[s].pages for s in p.grimoire) <= 5


def test_a_bad_spell_names_the_file_line_column(tmp_path):
    text = catalogue_path("kharn_ages").read_text(encoding="utf-8")
    bad = text.replace("    path: osteomancie\n    pages: 2\n", "    path: necromancie\n    pages: 2\n", 1)
    bad = bad.replace("grimoire: [puissance_du_culte, lame_consacree, saignee]",
                      "grimoire: [puissance_du_culte, lame_consacree, saignee, os_brise]")
    path = tmp_path / "catalogue_bad.yaml"
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_document(path, expected_kind="catalogue", expected_ruleset="kharn_ages")
    lines = err.value.messages
    assert any("spells.poudre_d_os.path" in m and "necromancie" in m for m in lines), lines
    assert any("mage_du_culte.grimoire[3]" in m and "os_brise" in m for m in lines), lines
    assert all(m.split(":")[1].isdigit() and m.split(":")[2].isdigit() for m in lines), lines


def test_the_cast_template_lists_only_what_can_be_paid():
    st = game(figure("m", 1, 5, 5, **MAGE), foe("e", 8))
    eng = engine(st)
    act(eng, "activate", "m")
    eng.state.figures["m"].status["pa"] = 2
    c = [c for c in eng.legal_actions() if c.kind == CA.CAST][0]
    assert {v.rsplit("/", 1)[1] for v in c.values} == {"1", "2"}
