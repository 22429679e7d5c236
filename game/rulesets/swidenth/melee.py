"""A combat phase between two engaged figures: D20 + Combat + bonuses each, the higher total
wins, the gap plus the winner's weapon damage (plus 2 for a winning charger, plus 3 on the
winner's natural 20) is compared with the loser's Défense. A natural 1 of either fighter
drops a held item (S-R10, S-R11).

Bonuses: outnumbering (S-R9, +2 per other friend engaged with the foe and with no other
enemy), concentration (+1 Combat to the active figure), second weapon and bare hands (the
catalogue's ``melee_kit``), the spear's +1 Combat when charged, stun tokens (-4 each).

Dice order: attacker's D20, defender's D20, then a hand D20 per fumbling fighter (attacker
first), then the Bravoure tests after a horrible wound (friends in state order)."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared import d20
from game.rulesets._shared.areas import within
from game.rulesets._shared.engagement import engaged_with
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import damage as D
from game.rulesets.swidenth import figures as F

CHARGE_DAMAGE = 2
CRIT_DAMAGE = 3
CONCENTRATION_COMBAT = 1
OUTNUMBER_BONUS = 2
CRITS = d20.Crits()

Mods = tuple[tuple[str, int], ...]


def outnumbering(state: GameState, table: Table, fig: Figure, foe: Figure) -> int:
    """Friends of ``fig`` (itself left out) engaged with ``foe`` and with no other enemy."""
    n = 0
    for other in engaged_with(state, table, foe, F.ENGAGE):
        if other.id == fig.id or other.side != fig.side:
            continue
        if [e.id for e in engaged_with(state, table, other, F.ENGAGE)] == [foe.id]:
            n += 1
    return n


@dataclass(frozen=True)
class Fighter:
    """One fighter's part: the D20 modifiers and the damage its win would add to the gap."""

    mods: Mods
    damage: int
    defense: int
    vitality: int

    @property
    def mod(self) -> int:
        return sum(v for _, v in self.mods)


@dataclass(frozen=True)
class Setup:
    att: Fighter
    dfn: Fighter


def setup(state: GameState, table: Table, att: Figure, dfn: Figure, *, concentrated: bool = False,
          charged: bool = False, catalogue: cat_mod.Catalogue | None = None) -> Setup:
    """Both fighters' modifiers and damage, before any die."""
    cat = catalogue or cat_mod.load()

    def side(me: Figure, foe: Figure, active: bool) -> Fighter:
        k = cat_mod.melee_kit(cat, F.kit(me))
        mods: list[tuple[str, int]] = [("combat", F.base_stat(me, "combat")), *F.stun_mods(me)]
        if k.combat:
            mods.append(("weapons", k.combat))
        n = outnumbering(state, table, me, foe)
        if n:
            mods.append(("outnumbering", OUTNUMBER_BONUS * n))
        if active and concentrated:
            mods.append(("concentration", CONCENTRATION_COMBAT))
        if not active and charged and k.charged_combat:
            mods.append(("set_against_charge", k.charged_combat))
        dmg = k.damage + (CHARGE_DAMAGE if active and charged else 0)
        return Fighter(tuple(mods), dmg, F.base_stat(me, "defense"), me.vitality)

    return Setup(side(att, dfn, True), side(dfn, att, False))


@dataclass(frozen=True)
class Fight:
    roll: d20.Opposed
    winner: str | None          # attacker's or defender's id, None on a tie
    loser: str | None
    damage: int                 # gap + weapon + charge + critical (0 on a tie)
    harm: D.Harm | None
    recoil_option: bool         # damage at most Défense: the winner may make the loser recoil
    dropped: tuple[tuple[str, str | None], ...] = ()   # (figure, item or None) per fumble
    tests: tuple[tuple[str, bool], ...] = ()           # Bravoure tests after a horrible wound


def damage_of(gap: int, side: Fighter, crit: bool) -> int:
    """The winner's damage: its margin, its weapon (and charge), +3 on a natural 20."""
    return abs(gap) + side.damage + (CRIT_DAMAGE if crit else 0)


def _drop(ctx, cat: cat_mod.Catalogue, fig: Figure) -> str | None:
    """S-R10: a D20 picks the hand (1-10 main, 11-20 off); what it holds falls."""
    face = ctx.roll(fig.id, "fumble_hand", 1, sides=20)[0]
    gear = F.kit(fig)
    melee = [w.id for w in cat_mod.melee_weapons(cat, gear)]
    shields = [a for a in gear if a in cat.armour and cat.armour[a].hands]
    main = melee[0] if melee else None
    off = melee[1] if len(melee) > 1 else (shields[0] if shields else None)
    if main and cat.weapons[main].hands == 2:
        off = main            # a two-handed weapon is in both hands
    item = main if face <= 10 else off
    if item is not None:
        gear.remove(item)
        fig.status.setdefault("dropped", []).append(item)
        if item in cat.armour:
            fig.status["stats"]["defense"] -= cat.armour[item].defense
    return item


def resolve(ctx, state: GameState, table: Table, att: Figure, dfn: Figure, su: Setup, *,
            catalogue: cat_mod.Catalogue | None = None) -> Fight:
    """Roll the combat phase and apply its harm (the recoil itself is the winner's
    decision, asked afterwards when ``recoil_option``)."""
    cat = catalogue or cat_mod.load()
    roll = d20.roll_opposed(ctx, "melee", att.id, dfn.id, su.att.mods, su.dfn.mods, crits=CRITS)
    dropped = []
    for fig, r in ((att, roll.att), (dfn, roll.dfn)):
        if r.fumble:
            dropped.append((fig.id, _drop(ctx, cat, fig)))
    if roll.winner is None:
        return Fight(roll, None, None, 0, None, False, tuple(dropped))
    win, lose = (att, dfn) if roll.winner == "att" else (dfn, att)
    side_w, side_l = (su.att, su.dfn) if roll.winner == "att" else (su.dfn, su.att)
    dmg = damage_of(roll.gap, side_w, roll.crit)
    h = D.harm(dmg, side_l.defense, lose.vitality)
    D.inflict(lose, h, state.turn)
    tests: tuple[tuple[str, bool], ...] = ()
    if h.horrible:
        friends = [f for f in within(table, lose, D.HORRIBLE_MELEE_RADIUS,
                                     [f for f in state.figures.values() if not f.out])
                   if f.side == lose.side]
        tests = tuple(D.horrible_tests(ctx, friends, D.HORRIBLE_MELEE_DIFFICULTY, state.turn).items())
    return Fight(roll, win.id, lose.id, dmg, h, h.band == D.RECOIL, tuple(dropped), tests)
