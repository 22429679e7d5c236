"""Khârn-Ages action rolls on the shared ND10 law (``_shared/nd10``): a figure rolls its level
in D10 (fewer once it has crossed out mastery dice, never fewer than one; one more with
Héroïque in that domain), keeps one, adds the characteristics committed; a natural 10 is an
RC that re-rolls and adds (the chain), the EC range fails the action.

Mastery: each card die carries domains; spending one re-rolls one D10 of a roll in one of its
domains (at most one per roll, K-R29). The die crossed out is the one with that domain and
the fewest other domains (the book's Avant-Garde keeps its shooting die for later), the first
of equals. Every die goes through ``ctx.roll`` (the steps of ``nd10.roll_nd10``), so each
is an event. ``action_roll`` decides the re-roll by a policy; ``open_roll`` / ``reroll`` /
``close`` let a person decide it, with the same events.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

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


@dataclass
class OpenRoll:
    """An action roll thrown but not closed: the roller may still spend a mastery die on one
    die (K-R4 steps 3 and 6, a decision for a person) before the RC chain closes it."""

    f: Fighter
    rule: str
    domain: str
    mods: tuple[tuple[str, int], ...]
    crit: Crit
    need: int | None
    against: str | None
    faces: list[int] = field(default_factory=list)
    rerolled: int = 0

    @property
    def kept(self) -> int:
        return nd10.kept_index(self.faces, self.crit)

    @property
    def can_reroll(self) -> bool:
        """A mastery die of the domain left, and none spent on this roll yet (K-R29)."""
        return self.rerolled == 0 and mastery_die(self.f, self.domain) is not None

    @property
    def can_master(self) -> bool:
        """Maître in this domain, not yet used since the figure's activation (K-R55)."""
        return has_master(self.f, self.domain)


def open_roll(ctx, f: Fighter, rule: str, domain: str, mods: Sequence[tuple[str, int]] = (), *,
              need: int | None = None, shot: str = "", against: str | None = None) -> OpenRoll:
    """Throw the figure's dice for an action (its first event)."""
    crit = crit_for(f, domain, shot)
    r = OpenRoll(f, rule, domain, tuple(mods), crit, need, against)
    r.faces = nd10.roll_faces(ctx, f.id, rule, dice_for(f, domain), mods=mods, crit=crit, need=need,
                              against=against)
    return r


def reroll(ctx, r: OpenRoll, index: int | None = None, giver: Fighter | None = None) -> int:
    """Spend a mastery die of the domain on one die (``index``, by default the least wanted):
    the roller's, or with Autorité a friend's (``giver``, neither terrorised nor frightened;
    the caller checks it is near). Returns the index re-rolled."""
    owner = r.f if giver is None else giver
    if giver is not None and (not giver.has("autorite") or giver.status.get("frightened")
                              or max(giver.status.get("temerity", {}).values(), default=0)):
        raise ValueError("no Autorité to lend a mastery die")
    die = mastery_die(owner, r.domain)
    if die is None or r.rerolled:
        raise ValueError("no mastery die to spend on this roll")
    i = nd10.mastery_reroll(ctx, r.f.id, r.rule, r.faces, crit=r.crit, need=r.need, against=r.against, mods=r.mods,
                            index=index)
    cross_out(owner, die)
    r.rerolled += 1
    return i


def has_master(f: Fighter, domain: str) -> bool:
    return f.profile.skills.get("maitre") == domain and not f.status.get("maitre_used")


def can_reroll(f: Fighter, domain: str) -> bool:
    """A re-roll available for the next roll in the domain: Maître or a mastery die."""
    return has_master(f, domain) or mastery_die(f, domain) is not None


def master_reroll(ctx, r: OpenRoll, indexes: Sequence[int]) -> None:
    """Maître X: re-roll any of the dice for free, once between two activations (K-R55)."""
    if not r.can_master:
        raise ValueError("no Maître re-roll available")
    for i in sorted(set(indexes)):
        nd10.mastery_reroll(ctx, r.f.id, r.rule, r.faces, crit=r.crit, need=r.need, against=r.against,
                            mods=r.mods, index=i)
    r.f.status["maitre_used"] = True


def bretteur(ctx, r: OpenRoll, swordsman: Fighter, indexes: Sequence[int]) -> None:
    """Bretteur X: once a turn, the swordsman makes an opponent in its zone re-roll up to X
    dice of a melee attack or defence (the caller checks the zone); events ``<rule>.bretteur``."""
    x = swordsman.skill("bretteur")
    picked = sorted(set(indexes))
    if not x or swordsman.status.get("bretteur_used") or len(picked) > x or r.domain not in ("melee", "defence"):
        raise ValueError("no Bretteur re-roll to force")
    for i in picked:
        nd10.mastery_reroll(ctx, r.f.id, r.rule, r.faces, crit=r.crit, need=r.need, against=r.against, mods=r.mods,
                            index=i, why="bretteur")
    swordsman.status["bretteur_used"] = True


def close(ctx, r: OpenRoll) -> ND10Roll:
    """The RC chain, and the roll as the rules read it."""
    chain = nd10.rc_chain(ctx, r.f.id, r.rule, r.faces, crit=r.crit, against=r.against)
    return ND10Roll(r.f.id, tuple(r.faces), r.kept, chain, r.rerolled, sum(v for _, v in r.mods), r.crit)


def action_roll(ctx, f: Fighter, rule: str, domain: str, mods: Sequence[tuple[str, int]] = (), *,
                need: int | None = None, reroll_below: int | None = None, shot: str = "",
                against: str | None = None) -> ND10Roll:
    """Roll ND10 for an action with an automatic mastery policy: ``mods`` are the
    characteristics and modifiers; ``need`` the natural value shown on the dice. With
    ``reroll_below`` the figure spends a mastery die of the domain (if it has one) when the
    kept die is an EC or below that value (never on an RC); Maître's free re-roll of the
    least wanted die comes first when it has one."""
    r = open_roll(ctx, f, rule, domain, mods, need=need, shot=shot, against=against)
    if nd10.wants_reroll(r.faces[r.kept], r.crit, reroll_below):
        if r.can_master:                          # free: before any mastery die
            master_reroll(ctx, r, [r.kept if len(r.faces) == 1 else nd10.least_wanted(r.faces, r.crit)])
        elif r.can_reroll:
            reroll(ctx, r)
    return close(ctx, r)


def flat_roll(ctx, who: str, rule: str, mods: Sequence[tuple[str, int]] = (), need: int | None = None,
              against: str | None = None) -> int:
    """A plain 1D10 plus modifiers, no critical and no mastery (armour rolls K-R5 read their
    face; témérité and effroi tests K-R6). Returns the face."""
    bonus = sum(int(v) for _, v in mods)
    return ctx.roll(who, rule, 1, sides=nd10.SIDES, target=need, mods=mods, against=against,
                    judge=lambda fs: fs[0] + bonus)[0]
