"""Khârn-Ages action rolls on the shared ND10 law (``_shared/nd10``): a figure rolls its level
in D10 (fewer once it has crossed out mastery dice, never fewer than one; one more with
Héroïque in that domain), keeps one, adds the characteristics committed; a natural 10 is an
RC that re-rolls and adds (the chain), the EC range fails the action.

Mastery: each card die carries domains; spending one re-rolls one D10 of a roll in one of its
domains (at most one per roll, K-R29). The die crossed out is the one with that domain and
the fewest other domains (the book's Avant-Garde keeps its shooting die for later), the first
of equals. Every die goes through ``ctx.roll`` (``nd10.roll_nd10``), so each is an event.
"""
from __future__ import annotations

from collections.abc import Sequence

from game.rulesets._shared import nd10
from game.rulesets._shared.nd10 import Crit, ND10Roll, crit_rules

from .fighter import Fighter

SHOT_EC = {"": 1, "shot": 2, "standard_shot": 3}   # EC range: actions, shots, the standard shot


def crit_for(f: Fighter, domain: str, shot: str = "") -> Crit:
    """The critical ranges of the figure's action: EC on 1 (1-2 shooting, 1-3 the standard
    shot; Spécialiste in the domain spares the 1), RC on 10 (9-10 as the last of its side
    after passing its test, K-R19)."""
    return crit_rules(SHOT_EC[shot], specialist=f.profile.skills.get("specialiste") == domain,
                      last_stand=bool(f.status.get("last_stand")))


def dice_for(f: Fighter, domain: str) -> int:
    """Dice per action now: level, minus mastery dice crossed out since the activation, plus
    one with Héroïque in this domain, never fewer than one."""
    extra = 1 if f.profile.skills.get("heroique") == domain else 0
    return nd10.dice_count(f.level, len(f.status.get("mastery_used", ())), extra)


def mastery_die(f: Fighter, domain: str) -> int | None:
    """The card die to cross out for a re-roll in ``domain`` (None: none left)."""
    used = set(f.status.get("mastery_used", ())) | set(f.status.get("mastery_lost", ()))
    free = [i for i, d in enumerate(f.profile.mastery) if i not in used and domain in d]
    if not free:
        return None
    return min(free, key=lambda i: (len(f.profile.mastery[i]), i))


def cross_out(f: Fighter, index: int) -> None:
    f.status.setdefault("mastery_used", []).append(index)


def action_roll(ctx, f: Fighter, rule: str, domain: str, mods: Sequence[tuple[str, int]] = (), *,
                need: int | None = None, reroll_below: int | None = None, shot: str = "",
                against: str | None = None) -> ND10Roll:
    """Roll ND10 for an action: ``mods`` are the characteristics and modifiers; ``need`` the
    natural value shown on the dice. With ``reroll_below`` the figure spends a mastery die of
    the domain (if it has one) when the kept die is an EC or below that value."""
    crit = crit_for(f, domain, shot)
    die = mastery_die(f, domain) if reroll_below is not None else None
    roll = nd10.roll_nd10(ctx, f.id, rule, dice_for(f, domain), mods=mods, crit=crit, need=need,
                          reroll_below=reroll_below, rerolls=0 if die is None else 1, against=against)
    if roll.rerolled and die is not None:
        cross_out(f, die)
    return roll


def flat_roll(ctx, who: str, rule: str, mods: Sequence[tuple[str, int]] = (), need: int | None = None,
              against: str | None = None) -> int:
    """A plain 1D10 plus modifiers, no critical and no mastery (armour rolls K-R5 read their
    face; témérité and effroi tests K-R6). Returns the face."""
    bonus = sum(int(v) for _, v in mods)
    return ctx.roll(who, rule, 1, sides=nd10.SIDES, target=need, mods=mods, against=against,
                    judge=lambda fs: fs[0] + bonus)[0]
