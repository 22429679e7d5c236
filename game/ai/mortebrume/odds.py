"""The Mortebrume planner's view of the ruleset's exact odds (``game.rulesets.mortebrume.odds``,
the one place they are computed): caches keyed on what the odds depend on, and the AI's own
valuations of them (``loss``, ``damage_value``, ``best_reaction``)."""
from __future__ import annotations

from game.core.state import Figure, GameState
from game.rulesets.mortebrume import combat, stats
from game.rulesets.mortebrume import odds as rules
from game.rulesets.mortebrume.odds import Odds

NONE = rules.NONE
_CACHE: dict = {}
_MAX = 20000


def _fig_key(f: Figure) -> tuple:
    return (f.profile, stats.armour(f), f.vitality, stats.will(f))


def _remember(key, make):
    hit = _CACHE.get(key)
    if hit is None:
        if len(_CACHE) > _MAX:
            _CACHE.clear()
        hit = _CACHE[key] = make()
    return hit


def strike(att: Figure, tgt: Figure, wid: str, dist: float, reaction: str,
           inspired: int = 0) -> Odds:
    """The ruleset's strike odds, cached on what they depend on (bands, back, profiles)."""
    behind = stats.from_behind(att, tgt)
    dwid = stats.melee_weapons(tgt)[0][0]
    key = ("s", _fig_key(att), _fig_key(tgt), wid, stats.in_band(wid, dist),
           stats.in_band(dwid, dist), behind, reaction, inspired)
    return _remember(key, lambda: rules.strike(att, tgt, wid, dist, reaction, inspired))


def shot(att: Figure, tgt: Figure, wid: str, dist: float, reaction: str, mist: float,
         inspired: int = 0) -> Odds:
    d = round(dist / 5.0) * 5.0
    key = ("t", _fig_key(att), _fig_key(tgt), wid, d, stats.from_behind(att, tgt),
           stats.in_field(tgt, att), reaction, mist, inspired)
    return _remember(key, lambda: rules.shot(att, tgt, wid, d, reaction, mist, inspired))


def melee_reactions(att: Figure, tgt: Figure, state: GameState | None = None) -> list[str]:
    """What the target may answer a strike with, as the rules offer it ("none": stunned)."""
    return combat.melee_reactions(state, att, tgt) or ["none"]


def shot_reactions(att: Figure, tgt: Figure, state: GameState | None = None) -> list[str]:
    return combat.shot_reactions(state, att, tgt) or ["none"]


def loss(o: Odds, tgt: Figure, v_tgt: float, att: Figure, v_att: float) -> float:
    """The target side's net loss in horde points for odds ``o`` (blows taken minus given)."""
    return damage_value(o, tgt, v_tgt) - v_att * min(1.0, o.expected_back / max(1, att.vitality))


def damage_value(o: Odds, tgt: Figure, value: float) -> float:
    """Expected points taken from ``tgt``: its value when out, a share per wound otherwise."""
    wounds = max(0.0, o.expected_wounds - o.p_out * tgt.vitality)
    return value * (o.p_out + 0.6 * wounds / max(1, tgt.max_vitality))


def best_reaction(options: dict[str, Odds], tgt: Figure, v_tgt: float, att: Figure,
                  v_att: float, tempo: float = 0.0) -> tuple[str, Odds]:
    """The reaction the target should pick (least net loss; ``tempo`` is the worth of the
    target's own activation, lost by a riposte or a failed dodge)."""
    best = None
    for r, o in options.items():
        cost = loss(o, tgt, v_tgt, att, v_att)
        if r == "riposte" or r == "shield":
            cost += tempo
        elif r == "dodge":
            cost += tempo * o.p_hit
        if best is None or cost < best[0]:
            best = (cost, r, o)
    return (best[1], best[2]) if best else ("take", NONE)


def dodge_strike(att: Figure, tgt: Figure, wid: str, dist: float, d_inspired: int) -> Odds:
    """A strike against a dodge helped by ``d_inspired`` sets of destiny dice (cached)."""
    key = ("d", _fig_key(att), _fig_key(tgt), wid, stats.in_band(wid, dist),
           stats.from_behind(att, tgt), d_inspired)
    return _remember(key, lambda: rules.strike(att, tgt, wid, dist, "dodge", 0, d_inspired))


def spell(caster: Figure, tgt: Figure, sid: str, rp: int, ra: int, dist: float,
          dodge: bool, inspired: int = 0) -> tuple[float, float]:
    """(chance the spell takes effect, chance it does so with doubled power), cached."""
    diff = (0.0 if tgt.id == caster.id else stats.half_distance(dist)) + rp + ra
    seen = stats.in_field(tgt, caster)
    key = ("c", caster.profile, tgt.profile, sid, rp, ra, round(diff, 1), dodge, seen, inspired)

    def make():
        o = rules.spell(caster, tgt, sid, rp, ra, dist, dodge, inspired)
        return o.p_success, o.p_special
    return _remember(key, make)


raise_needed = rules.raise_needed
heal_expected = rules.heal_expected
