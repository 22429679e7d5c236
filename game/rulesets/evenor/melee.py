"""Combat phases: exploding dice, comparing hits, excess hits saved then rolled on the
damage table; multiple combat, multiple attacks, coordinated attacks on a monster,
opportunity attacks, fear."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core.context import RuleContext
from game.core.events import CombatResolved
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared.splits import all_splits
from game.rulesets.evenor import stats, wounds


@dataclass
class CombatSide:
    figs: list[Figure]
    power: int
    target: int
    enchanted: bool
    mods: list[tuple[str, int]] = field(default_factory=list)


def standing_foes(state: GameState, table, fig: Figure) -> int:
    return sum(1 for e in stats.engaged_with(state, table, fig) if not e.status.get("prone"))


def combat_threshold(state: GameState, table, fig: Figure, *, charged: bool, afraid: bool
                     ) -> tuple[int, list[tuple[str, int]]]:
    mods: list[tuple[str, int]] = []
    if fig.status.get("prone"):
        mods.append(("prone", 2))
    extra = standing_foes(state, table, fig) - 1
    if extra > 0:
        mods.append(("outnumbered", extra))
    if charged:
        mods.append(("charge", -1))
    if stats.turn_flag(state, fig, "blessed"):
        mods.append(("blessed", -1))
    if afraid:
        mods.append(("fear", 1))
    base = stats.profile(fig).C
    return stats.clamp(base + sum(m for _, m in mods)), mods


def fear_test(ctx: RuleContext, state: GameState, fig: Figure, opponents: list[Figure]) -> bool:
    """A figure fighting a frightening foe rolls its courage; on a failure it fights at C+1."""
    scary = [o for o in opponents if stats.frightens(o, fig)]
    if not scary:
        return False
    target = stats.courage(state, fig)
    face = ctx.roll(fig.id, "fear", 1, target=target, judge=lambda fs: fs[0] >= target,
                    against=scary[0].id)[0]
    return face < target


def weapon_power(fig: Figure, vs: list[Figure], *, charged: bool) -> tuple[int, bool]:
    idx, w = stats.melee_weapon(fig)
    if w is None:
        return 0, False
    power = w.power + (1 if charged and stats.has(fig, "charge_furieuse") else 0)
    if any(stats.has(o, "ethere") for o in vs) and not w.enchanted:
        power = 0
    return power, w.enchanted


def roll_attack(ctx: RuleContext, who: str, power: int, target: int, enchanted: bool,
                against: str) -> int:
    """P dice hitting on target+, every 6 adding a die; an enchanted weapon re-rolls one miss."""
    hits, pending, rerolled = 0, power, not enchanted
    while pending > 0:
        faces = ctx.roll(who, "melee", pending, target=target, against=against)
        hits += sum(1 for f in faces if f >= target)
        pending = sum(1 for f in faces if f == 6)
        if not rerolled and any(f < target for f in faces):
            rerolled = True
            face = ctx.roll(who, "reroll", 1, target=target, against=against)[0]
            hits += 1 if face >= target else 0
            pending += 1 if face == 6 else 0
    return hits


def prepare(ctx: RuleContext, state: GameState, table, figs: list[Figure], foes: list[Figure],
            *, charged: bool, power: int | None = None, no_dice: bool = False) -> CombatSide:
    """Power and threshold of one side of a combat phase (several figures: a coordinated
    attack at the highest threshold and their summed power)."""
    total, enchanted, target, mods = 0, False, 2, []
    for f in figs:
        p, ench = weapon_power(f, foes, charged=charged)
        total += p
        enchanted = enchanted or ench
        afraid = False if no_dice else fear_test(ctx, state, f, foes)
        t, m = combat_threshold(state, table, f, charged=charged, afraid=afraid)
        if t >= target:
            target, mods = t, m
    if power is not None:
        total = power
    if no_dice:
        total = 0
    return CombatSide(figs=figs, power=total, target=target, enchanted=enchanted, mods=mods)


def combat(ctx: RuleContext, state: GameState, table, attackers: list[Figure], defender: Figure,
           *, attack_charged: bool = False, defence_charged: bool = False,
           attack_power: int | None = None, opportunity: bool = False) -> str | None:
    """One combat phase. Returns "attack", "defence" or None (tie)."""
    att = prepare(ctx, state, table, attackers, [defender], charged=attack_charged,
                  power=attack_power)
    dfn = prepare(ctx, state, table, [defender], attackers, charged=defence_charged,
                  no_dice=opportunity)
    return resolve(ctx, state, att, dfn)


def resolve(ctx: RuleContext, state: GameState, att: CombatSide, dfn: CombatSide) -> str | None:
    lead, defender = att.figs[0], dfn.figs[0]
    ha = roll_attack(ctx, lead.id, att.power, att.target, att.enchanted, defender.id) if att.power else 0
    hd = roll_attack(ctx, defender.id, dfn.power, dfn.target, dfn.enchanted, lead.id) if dfn.power else 0
    winner = "attack" if ha > hd else "defence" if hd > ha else None
    ctx.emit(CombatResolved(attackers=tuple(f.id for f in att.figs), defender=defender.id,
                            hits_attack=ha, hits_defence=hd, winner=winner))
    if winner == "attack":
        _won(state, att.figs)
        unsaved = wounds.roll_saves(ctx, state, defender, ha - hd)
        wounds.damage_rolls(ctx, state, defender, unsaved, lead.id)
    elif winner == "defence":
        _won(state, [defender])
        excess = hd - ha
        if len(att.figs) == 1:
            unsaved = wounds.roll_saves(ctx, state, lead, excess)
            wounds.damage_rolls(ctx, state, lead, unsaved, defender.id)
        else:
            ask_split(state, defender, att.figs, excess)
    return winner


def _won(state: GameState, figs: list[Figure]) -> None:
    if state.activation is None:
        return
    for f in figs:
        m = state.activation["members"].get(f.id)
        if m is not None:
            m["won_melee"] = True


def ask_split(state: GameState, defender: Figure, attackers: list[Figure], excess: int) -> None:
    """A monster beating a coordinated attack shares its excess hits as its player wishes."""
    state.pending.append(Decision(kind="assign_hits", side=defender.side, figure=defender.id,
                                  options=all_splits(excess, len(attackers)),
                                  context={"attackers": [f.id for f in attackers]}))


def apply_split(ctx: RuleContext, state: GameState, decision: Decision, index: int) -> None:
    shares = decision.options[index]
    for fid, n in zip(decision.context["attackers"], shares):
        fig = state.figures[fid]
        unsaved = wounds.roll_saves(ctx, state, fig, n)
        wounds.damage_rolls(ctx, state, fig, unsaved, decision.figure)


def opportunity_attacks(ctx: RuleContext, state: GameState, table, leaver: Figure) -> None:
    """Foes in contact with a disengaging figure roll Reaction; each success is a free attack
    against which the leaver rolls no dice (Acrobats leave freely)."""
    if stats.has(leaver, "acrobate"):
        return
    for foe in stats.engaged_with(state, table, leaver):
        if leaver.out:
            return
        target = stats.reaction(state, foe)
        face = ctx.roll(foe.id, "opportunity", 1, target=target, judge=lambda fs: fs[0] >= target,
                        against=leaver.id)[0]
        if face >= target:
            combat(ctx, state, table, [foe], leaver, opportunity=True)
