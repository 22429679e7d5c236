"""The Khârn-Ages AI's threat estimate counts what an enemy can really do at its next
activation: the PA its walk within reach costs (none over an assault's free walk, one for a
walk then an assault, two or three for a third move, nothing past that), the mastery dice and
Maître its activation gives back (a brute whose dice are crossed out now is no weaker
when it strikes)."""
from __future__ import annotations

from game.ai.kharn_ages import threat
from game.rulesets.kharn_ages import codes
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.fighter import TOISE
from tests.ai import kharn_ages_positions as positions
from tests.ai.kharn_ages_positions import BRUTE, FIGHTER, _opened, rate
from tests.rulesets.kharn_ages.flow_helpers import figure, game


def _facing(gap: float, level: int = 2, done: bool = False):
    """Our fighter (4 PA) and a brute (V 5, 6 PA) ``gap`` toises off, edge to edge."""
    st = game(figure("me", 1, 7, 1, chars=FIGHTER, pa=4, mastery=(), cost=50),
              figure("brute", 2, 7, 2 + gap, chars=BRUTE, level=level, pa=6, cost=80),
              figure("other", 1, 1, 1, chars=FIGHTER, cost=50), first=1, turns=6)
    eng = _opened(st, done=("brute",) if done else ())
    return eng.state, fighter(eng.state, eng.state.figures["me"]), fighter(eng.state, eng.state.figures["brute"])


def test_the_pa_a_walk_within_reach_costs_the_enemy():
    _, _, brute = _facing(3)
    reach = brute.reach                              # 1 toise; V 5
    costs = [threat.move_pa(brute, g * TOISE) for g in (0.5, reach + 5, reach + 5.5, reach + 10, reach + 10.5,
                                                        reach + 15, reach + 15.5)]
    assert costs == [0, 0, 1, 1, 3, 3, None]         # no Endurance: a third move costs 2 PA


def test_a_brute_two_walks_off_keeps_fewer_pa_for_its_blows():
    for gap, left in ((3, 6), (8, 5), (13, 3)):
        st, me, _ = _facing(gap)
        assert [(e.id, pa) for e, _, pa in threat.strikers(st, me)] == [("brute", left)]
    near, me_near, _ = _facing(3)
    far, me_far, _ = _facing(13)
    assert threat.exposure(far, me_far, 0) < threat.exposure(near, me_near, 0)


def test_the_dice_an_enemy_crossed_out_come_back_at_its_activation():
    st, me, brute = _facing(3)
    fresh = threat.exposure(st, me, 2)
    brute.status["mastery_used"] = [0, 1]            # two dice crossed out: one die left now
    brute.status["maitre_used"] = True
    assert threat.exposure(st, me, 2) == fresh
    assert brute.status["mastery_used"] == [0, 1] and brute.status["maitre_used"] is True
    # what the brute rolls now, crossed-out dice and all, is a weaker blow
    b = threat.strong_builds(brute, 3)[0]
    brute.status["pa"] = 6
    me.status["pa"] = 2
    now = threat.attack_value(brute, me, b)[0]
    brute.status["mastery_used"] = []
    assert now < threat.attack_value(brute, me, b)[0]


def test_it_keeps_its_pa_against_a_brute_whose_dice_come_back():
    """Before, the brute's crossed-out dice made it look weak: two PA went on the foe's plate."""
    def right(eng, a):
        return a.kind not in ("attack", "assault") or codes.attack_build(a.value).pa < 2
    assert rate(positions.spent_brute, right, seeds=positions.QUICK_SEEDS) >= 0.9


def test_a_blow_is_valued_for_the_figures_as_they_are_now():
    """A spell, poison or armour laid down changes a blow's odds: the remembered value of the
    same blow on the same figures bare is not reused (it used to be, which also made a game's
    decisions depend on the games played before it in the same process)."""
    st, me, brute = _facing(3)
    b = threat.strong_builds(brute, 3)[0]
    me.status["pa"] = 2
    bare = threat.attack_value(brute, me, b)
    me.status["spells"] = [{"char": "A", "delta": 2}]        # a defence spell on our fighter
    shielded = threat.attack_value(brute, me, b)
    assert shielded[0] < bare[0]
    assert shielded == threat._estimate(brute, me, b, False, 0)
    me.status.pop("spells")
    brute.status["poison"] = 2                                # the brute weakened by poison
    assert threat.attack_value(brute, me, b)[0] < bare[0]
    brute.status.pop("poison")
    assert threat.attack_value(brute, me, b) == bare
