"""Rules brought back to the book: spell raises without a cap (only what the spell can still
change) and area raises counted on the diameter; inspiration without a cap; thrown and
shot weapons never strike in melee; no run under a movement penalty; the field of vision
takes any part of a base; the deployment test's automatic failure; the stunning special's
doubled wounds."""
from __future__ import annotations

import pytest

from game.core.dice import ScriptedDice
from game.core.engine import Engine
from game.core.events import DiceRolled
from game.rulesets.mortebrume import combat, flow, sight, spells, stats

from .sandbox import act, fig, notes, rect, sandbox, step

SPARES = [fig(1, "farfadet", 5, 70, 0.0, name="P"), fig(2, "farfadet", 70, 70, 180.0, name="Q")]


def _cast_values(eng, caster: str) -> list[tuple[int, int]]:
    (cast,) = [c for c in eng.legal_actions() if c.kind == "cast" and c.actor == caster]
    return [spells.decode(v)[1:] for v in cast.values]


# --------------------------------------------------------------------------- raises


def test_the_power_raise_goes_as_far_as_the_strongest_resistance():
    """A necromant's soul eater (power 8) on the dwarf lord (Volonté 12) needs +5: offered,
    and nothing beyond the raise that beats the strongest resistance on the table."""
    eng = sandbox([fig(1, "thanigiste_necromant", 10, 30, 0.0, name="N"),
                   fig(2, "gwahir", 20, 30, 180.0, name="G")] + SPARES, dice=[9])
    step(eng, act("activate", "N"))
    values = _cast_values(eng, "N")
    assert max(r for r, _ in values) == 12 - 8 + 1
    assert eng.check(act("cast", "N", "G", value=spells.encode("devoreur", 4, 0))).code \
        == "mb.refused.resistance"
    step(eng, act("cast", "N", "G", value=spells.encode("devoreur", 5, 0)))
    ev = step(eng, act("react", "G", value="take"))
    assert notes(ev, "mb.note.cast_roll")[0].args["difficulty"] == pytest.approx(7.5 / 2 + 5,
                                                                                abs=0.06)
    assert eng.state.figures["G"].status["will"] == 10


def test_no_raise_beyond_what_a_roll_can_meet():
    """The mistcaller (casting 10: 2D6, allonge 2) cannot meet a difficulty above 10 + 2 +
    12 = 24, even on itself: raises stop there, area and power together."""
    eng = sandbox([fig(1, "shimeien_brumiste", 10, 30, 0.0, name="B"),
                   fig(2, "troll_des_tourbes", 30, 30, 180.0, name="T")] + SPARES)
    step(eng, act("activate", "B"))
    values = _cast_values(eng, "B")
    assert max(r + a for r, a in values) == 24
    assert (0, 24) in values and (16 - 6 + 1, 0) in values
    assert max(r for r, _ in values) == 16 - 6 + 1          # the troll's physique 16


def test_inspiration_raises_the_roll_and_so_the_raises_it_can_meet():
    eng = sandbox([fig(1, "shimeien_brumiste", 10, 30, 0.0, name="B"),
                   fig(2, "farfadet", 20, 30, 180.0, name="T")] + SPARES, destiny=(5, 0))
    step(eng, act("activate", "B"))
    insp = [c for c in eng.legal_actions() if c.kind == "inspire"]
    assert insp and insp[0].values == (1, 2, 3, 4, 5)       # no cap at 3
    step(eng, act("inspire", "B", value=5))
    assert max(r + a for r, a in _cast_values(eng, "B")) == 10 + 2 + 12 * 6


def test_an_area_raise_adds_to_the_diameter():
    """The freezing mist (radius 2 cm) on a sprite: a second sprite 2.8 cm from its base is
    caught with a raise of 2 cm (radius 3), not with a raise of 1 (radius 2.5)."""
    caught = {}
    for area in (1, 2):
        eng = sandbox([fig(1, "shimeien_brumiste", 10, 30, 0.0, name="B"),
                       fig(2, "farfadet", 20, 30, 180.0, name="T"),
                       fig(2, "farfadet", 20, 30 + 2.0 + 2.8, 180.0, name="N")] + SPARES,
                      dice=[4, 5])
        step(eng, act("activate", "B"))
        step(eng, act("cast", "B", "T", value=spells.encode("brume_glacee", 0, area)))
        step(eng, act("react", "T", value="take"))
        st = eng.state.figures
        assert st["T"].status.get("hindered")
        caught[area] = bool(st["N"].status.get("hindered"))
    assert caught == {1: False, 2: True}


# --------------------------------------------------------------------------- weapons


