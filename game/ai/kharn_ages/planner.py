"""Khârn-Ages decisions for the utility AI (the greedy baseline): the best immediate expected
damage (an attack where it stands, else an assault), else a walk straight at the nearest
enemy while it costs at most ``walk_pa`` PA, else the end of the activation; the advised
defence (K-R23); a re-roll when the kept die is below ``reroll_below`` (always when a
defence is short); free attacks taken, free moves let go. Options are scored here (score =
expected hit points taken, a kill counting ``kill_bonus`` more, over the PA spent); the
profile's ``select`` picks among them. Kinds it does not know get a random legal instance,
scored low, so new rules never break it."""
from __future__ import annotations

import math
from itertools import combinations_with_replacement

from game.ai import candidates
from game.ai.utility import Option
from game.core.actions import Action, ActionChoice
from game.rulesets._shared.tables import base_of
from game.rulesets.kharn_ages import codes, fight, flow, odds
from game.rulesets.kharn_ages.armour import boxes_left
from game.rulesets.kharn_ages.attacks import AttackBuild, attack_mods, base_damage, check_attack, critical_bonus
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.defence import Incoming, defence_mods
from game.rulesets.kharn_ages.defence import options as defence_options
from game.rulesets.kharn_ages.dice import can_reroll, crit_for, dice_for
from game.rulesets.kharn_ages.fighter import CHARS, TOISE, Fighter
from game.rulesets.kharn_ages.skills import fixed_bonus

LOW = 0.01
TOP_BUILDS = 2          # characteristics multisets weighed per PA (the highest sums)


def decide(engine, view, agent):
    choices = engine.legal_actions()
    out: list[Option] = []
    known = set()
    for c in choices:
        made = _options(engine, view, c, agent)
        if made is not None:
            known.add(c.kind)
            out += made
    for c in choices:
        if c.kind not in known:
            a = candidates.instantiate(engine, c, agent.rng, tries=2)
            if a is not None:
                out.append(Option(a, "fallback", {}, score=LOW / 2, note="generic"))
    return out


def _options(engine, view, c: ActionChoice, agent) -> list[Option] | None:
    st = view
    prof = agent.profile
    if c.kind == flow.ACTIVATE:
        fig = st.figures[c.actor]
        near = min((math.dist(fig.pos, e.pos) for e in st.enemies_of(fig)), default=0.0)
        return [Option(Action(c.kind, c.actor), "activate", {}, score=1.0 / (1.0 + near / TOISE))]
    if c.kind == flow.END or c.kind == fight.SKIP:
        return [Option(Action(c.kind, c.actor), "end", {}, score=LOW)]
    if c.kind == fight.KEEP:
        return [Option(Action(c.kind, c.actor), "react", {}, score=0.5)]
    if c.kind == fight.REROLL:
        return [_reroll(st, c, prof)]
    if c.kind == fight.DEFEND:
        return [Option(Action(c.kind, c.actor, value=c.hints["advised"]), "defend", {}, score=1.0)]
    if c.kind in (flow.ATTACK, fight.FREE_ATTACK):
        return _attacks(st, c, agent, assault=False)
    if c.kind == flow.ASSAULT:
        return _attacks(st, c, agent, assault=True, engine=engine)
    if c.kind == flow.WALK:
        return _walk(engine, st, c, prof)
    return None


def _reroll(st, c: ActionChoice, prof: dict) -> Option:
    which = fight.current(st)
    faces = (which["a"] if which["stage"] == "attack" else which["d"])["faces"]
    kept = max(faces)
    short = which["stage"] != "attack" or kept < int(prof.get("reroll_below", 6))
    low = min(range(len(faces)), key=lambda i: faces[i])
    return Option(Action(c.kind, c.actor, value=c.values[low]), "react", {}, score=1.0 if short else 0.1)


def _builds(f: Fighter, values: tuple[str, ...]) -> list[str]:
    """A representative build per characteristics multiset: the best damage, no effect (the
    effect a doubled characteristic imposes when there is one), that the template offers."""
    offered = set(values)
    out = []
    for n in (1, 2, 3):
        ranked = sorted(combinations_with_replacement(CHARS, n), key=lambda cs: -sum(f.char(x) for x in cs))
        for chars in ranked[:TOP_BUILDS]:
            dmg = max(set(chars), key=f.char)
            twice = [x for x in set(chars) if chars.count(x) == 2]
            eff = (twice[0],) * (n - 1) if twice and n > 1 else ()
            b = AttackBuild(chars, twice[0] if twice else dmg, eff)
            code = codes.attack_code(b)
            if code in offered and check_attack(f, b) is None:
                out.append(code)
    return out


