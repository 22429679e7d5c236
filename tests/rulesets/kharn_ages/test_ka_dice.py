"""Khârn-Ages action rolls: level dice, mastery dice with their domains (which die is crossed
out, and the pool shrinking for the rest of the activation), the critical ranges per action,
and every die an event."""
from __future__ import annotations

import pytest

from game.rulesets.kharn_ages import dice
from game.rulesets.kharn_ages.fighter import DOMAINS, make

from ..shared.helpers import scripted

MELEE_SHOT = frozenset({"melee", "shooting"})
MELEE = frozenset({"melee"})


def test_level_dice_and_the_pool_shrinking_as_mastery_dice_are_spent():
    """The book: a [[[ figure rolls 3; after one mastery die 2, after a second 1, never fewer."""
    f = make("vet", level=3)
    assert dice.dice_for(f, "melee") == 3
    dice.cross_out(f, 0)
    assert dice.dice_for(f, "melee") == 2
    dice.cross_out(f, 1)
    assert dice.dice_for(f, "defence") == 1
    dice.cross_out(f, 2)
    assert dice.dice_for(f, "melee") == 1
    assert dice.mastery_die(f, "melee") is None


def test_heroique_adds_a_die_in_its_domain_only():
    f = make("hero", level=2, skills={"heroique": "melee"})
    assert (dice.dice_for(f, "melee"), dice.dice_for(f, "defence")) == (3, 2)


def test_the_books_mastery_example_crosses_out_the_die_without_shooting():
    """The Avant-Garde de Choc [[ rolls 2 and 3 against the champion, re-rolls the 2 and
    crosses out its second die, keeping the one with the shooting domain for later."""
    avg = make("avg", level=2, mastery=(MELEE_SHOT, MELEE))
    assert dice.mastery_die(avg, "melee") == 1
    assert dice.mastery_die(avg, "shooting") == 0
    ctx = scripted(2, 3, 8)
    r = dice.action_roll(ctx, avg, "attack", "melee", (("V", 4), ("A", 4)), reroll_below=6)
    assert r.faces == (8, 3) and r.total == 16 and r.rerolled == 1
    assert avg.status["mastery_used"] == [1]
    assert [e.rule for e in ctx.events] == ["attack", "attack.mastery"]
    assert ctx.events[0].faces == (2, 3) and ctx.events[0].kept == (1,)
    assert dice.dice_for(avg, "shooting") == 1 and dice.mastery_die(avg, "melee") == 0


def test_no_mastery_die_of_the_domain_means_no_reroll():
    f = make("f", level=2, mastery=(frozenset({"shooting"}),))
    r = dice.action_roll(scripted(1, 2), f, "defence", "defence", reroll_below=9)
    assert r.rerolled == 0 and r.face == 2 and not f.status.get("mastery_used")
    kept = make("g", level=1)
    r = dice.action_roll(scripted(7), kept, "attack", "melee", reroll_below=6)
    assert r.rerolled == 0 and not kept.status.get("mastery_used")


def test_critical_ranges_per_action():
    f = make("f")
    assert dice.crit_for(f, "melee").ec == frozenset({1})
    assert dice.crit_for(f, "shooting", "shot").ec == frozenset({1, 2})
    assert dice.crit_for(f, "shooting", "standard_shot").ec == frozenset({1, 2, 3})
    spec = make("s", skills={"specialiste": "shooting"})
    assert dice.crit_for(spec, "shooting", "shot").ec == frozenset({2})
    assert dice.crit_for(spec, "melee").ec == frozenset({1})
    f.status["last_stand"] = True
    assert dice.crit_for(f, "melee").rc_from == 9


def test_an_rc_rerolls_and_adds_through_the_context():
    """A Goulue [[ attacks: two dice, keeps one; a 10 re-rolls (4 added), every die an event."""
    goulue = make("goulue", level=2)
    ctx = scripted(10, 3, 4)
    r = dice.action_roll(ctx, goulue, "attack", "melee", (("P", 3), ("C", 2)))
    assert (r.face, r.chain, r.natural, r.total, r.rc) == (10, (4,), 14, 19, True)
    assert [(e.rule, e.faces) for e in ctx.events] == [("attack", (10, 3)), ("attack.rc", (4,))]
    again = dice.action_roll(scripted(10, 10, 1), make("x"), "attack", "melee")
    assert again.natural == 20 and again.chain == (10, 1)