def test_thrown_weapons_do_not_strike_in_melee():
    eng = sandbox([fig(1, "thanigiste_veteran", 30, 30, 0.0, name="A"),
                   fig(2, "meleien_recrue", 33.0, 30, 180.0, name="D")] + SPARES)
    step(eng, act("activate", "A"))
    (strike,) = [c for c in eng.legal_actions() if c.kind == "strike"]
    assert strike.values == ("fleau",)
    assert eng.check(act("strike", "A", "D", value="javelot")) is not None
    thrower = sandbox([fig(1, "korrigan_lanceur", 30, 30, 0.0, name="A"),
                       fig(2, "meleien_recrue", 33.0, 30, 180.0, name="D")] + SPARES)
    assert stats.melee_weapons(thrower.state.figures["A"]) == [("dague", 5)]


def test_a_javelin_thrower_cannot_riposte_with_its_javelin():
    eng = sandbox([fig(1, "meleien_recrue", 30, 30, 0.0, name="A"),
                   fig(2, "korrigan_lanceur", 32.75, 30, 180.0, name="D")] + SPARES,
                  dice=[2, 3])
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="epee"))
    ev = step(eng, act("react", "D", value="riposte"))
    (r,) = [e for e in ev if isinstance(e, DiceRolled) and e.rule == "riposte"]
    assert dict(r.mods)["aptitude"] == 5                    # its dagger, not the javelin
    assert eng.state.figures["D"].status["weapon"] == "dague"


# --------------------------------------------------------------------------- run


def _runner(terrain, at=(10, 10), **status):
    return sandbox([fig(1, "meleien_recrue", *at, 0.0, name="A", **status)] + SPARES,
                   terrain=terrain)


@pytest.mark.parametrize("strict", [True, False])
def test_no_run_through_difficult_ground(strict):
    wood = rect("w", "foret", 20, 5, 4, 10)
    eng = _runner([wood])
    eng.state.extras["strict"] = strict
    step(eng, act("activate", "A"))
    why = eng.check(act("run", "A", path=[(26, 10)]))      # 16 cm, 4 of them in the wood
    assert why is not None and why.code == "mb.refused.run_penalty"
    step(eng, act("run", "A", path=[(18, 25)]))             # around the wood: a run
    assert eng.state.activation is None


def test_no_run_from_inside_a_forest():
    eng = _runner([rect("w", "foret", 5, 5, 10, 10)])
    step(eng, act("activate", "A"))
    kinds = {c.kind for c in eng.legal_actions()}
    assert "run" not in kinds and "move" in kinds


def test_no_run_up_a_slope_but_down_it():
    slope = rect("s", "pente", 20, 0, 10, 30)
    eng = _runner([slope])
    eng.state.extras["uphill"] = {"s": 0.0}                  # climbing towards +x
    step(eng, act("activate", "A"))
    assert eng.check(act("run", "A", path=[(28, 10)])).code == "mb.refused.run_penalty"
    down = _runner([slope], at=(28, 10))
    down.state.figures["A"].facing = 180.0
    down.state.extras["uphill"] = {"s": 0.0}
    step(down, act("activate", "A"))
    assert down.check(act("run", "A", path=[(12, 10)])) is None


def test_no_run_over_a_fallen_fighter():
    eng = _runner([])
    body = fig(2, "meleien_recrue", 16, 10, 0.0, name="X")
    eng = sandbox([fig(1, "meleien_recrue", 10, 10, 0.0, name="A"), body] + SPARES)
    x = eng.state.figures["X"]
    x.out, x.vitality = True, 0
    step(eng, act("activate", "A"))
    assert eng.check(act("run", "A", path=[(26, 10)])).code == "mb.refused.run_penalty"


def test_a_wounded_fighter_still_runs():
    eng = _runner([], hurt=True)
    step(eng, act("activate", "A"))
    assert any(c.kind == "run" for c in eng.legal_actions())
    assert eng.check(act("run", "A", path=[(18, 10)])) is None


# --------------------------------------------------------------------------- field of vision


def test_any_part_of_the_base_in_the_front_half_is_in_the_field_of_vision():
    """The viewer faces +x from (30, 30); the enemy's centre is 0.5 cm behind that line but
    its 2.5 cm base reaches 0.75 cm in front of it."""
    eng = sandbox([fig(1, "meleien_recrue", 30, 30, 0.0, name="V"),
                   fig(2, "meleien_recrue", 29.5, 40, 0.0, name="E"),
                   fig(2, "meleien_recrue", 27.5, 40, 0.0, name="H")])
    st = eng.state
    table = eng.ruleset.table_for(st)
    v, e, h = st.figures["V"], st.figures["E"], st.figures["H"]
    assert sight.sees(st, table, v, e) and not sight.sees(st, table, v, h)
    assert stats.in_field(v, e) and not stats.in_field(v, h)


