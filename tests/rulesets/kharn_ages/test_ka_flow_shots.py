"""Shots and throws through the engine with scripted dice (K-R48, K-R49, K-R50, K-R66,
K-R67): the book's 5 x 2 - 3 example, the standard shot's forced lower characteristic and a
defence that deals nothing, the crossbow's hard limit, cadence and reload, an engaged
shooter, the shooting EC range and its re-roll prompt, the A effect's free flash shot, a
stone thrown at a figure and one that deviates."""
from __future__ import annotations

from game.core.events import CombatResolved, DiceRolled
from game.rulesets.kharn_ages.shooting import RangedWeapon

from .flow_helpers import act, choice, engine, figure, game, kinds

BOOK = RangedWeapon("book", damage=5, short=3, long=6)
CROSSBOW = RangedWeapon("arbalete", damage=5, short=3, long=7, limit=True, short_bonus=2, cadence=1, reload=1)
SLING = RangedWeapon("fronde", damage=3, short=2, long=5, ammo=2)
SHOOTER = {"chars": {"V": 3, "A": 4}, "mastery": ()}


def at(gap: float) -> float:
    """The x of a 40 mm base ``gap`` toises (edge to edge) right of one at x = 2."""
    return 2 + 1 + gap


def rolls(events) -> list[tuple[str, tuple[int, ...], int]]:
    return [(e.rule, e.faces, e.result) for e in events if isinstance(e, DiceRolled)]


def test_the_books_long_range_rc_shot_deals_five_doubled_less_three():
    st = game(figure("s", 1, 2, 5, ranged=BOOK, **SHOOTER), figure("t", 2, at(8), 5, pa=0, pv=20, mastery=()))
    eng = engine(st, 10, 4, 3)          # RC then 4: 10 + 4 + A4 + A4 = 22; reflex 3
    act(eng, "activate", "s")
    c = choice(eng, "shoot")
    assert c.targets == ("t",) and "basic/AA/weapon/" in c.values and "precise/VVA/V/AV" in c.values
    events = act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/")
    assert [r[0] for r in rolls(events)] == ["shot", "shot.rc", "defence"]
    assert st.figures["t"].vitality == 20 - 7         # (5 x 2) - 3: base 2, critical 5
    assert st.figures["s"].status["pa"] == 2
    assert "ammo_spent" not in st.figures["s"].status     # the book's weapon has no stock
    lines = [eng.ruleset.describe(e, st, "fr") for e in events]
    assert any("longue portée" in x and "-3 dégâts" in x for x in lines), lines
    assert any("coup critique, dégâts doublés" in x and "2 de base et 5 de critique" in x and "en subit 7" in x
               for x in lines), lines


def test_the_standard_shot_forces_the_lower_of_a_and_v_and_the_defence_deals_nothing():
    st = game(figure("s", 1, 2, 5, ranged=BOOK, **SHOOTER),
              figure("t", 2, at(4), 5, chars={"V": 3, "A": 5, "P": 4}, pa=4, pv=20, mastery=()))
    eng = engine(st, 6, 9)              # 6 + A4 + V3 = 13; defence 9 + V3 = 12: hit
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="standard/AV/weapon/")
    [c] = eng.legal_actions()
    assert c.kind == "defend" and c.hints["total"] == 13
    assert "V/-//" in c.values and "A/-//" not in c.values       # V 3 < A 5 must be committed
    assert not any(v.split("/")[2] or v.split("/")[3] for v in c.values if v != "none")  # no riposte
    act(eng, "defend", "t", value="V/-//")
    assert st.figures["t"].vitality == 20 - 5         # effective range: the weapon's 5
    assert st.figures["t"].status["pa"] == 3


def test_the_crossbow_cannot_shoot_past_seven_and_reloads_its_cadence():
    st = game(figure("s", 1, 2, 5, ranged=CROSSBOW, **SHOOTER), figure("far", 2, 2, 5 + 1 + 7.2),
              figure("near", 2, at(2), 5, pa=0, pv=20, mastery=()))
    eng = engine(st, 7, 1)              # 7 + 8 = 15 against a reflex 1: an EC, the shot lands
    act(eng, "activate", "s")
    assert choice(eng, "shoot").targets == ("near",)   # "3 / 7 / -": nothing past 7 toises
    act(eng, "shoot", "s", targets=("near",), value="basic/AA/weapon/")
    assert st.figures["near"].vitality == 20 - (5 + 2)       # short range: the crossbow's +2
    assert "shoot" not in kinds(eng) and "reload" in kinds(eng)   # its one cadence box ticked
    act(eng, "reload", "s")
    assert st.figures["s"].status["pa"] == 1 and st.figures["s"].status["cadence"]["arbalete"] == 0
    assert "shoot" in kinds(eng)