def test_flat_roll_is_one_d10_without_criticals():
    ctx = scripted(10)
    assert dice.flat_roll(ctx, "f", "temerity", (("T", 4),), need=10) == 10
    e = ctx.events[0]
    assert (e.result, e.crit, e.kept, len(ctx.events)) == (14, (), (), 1)


def test_every_domain_is_known():
    assert set(DOMAINS) == {"melee", "defence", "objective", "shooting", "esoteric"}


def test_a_person_decides_the_reroll_in_three_steps():
    """Open the roll, look at it, spend a mastery die on the die of one's choice, close it:
    the same events as the automatic policy."""
    f = make("f", level=2, mastery=(MELEE_SHOT, MELEE))
    ctx = scripted(6, 2, 10, 3)
    r = dice.open_roll(ctx, f, "attack", "melee", (("P", 4),))
    assert r.faces == [6, 2] and r.kept == 0 and r.can_reroll
    assert dice.reroll(ctx, r, index=0) == 0                    # the kept 6, not the 2
    assert r.faces == [10, 2] and not r.can_reroll and f.status["mastery_used"] == [1]
    with pytest.raises(ValueError):
        dice.reroll(ctx, r)
    done = dice.close(ctx, r)
    assert (done.face, done.chain, done.total, done.rerolled) == (10, (3,), 17, 1)
    assert [e.rule for e in ctx.events] == ["attack", "attack.mastery", "attack.rc"]
    auto = scripted(6, 2, 10, 3)
    same = dice.action_roll(auto, make("g", level=2), "attack", "melee", (("P", 4),), reroll_below=7)
    assert same.faces == (6, 10) and [e.rule for e in auto.events] == ["attack", "attack.mastery", "attack.rc"]


def test_maitre_rerolls_for_free_once_per_activation():
    from game.rulesets.kharn_ages import states

    f = make("f", level=3, mastery=(MELEE,), skills={"maitre": "melee"})
    ctx = scripted(2, 3, 1, 8, 9)
    r = dice.open_roll(ctx, f, "attack", "melee")
    dice.master_reroll(ctx, r, [0, 2])                         # all or part of the dice
    assert r.faces == [8, 3, 9] and r.can_reroll and not r.can_master
    assert not f.status.get("mastery_used") and dice.dice_for(f, "melee") == 3
    auto = dice.action_roll(scripted(2, 3, 1, 7), f, "attack", "melee", reroll_below=6)
    assert auto.faces == (2, 3, 7) and f.status["mastery_used"] == [0]    # Maître spent: a mastery die
    states.begin_activation(scripted(), f)
    free = dice.action_roll(scripted(2, 3, 1, 7), f, "attack", "melee", reroll_below=6)
    assert free.face == 7 and f.status["mastery_used"] == [] and f.status["maitre_used"]


def test_autorite_lends_a_mastery_die_and_bretteur_forces_a_reroll():
    captain = make("captain", level=2, mastery=(MELEE, MELEE), skills={"autorite": None})
    soldier = make("soldier", level=1, mastery=())
    ctx = scripted(3, 8)
    r = dice.open_roll(ctx, soldier, "attack", "melee")
    assert not r.can_reroll
    dice.reroll(ctx, r, giver=captain)
    assert r.faces == [8] and captain.status["mastery_used"] == [0] and dice.dice_for(captain, "melee") == 1
    plain = make("plain", level=2)
    with pytest.raises(ValueError):
        dice.reroll(scripted(), dice.open_roll(scripted(3), soldier, "attack", "melee"), giver=plain)
    duelist = make("duelist", skills={"bretteur": 1})
    foe = make("foe", level=2, mastery=())
    ctx = scripted(9, 4, 2)
    r = dice.open_roll(ctx, foe, "defence", "defence")
    dice.bretteur(ctx, r, duelist, [0])
    assert r.faces == [2, 4] and dice.close(ctx, r).face == 4
    assert ctx.events[-1].rule == "defence.bretteur"
    with pytest.raises(ValueError):
        dice.bretteur(ctx, r, duelist, [1])