def test_an_attacker_partly_in_the_field_of_vision_does_not_strike_from_behind():
    eng = sandbox([fig(1, "meleien_recrue", 29.5, 33, 270.0, name="A"),
                   fig(2, "meleien_recrue", 30, 30, 0.0, name="D")] + SPARES)
    st = eng.state
    a, d = st.figures["A"], st.figures["D"]
    assert not stats.from_behind(a, d)
    assert "riposte" in combat.melee_reactions(st, a, d)
    a.x = 265.0                                       # now wholly behind D's front line
    assert stats.from_behind(a, d) and combat.melee_reactions(st, a, d) == ["dodge"]


def test_a_shooter_partly_in_the_field_of_vision_is_seen_for_the_dodge():
    eng = sandbox([fig(1, "meleien_archer", 29.5, 44, 270.0, name="A"),
                   fig(2, "farfadet", 30, 30, 0.0, name="D")] + SPARES, dice=[5, 5])
    step(eng, act("activate", "A"))
    step(eng, act("shoot", "A", "D", value="arc"))
    ev = step(eng, act("react", "D", value="dodge"))
    (r,) = [e for e in ev if isinstance(e, DiceRolled) and e.rule == "dodge"]
    assert ("distance", 1) in r.mods


# --------------------------------------------------------------------------- deployment


ROSTERS = {"1": ["gwahir", "abelberien_recrue"], "2": ["meleien_seigneur", "meleien_recrue"]}


@pytest.mark.parametrize("dice, winner", [
    ([1, 1, 2], 2),              # Gwahir's 2D6 all ones (total 14) loses to 5 + 2
    ([1, 1, 1, 3, 4, 2], 1),     # both fail automatically: rolled again, 19 against 7
    ([3, 4, 2], 1)])
def test_the_deployment_test_treats_an_automatic_failure_as_a_failure(dice, winner):
    eng = Engine.new("mortebrume", "dernier_debout", 1,
                     {"deployment": "choose", "designation": "choose", "rosters": ROSTERS},
                     dice=ScriptedDice(dice))
    step(eng, act("designate", None, "1.gwahir"))
    step(eng, act("designate", None, "2.meleien_recrue"))
    d = eng.state.pending[-1]
    assert (d.kind, d.side) == ("deploy_order", winner)


def test_the_automatic_deployment_test_uses_the_same_law():
    assert flow.volonte_winner((14, True), (7, False)) == 2
    assert flow.volonte_winner((7, False), (14, True)) == 1
    assert flow.volonte_winner((3, True), (2, True)) is None
    assert flow.volonte_winner((9, False), (9, False)) is None
    assert flow.volonte_winner((10, False), (9, False)) == 1


# --------------------------------------------------------------------------- specials


def test_a_stunning_special_doubles_the_wounds_after_armour_then_adds_the_extra_one():
    """A mace special (3 damage) on an unarmoured fighter: 3 wounds doubled to 6, plus one
    for having no armour left: 7."""
    eng = sandbox([fig(1, "abelberien_recrue", 30, 30, 0.0, name="A"),
                   fig(2, "farfadet", 32.5, 30, 180.0, name="D")] + SPARES, dice=[8])
    eng.state.figures["D"].vitality = eng.state.figures["D"].max_vitality = 20
    step(eng, act("activate", "A"))
    step(eng, act("strike", "A", "D", value="masse"))
    ev = step(eng, act("react", "D", value="take"))
    assert notes(ev, "mb.note.damage")[0].args["wounds"] == 3 * 2 + 1
    assert eng.state.figures["D"].vitality == 20 - 7 and eng.state.figures["D"].status["stunned"]


def test_the_sides_deploy_farther_apart_than_any_mist():
    """The zones of two sides lie farther apart than the widest visibility, so the enemy
    limit of the deployment never refuses a spot because of a hidden enemy."""
    from shapely.geometry import box

    from game.rulesets._shared import bundled

    widest = max(cm for _, cm in stats.MIST_TABLE)
    for sid in bundled.scenario_ids("mortebrume"):
        sc = bundled.load_scenario("mortebrume", sid)
        zones = [[box(x, y, x + w, y + h) for x, y, w, h in role.zones] for role in sc.roles]
        gap = min(a.distance(b) for a in zones[0] for b in zones[1])
        assert gap > widest, (sid, gap)