def test_a_sling_runs_out_of_stones_and_an_engaged_shooter_cannot_shoot():
    st = game(figure("s", 1, 2, 5, ranged=SLING, pa=6, **SHOOTER), figure("t", 2, at(3), 5, pa=0, pv=30, mastery=()))
    eng = engine(st, 5, 5, 5, 5)
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="flash/A/weapon/")
    act(eng, "shoot", "s", targets=("t",), value="flash/A/weapon/")
    assert st.figures["s"].status["ammo_spent"]["fronde"] == 2 and "shoot" not in kinds(eng)
    st2 = game(figure("s", 1, 2, 5, ranged=SLING, **SHOOTER), figure("foe", 2, 3.05, 5), figure("t", 2, at(3), 8))
    eng2 = engine(st2)
    act(eng2, "activate", "s")
    assert "shoot" not in kinds(eng2) and "attack" in kinds(eng2)


def test_a_shooters_ec_range_is_one_to_two_and_it_may_spend_a_shooting_mastery_die():
    card = {"chars": {"V": 3, "A": 4}, "mastery": (frozenset({"shooting"}),)}
    st = game(figure("s", 1, 2, 5, ranged=BOOK, **card), figure("t", 2, at(4), 5, pa=0, pv=20, mastery=()))
    eng = engine(st, 2, 2)              # a 2: EC for a shooter; re-rolled: 2 again
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="moving/VV/weapon/")
    [keep, reroll] = sorted(eng.legal_actions(), key=lambda c: c.kind)
    assert reroll.kind == "reroll" and keep.kind == "keep"
    events = act(eng, "reroll", "s", value=0)
    [res] = [e for e in events if isinstance(e, CombatResolved)]
    assert res.winner == "defence" and st.figures["t"].vitality == 20
    assert st.figures["s"].status["mastery_used"] == [0]


def test_the_a_effect_gives_a_free_flash_shot_the_target_defends_with_two_at_most():
    st = game(figure("s", 1, 2, 5, ranged=BOOK, **SHOOTER), figure("t", 2, at(4), 5, pa=0, pv=30, mastery=()))
    eng = engine(st, 8, 1, 7, 1)        # 8 + 8 = 16 v reflex 1 (an EC); the flash: 7 + 4 v 1
    act(eng, "activate", "s")
    act(eng, "shoot", "s", targets=("t",), value="basic/AA/weapon/A")
    assert st.figures["t"].vitality == 30 - 5
    c = choice(eng, "free_shot")
    assert c.targets == ("t",) and all(v.startswith("flash/") for v in c.values)
    act(eng, "free_shot", "s", targets=("t",), value="flash/A/weapon/")
    assert st.figures["t"].vitality == 30 - 5 - 3     # 5 halved, rounded up
    assert st.figures["s"].status["pa"] == 2           # the free shot paid nothing


def test_a_stone_thrown_at_a_figure_hits_on_the_threshold_and_a_miss_deviates():
    thrower = {"chars": {"C": 3, "A": 4}, "mastery": (), "stature": 3}
    st = game(figure("s", 1, 2, 5, **thrower), figure("t", 2, at(2), 5, pv=20))
    eng = engine(st, 5, 8, 3)            # 5 + 7 = 12 >= 12: hit (stone 3 damage); then 8 + 7 v 12
    act(eng, "activate", "s")
    c = choice(eng, "throw")
    assert c.targets == ("t",) and set(c.values) == {"stone", "small_object"}
    act(eng, "throw", "s", targets=("t",), value="stone")
    assert st.figures["t"].vitality == 20 - 3 and st.figures["t"].status["bleeding_once"] == [1]
    assert "throw" not in kinds(eng)                   # one throw an activation (K-R67)
    st2 = game(figure("s", 1, 2, 5, **thrower), figure("t", 2, at(4.5), 5, pv=20))
    eng2 = engine(st2, 8, 3, 6)          # 4.5 toises at stature 3: + 2 x 2 = 16; 8 + 7 misses
    act(eng2, "activate", "s")
    events = act(eng2, "throw", "s", targets=("t",), value="stone")
    assert [r[0] for r in rolls(events)] == ["throw", "throw.deviation", "throw.heading"]
    lines = [eng2.ruleset.describe(e, st2, "fr") for e in events]
    assert any("2 toises" in x and "180°" in x for x in lines), lines  # 5 - 3 toises, the 6th heading
    assert st2.figures["t"].vitality == 20