def _attacks(st, c: ActionChoice, agent, assault: bool, engine=None) -> list[Option]:
    prof = agent.profile
    att = fighter(st, st.figures[c.actor])
    out = []
    best: dict[str, tuple[float, str]] = {}
    for t in c.offered:
        if not agent.spend():
            break
        dfn = fighter(st, st.figures[t])
        for code in _builds(att, c.values):
            dmg, kill = _expected(att, dfn, code, assault)
            score = (dmg + float(prof.get("kill_bonus", 10)) * kill) / codes.attack_build(code).pa
            if t not in best or score > best[t][0]:
                best[t] = (score, code)
    for t, (score, code) in best.items():
        if assault:                              # the path is searched only if this option is tried
            out.append(Option(Action(c.kind, c.actor, targets=(t,), value=code), "attack", {},
                              score=score * 0.9, resolve=_contact(engine, st, c, t, code)))
        else:
            out.append(Option(Action(c.kind, c.actor, targets=(t,), value=code), "attack", {}, score=score))
    return out


def _contact(engine, st, c: ActionChoice, target: str, code: str):
    def resolve() -> Action | None:
        for p in candidates.contact_paths(engine, st.figures[c.actor], st.figures[target], c.move)[:3]:
            a = Action(c.kind, c.actor, targets=(target,), value=code, path=p)
            if engine.check(a) is None:
                return a
        return None
    return resolve


_SEEN: dict[tuple, tuple[float, float]] = {}


def _state_key(f: Fighter) -> tuple:
    s = f.status
    return (f.fig.profile, f.fig.vitality, f.pa, len(s.get("mastery_used", ())), bool(s.get("alert")),
            int(s.get("armour_ticks", 0)), int(s.get("shield_ticks", 0)), bool(s.get("shield_gone")),
            bool(s.get("stunned")), bool(s.get("bleeding")))


def _expected(att: Fighter, dfn: Fighter, code: str, assault: bool) -> tuple[float, float]:
    """(expected hit points taken, P(terrassé)) of the attack against the target's strongest
    affordable defence, the attacker keeping its dice (a quick estimate: the odds table
    weighs every defence and re-roll policy, too slow for every build of every decision);
    remembered for figures in the same state."""
    key = (_state_key(att), _state_key(dfn), code, assault)
    found = _SEEN.get(key)
    if found is None:
        if len(_SEEN) > 20000:
            _SEEN.clear()
        found = _SEEN[key] = _estimate(att, dfn, codes.attack_build(code), assault)
    return found


def _estimate(att: Fighter, dfn: Fighter, build: AttackBuild, assault: bool) -> tuple[float, float]:
    mods = attack_mods(att, build, assault=assault)
    a = odds.Roller(dice_for(att, "melee"), sum(v for _, v in mods), crit_for(att, "melee"))
    inc = Incoming(build.chars, tuple(att.char(c) for c in build.chars), build.pa)
    d = None
    best = None
    for opt in defence_options(dfn, inc):
        if opt.discard:
            continue
        bonus = sum(v for _, v in defence_mods(dfn, opt, inc))
        if best is None or bonus > best:
            best = bonus
            d = odds.Roller(dice_for(dfn, "defence"), bonus, crit_for(dfn, "defence"), can_reroll(dfn, "defence"),
                            opt.shield)
    h = odds.hit_odds(a, d, None)
    weapon = att.profile.weapon
    base = base_damage(att, build) + fixed_bonus(att, build, assault)
    dmg = kill = 0.0
    for p, rcs in ((h.plain, 0), (h.rc, 1), (h.multi, 2)):
        law = odds.armour_law(base, critical_bonus(att, build.pa, rcs, build.special), dfn.armour,
                              boxes_left(dfn), weapon.spares_armour, weapon.pierce)
        dmg += p * sum(k * q for k, q in law.items())
        kill += p * sum(q for k, q in law.items() if k >= dfn.fig.vitality)
    return dmg, kill


def _walk(engine, st, c: ActionChoice, prof: dict) -> list[Option]:
    if int(c.hints.get("cost", 0)) > int(prof.get("walk_pa", 1)):
        return []
    fig = st.figures[c.actor]
    foes = st.enemies_of(fig)
    if not foes:
        return []
    foe = min(foes, key=lambda e: math.dist(fig.pos, e.pos))
    gap = math.dist(fig.pos, foe.pos) - fig.radius - foe.radius
    step = min(c.move.allowance, max(0.0, gap - 2.0))
    if step < TOISE / 4:
        return []
    ux, uy = (foe.x - fig.x) / math.dist(fig.pos, foe.pos), (foe.y - fig.y) / math.dist(fig.pos, foe.pos)
    table = engine.ruleset.table_for(engine.state)
    out = []
    for k in (1.0, 0.6, 0.3):
        goal = (fig.x + ux * step * k, fig.y + uy * step * k)
        res = table.shortest_path(base_of(fig), goal, max_cost=c.move.allowance, ignore_difficult=True)
        if res is not None:
            out.append(Option(Action(c.kind, c.actor, path=tuple(tuple(q) for q in res[0])), "move", {},
                              score=0.05 * k))
    return out
