"""Evenor's exact odds for a shot, a combat phase and an initiative ladder: chance to hit,
expected hits, chance to put the target out of action, expected vitality lost. Built on
game.core.odds and on the same threshold functions the rules use, so the preview and the
AI see exactly what the dice will be rolled against."""
from __future__ import annotations

from dataclasses import dataclass, field

from game.core import odds as core
from game.core.state import Figure, GameState
from game.rulesets.evenor import melee, shooting, stats


@dataclass(frozen=True)
class Odds:
    target: int                      # the X+ rolled against
    mods: tuple[tuple[str, int], ...]
    dice: int
    hits: tuple[float, ...]          # distribution of hits
    p_hit: float                     # at least one hit
    expected_hits: float
    p_out: float                     # the target put out of action
    expected_loss: float             # vitality the target loses on average
    p_down: float = 0.0              # the target knocked down but not out
    p_win: float = 0.0               # (melee) the attacker wins the phase
    p_lose: float = 0.0              # (melee) the defender wins the phase
    p_attacker_out: float = 0.0      # (melee) the attacker put out of action
    extra: dict = field(default_factory=dict, compare=False, hash=False)


def damage(unsaved_dist, vitality: int, *, in_melee: bool) -> tuple[float, float, float]:
    """(P(out), expected vitality lost, P(knocked down and not out)) from unsaved hits."""
    p_out = loss = p_down = 0.0
    for u, p in enumerate(unsaved_dist):
        if not p or u == 0:
            continue
        if not in_melee:
            loss += p * min(u, vitality)
            p_out += p if u >= vitality else 0.0
            continue
        wounds_first = min(u, vitality - 1)   # above 1 vitality every damage roll wounds
        rest = u - wounds_first               # rolls made at 1 vitality: 5-6 out, 1-4 down
        q_out = 1 - (4 / 6) ** rest if rest > 0 else 0.0
        p_out += p * q_out
        loss += p * (wounds_first + q_out)
        p_down += p * ((1 - q_out) if rest > 0 else 0.0)
    return p_out, loss, p_down


def shot(state: GameState, table, shooter: Figure, target: Figure, weapon_idx: int, **kw) -> Odds:
    weapon = stats.profile(shooter).weapons[weapon_idx]
    t, mods = shooting.threshold(state, table, shooter, target, weapon, **kw)
    n = weapon.power if (weapon.enchanted or not stats.has(target, "ethere")) else 0
    hits = core.pool(n, t, explode=False, reroll=weapon.enchanted)
    left = core.after_saves(hits, stats.save_threshold(state, target))
    p_out, loss, p_down = damage(left, target.vitality, in_melee=True)   # same damage table
    return Odds(target=t, mods=tuple(mods), dice=n, hits=hits, p_hit=1 - hits[0],
                expected_hits=core.mean(hits), p_out=p_out, expected_loss=loss, p_down=p_down)


def _side(state, table, figs: list[Figure], foes: list[Figure], *, charged: bool,
          power: int | None = None, no_dice: bool = False):
    """Hit distribution of one side of a combat phase, mixing the fear outcomes."""
    total, enchanted = 0, False
    for f in figs:
        p, ench = melee.weapon_power(f, foes, charged=charged)
        total += p
        enchanted = enchanted or ench
    if power is not None:
        total = power
    if no_dice or total == 0:
        return (1.0,), 0, 2, ()
    # each figure's chance to be afraid (C+1) is independent; the side uses its worst C
    outcomes = [(1.0, 2, ())]
    for f in figs:
        p_fear = 0.0
        if not no_dice and any(stats.frightens(o, f) for o in foes):
            p_fear = (stats.courage(state, f) - 1) / 6
        nxt = []
        for w, t_prev, m_prev in outcomes:
            for afraid, pw in ((False, 1 - p_fear), (True, p_fear)):
                if pw == 0:
                    continue
                t, m = melee.combat_threshold(state, table, f, charged=charged, afraid=afraid)
                nxt.append((w * pw, max(t, t_prev), tuple(m) if t >= t_prev else m_prev))
        outcomes = nxt
    dist = core.mix([(w, core.pool(total, t, explode=True, reroll=enchanted)) for w, t, _ in outcomes])
    best = max(outcomes, key=lambda o: o[0])
    return tuple(dist), total, best[1], best[2]


def fight(state: GameState, table, attackers: list[Figure], defender: Figure, *,
          charged: bool = False, countered: bool = False, power: int | None = None,
          opportunity: bool = False) -> Odds:
    """One combat phase from the attackers' side (a coordinated attack when several)."""
    att, n, t, mods = _side(state, table, attackers, [defender], charged=charged, power=power)
    dfn, _, _, _ = _side(state, table, [defender], attackers, charged=countered,
                         no_dice=opportunity)
    a_wins, d_wins, _tie = core.opposed(att, dfn)
    left = core.after_saves(a_wins, stats.save_threshold(state, defender))
    p_out, loss, p_down = damage(left, defender.vitality, in_melee=True)
    back_out = 0.0
    back: list[float] = [1.0]
    if len(attackers) == 1:
        back = core.after_saves(d_wins, stats.save_threshold(state, attackers[0]))
        back_out = damage(back, attackers[0].vitality, in_melee=True)[0]
    return Odds(target=t, mods=tuple(mods), dice=n, hits=att, p_hit=1 - att[0],
                expected_hits=core.mean(att), p_out=p_out, expected_loss=loss, p_down=p_down,
                p_win=sum(a_wins), p_lose=sum(d_wins), p_attacker_out=back_out,
                extra={"back": tuple(back)})   # unsaved hits on a lone attacker


def ladder(state: GameState, fig: Figure, n: int) -> float:
    """Chance that a figure's initiative ladder of n dice all succeed (1 for n = 0)."""
    return core.ladder(stats.ladder(state, fig, n))
