"""Spells for the Khârn-Ages AI (K-R91): a cast is worth the exact chance that it works
(``spell_odds.works_chance``, against the defence the target can best afford, up to 2 PA)
times what its effect is worth in hit points (``effect_value``), less the PA it costs; the
answer to a spell (``resist``) weighs each defence's exact chance to hold against the harm
the spell would do, a friend's spell being welcomed. Called from the planner's hook."""
from __future__ import annotations

from game.ai.kharn_ages import threat as T
from game.ai.utility import Option
from game.core.actions import Action, ActionChoice
from game.rulesets.kharn_ages import casting as CA
from game.rulesets.kharn_ages import fight
from game.rulesets.kharn_ages import spell_odds as SO
from game.rulesets.kharn_ages import spells as SP
from game.rulesets.kharn_ages.cards import fighter, fighters
from game.rulesets.kharn_ages.fighter import Fighter
from game.rulesets.kharn_ages.magic import defence_pa_ok

STATE_VALUE = {"stunned": 1.5, "knocked_out": 3.0, "down": 1.5, "frost": 1.0}
CHAR_VALUE = {"V": 0.4, "P": 0.8, "A": 0.7, "C": 0.6, "T": 0.2, "I": 0.2}


def options(engine, st, c: ActionChoice, agent) -> list[Option]:
    prof = agent.profile
    if c.kind == CA.RESIST:
        return [resist(st, c, prof)]
    return casts(st, c, prof)


def step_value(st, caster: Fighter, target: Fighter, step, prof: dict) -> float:
    """Hit points' worth of one step on one target (positive: good for the caster)."""
    foe = target.fig.side != caster.fig.side
    sign = 1.0 if foe else -1.0
    k = step.kind
    if k == "damage":
        n = min(int(step.amount), target.fig.vitality)
        kill = float(prof.get("kill_bonus", 10)) * T.value_of(st, target.fig) / _mean_value(st) \
            if int(step.amount) >= target.fig.vitality else 0.0
        return sign * (n + kill)
    if k == "heal":
        missing = target.fig.max_vitality - target.fig.vitality
        return -sign * 0.8 * min(int(step.amount), missing)
    if k == "state":
        v = 1.5 * int(step.value or 1) if step.state == "bleeding" else STATE_VALUE.get(step.state, 1.0)
        return sign * v
    if k == "char":
        near = 1.0 if _near_foes(st, target) else 0.4
        return -sign * CHAR_VALUE.get(step.char, 0.3) * int(step.delta) * near
    if k == "rally":
        s = target.status
        shaken = s.get("frightened") or s.get("demoralised") or s.get("temerity") or s.get("frozen")
        return -sign * (2.5 if shaken else 0.1)
    return 0.5 if not foe else 0.0                     # dread: the caster's


def effect_value(st, caster: Fighter, target: Fighter, sid: str, effect: int, prof: dict) -> float:
    return sum(step_value(st, caster, target, s, prof) for s in SP.spell(sid).effects[effect].do)


def _near_foes(st, f: Fighter) -> bool:
    return any(T.gap_mm(f.fig, e) <= 3 * 40.0 for e in st.enemies_of(f.fig))


def _mean_value(st) -> float:
    vals = [T.value_of(st, f) for f in st.figures.values() if not f.out]
    return sum(vals) / len(vals) if vals else 1.0


def expected_defence(t: Fighter) -> int:
    """The defence a foe can best afford, up to 2 PA (what the AI plans against)."""
    return max((pa for pa in (0, 1, 2) if defence_pa_ok(t, pa)), default=0)


def works(st, caster: Fighter, target: Fighter, pa: int, need: int, bonus: int) -> float:
    if target.fig.side == caster.fig.side:
        return SO.works_chance(caster, None, pa, need, bonus)
    if not defence_pa_ok(target, 0):
        return SO.works_chance(caster, None, pa, need, bonus)
    return SO.works_chance(caster, target, pa, need, bonus, expected_defence(target))


def cast_score(st, caster: Fighter, centre: Fighter, value: str, prof: dict, bonus: int) -> float:
    """Exact odds x value, less the PA's price."""
    sid, effect, pa = SP.parse(value)
    need = SP.spell(sid).effects[effect].difficulty
    everyone = fighters(st)
    if SP.spell(sid).target == "area":
        hit = [everyone[i] for i in SP.area_members(sid, caster, centre, everyone)]
    else:
        hit = [centre]
    gain = sum(works(st, caster, t, pa, need, bonus) * effect_value(st, caster, t, sid, effect, prof) for t in hit)
    return gain - float(prof.get("pa_price", 0.4)) * pa


def casts(st, c: ActionChoice, prof: dict) -> list[Option]:
    caster = fighter(st, st.figures[c.actor])
    bonus = CA.faction_bonus_now(st, caster)
    best: tuple[float, str, str] | None = None
    for t in c.offered:
        centre = fighter(st, st.figures[t])
        for v in c.values:
            score = cast_score(st, caster, centre, str(v), prof, bonus)
            if best is None or score > best[0]:
                best = (score, t, str(v))
    if best is None:
        return []
    return [Option(Action(c.kind, c.actor, targets=(best[1],), value=best[2]), "cast", {}, score=best[0])]


def resist(st, c: ActionChoice, prof: dict) -> Option:
    """Welcome a friend's spell; against a foe's, the defence whose chance to hold saves
    the most hit points for the PA it costs."""
    values = [str(v) for v in c.values]
    if CA.ACCEPT in values or len(values) == 1:
        return Option(Action(c.kind, c.actor, value=values[0]), "defend", {}, score=1.0)
    spell = fight.current(st)
    t = fighter(st, st.figures[c.actor])
    caster = fighter(st, st.figures[spell["att"]])
    sid, effect, pa = SP.parse(spell["code"])
    harm = max(0.0, effect_value(st, caster, t, sid, effect, prof))
    price = float(prof.get("pa_price", 0.4))
    total = int(spell["total"])

    def score(v: str) -> float:
        held = SO.spell_defence_chance(t, int(v), total, pa)
        return -(1.0 - held) * harm - price * int(v)

    pick = max(values, key=score)
    return Option(Action(c.kind, c.actor, value=pick), "defend", {}, score=1.0)
