"""Spells and fallen (out of combat) fighters: halved resistance, the kill, who may be aimed at."""
from __future__ import annotations

from .sandbox import act, fig, notes, rolls, sandbox, step


def duel(caster, target, gap_cm, dice, *, extra=()):
    """Caster A facing a target D ``gap_cm`` away (edge to edge); a far enemy keeps side 2
    in the game when D falls."""
    figs = [fig(1, caster, 10, 30, 0.0, name="A"),
            fig(2, target, 10 + 2.5 + gap_cm, 30, 180.0, name="D"),
            fig(2, "farfadet", 70, 70, 180.0, name="F")]
    return sandbox(figs + list(extra), dice=dice, mist=35)


def fall(eng, fid):
    f = eng.state.figures[fid]
    f.out, f.vitality = True, 0
    return f


def cast_targets(eng):
    return {t for c in eng.legal_actions() if c.kind == "cast" for t in c.targets}


def test_a_harmful_spell_on_a_fallen_enemy_kills_it_without_reaction():
    eng = duel("meleien_pyromancien", "thanigiste_recrue", 7.5, [5])
    d = fall(eng, "D")
    step(eng, act("activate", "A"))
    assert "D" in cast_targets(eng)
    ev = step(eng, act("cast", "A", "D", value="trait_de_feu+0+0"))
    assert not eng.state.pending  # a fallen fighter cannot dodge
    # 9 + 5 + allonge 2 = 16 against half of 7.5 cm
    assert notes(ev, "mb.note.cast_roll")[0].args["difficulty"] == 3.8
    assert d.status.get("dead") and not d.status.get("soul_destroyed")


def test_a_failed_cast_leaves_the_fallen_fighter_alive():
    eng = duel("meleien_pyromancien", "thanigiste_recrue", 30.0, [2])  # 13 < 15.0
    eng.state.extras["mist_cm"] = 35
    d = fall(eng, "D")
    step(eng, act("activate", "A"))
    ev = step(eng, act("cast", "A", "D", value="trait_de_feu+0+0"))
    assert notes(ev, "mb.note.spell_failed") and not d.status.get("dead")


def test_the_resistance_of_a_fallen_fighter_is_halved():
    eng = duel("thanigiste_necromant", "meleien_seigneur", 5.0, [4])  # will 10
    step(eng, act("activate", "A"))
    why = eng.check(act("cast", "A", "D", value="devoreur+0+0"))  # 8 against 10: refused
    assert why is not None and why.code == "mb.refused.resistance"
    eng = duel("thanigiste_necromant", "meleien_seigneur", 5.0, [4])
    d = fall(eng, "D")
    step(eng, act("activate", "A"))
    assert eng.check(act("cast", "A", "D", value="devoreur+0+0")) is None  # 8 against 5
    step(eng, act("cast", "A", "D", value="devoreur+0+0"))
    assert d.status.get("dead") and d.status["will"] == 8 and not d.status.get("soul_destroyed")


def test_a_drain_to_zero_on_a_fallen_fighter_destroys_its_soul():
    eng = duel("thanigiste_necromant", "meleien_recrue", 5.0, [4])
    d = fall(eng, "D")
    d.status["will"] = 2
    step(eng, act("activate", "A"))
    step(eng, act("cast", "A", "D", value="devoreur+0+0"))
    assert d.status.get("soul_destroyed") and d.status.get("dead")


def test_spells_without_harm_are_not_aimed_at_fallen_enemies():
    eng = duel("shimeien_seigneur", "meleien_recrue", 5.0, [])  # chilling chant (stun)
    fall(eng, "D")
    step(eng, act("activate", "A"))
    assert "D" not in cast_targets(eng)


def test_a_fallen_companion_cannot_be_helped_by_a_spell():
    eng = sandbox([fig(1, "dryade", 10, 30, 0.0, name="A"),
                   fig(1, "meleien_recrue", 15, 30, 0.0, name="C"),
                   fig(1, "meleien_recrue", 10, 35, 0.0, name="B"),
                   fig(2, "farfadet", 70, 70, 180.0, name="F")])
    fall(eng, "C")
    eng.state.figures["B"].vitality = 3
    step(eng, act("activate", "A"))
    assert cast_targets(eng) == {"A", "B"}
    assert all("C" not in c.targets for c in eng.legal_actions() if c.kind == "heal")


def test_a_harmful_area_spell_kills_the_fallen_in_its_area():
    from game.core.context import RuleContext
    from game.rulesets.mortebrume import spells, stats
    from game.rulesets.mortebrume.ruleset import RULESET

    # no bundled harmful spell has an area: an area fire dart, for this test only
    cat = stats.catalogue()
    cat.spells["feu_zone"] = stats.spell("trait_de_feu").model_copy(update={"area": 2})
    try:
        eng = duel("meleien_pyromancien", "thanigiste_recrue", 7.5, [5],
                   extra=[fig(2, "thanigiste_recrue", 20, 34, 180.0, name="N"),
                          fig(2, "thanigiste_recrue", 20, 45, 180.0, name="M")])
        n, m = fall(eng, "N"), fall(eng, "M")
        state = eng.state
        ctx = RuleContext(state, eng.dice, RULESET.table_for)
        data = {"type": "spell", "attacker": "A", "spell": "feu_zone", "raise": 0, "area": 0,
                "dist": 75.0, "seen": True}
        spells.resolve(state, ctx, data, "take", state.figures["D"], None)
        assert rolls(ctx.events, "cast")[0].result == 9 + 5 + 2
        assert n.status.get("dead") and not m.status.get("dead")  # M lies outside the 2 cm
        assert state.figures["D"].vitality == 6 - 3  # the spell's 3 wounds
    finally:
        del cat.spells["feu_zone"]
