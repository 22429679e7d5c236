"""The alternated system's Initiative roll (the book's example; ties rolled again, B-R9),
the action-type rule (B-R10, B-R18), moves, and morale (B-R8)."""
from __future__ import annotations

from game.rulesets.bonus_malus import activation, morale
from game.rulesets.bonus_malus.effects import actions, base_move, run_save
from game.rulesets.bonus_malus.fighter import make

from ..shared.helpers import scripted


def test_the_books_alternated_activation_example():
    first = make("p1_fig1", 1, competences={"initiative": 1})
    second = make("p2_fig2", 2, competences={"initiative": 0})
    ctx = scripted(4, 2, 5)                 # Initiative+: best of (4, 2) = 4; Initiative: 5
    assert activation.initiative_order(ctx, [first, second]) == ["p2_fig2", "p1_fig1"]
    assert ctx.events[0].faces == (4, 2) and ctx.events[1].faces == (5,)


def test_tied_initiative_is_rolled_again_between_the_tied_only():
    a, b, c = (make(n, i, competences={"initiative": 0}) for i, n in enumerate("abc", start=1))
    ctx = scripted(3, 3, 1, 2, 5)
    assert activation.initiative_order(ctx, [a, b, c]) == ["b", "a", "c"]
    assert [e.who for e in ctx.events] == ["a", "b", "c", "a", "b"]


def test_one_action_of_each_type_and_runs_never_after_a_move():
    f = make("f")
    assert activation.can_take(f, [], "move") and activation.can_take(f, ["move"], "shoot")
    assert not activation.can_take(f, ["shoot"], "shoot")
    assert not activation.can_take(f, ["move"], "crawl")       # both are movement
    assert not activation.can_take(f, ["move"], "run")         # no actions left either way
    assert activation.can_take(f, [], "run") and not activation.can_take(f, ["run"], "aim")
    assert activation.can_take(f, ["aim"], "choc_psi") and not activation.can_take(f, ["choc_psi"], "choc_psi")


def test_heroes_and_legends_repeat_actions_over_several_activations():
    hero = make("h", attributes={"heros": None})
    assert actions(hero) == (2, True, 2) and activation.can_take(hero, ["shoot"], "shoot")
    legend = make("l", attributes={"legende": None})
    assert actions(legend) == (3, True, 3)
    assert activation.can_take(legend, ["fight", "fight"], "fight")
    assert not activation.can_take(legend, ["fight", "fight", "fight"], "fight")


def test_moves_by_attribute_and_the_run_save():
    assert base_move(make("p")) == 5 and base_move(make("s", attributes={"lent": None})) == 3
    assert base_move(make("r", attributes={"rapide": None})) == 8
    assert base_move(make("h", attributes={"lourd": None})) == 4
    assert run_save(make("p")) == -2 and run_save(make("r", attributes={"rapide": None})) == -1


def test_demoralisation_above_half_and_one_test_per_figure():
    group = [make(str(i), competences={"moral": 0}) for i in range(4)]
    group[0].fig.out = group[1].fig.out = True
    assert not morale.demoralised(group)                       # exactly half
    group[2].fig.out = True
    assert morale.demoralised(group)
    ctx = scripted(3)
    assert not morale.demoralisation_test(ctx, group[3]) and group[3].status["fleeing"] == "for_good"
    assert not morale.demoralisation_test(ctx, group[3]) and len(ctx.events) == 1   # once only
    brave = make("b", competences={"moral": 0})
    assert morale.demoralisation_test(scripted(2, 5), brave, extra=(("chef", 1),))


def test_a_leader_lends_moral_and_initiative_to_its_band_within_5_pas_but_not_itself():
    import math

    from game.rulesets.bonus_malus.auras import aura_mods

    def dist(a, b):
        return math.dist(a.fig.pos, b.fig.pos)
    chef = make("c", 1, attributes={"chef": None})
    near, far = make("n", 1, x=5.0), make("f", 1, x=5.5)
    foe, other_chef = make("e", 2, x=1.0), make("d", 1, x=-1.0, attributes={"chef": None})
    band = [chef, near, far, foe]
    assert aura_mods(near, band, "moral", dist) == (("aura_chef", 1),)
    assert aura_mods(near, band, "initiative", dist) == (("aura_chef", 1),)
    assert aura_mods(near, band, "combat", dist) == ()
    assert aura_mods(far, band, "moral", dist) == () and aura_mods(chef, band, "moral", dist) == ()
    assert aura_mods(foe, band, "moral", dist) == ()
    assert aura_mods(chef, band + [other_chef], "moral", dist) == (("aura_chef", 1),)   # once
    assert aura_mods(near, band + [other_chef], "moral", dist) == (("aura_chef", 1),)
