"""Khârn-Ages decisions for the utility AI. Options are scored here in hit points (the
profile's ``select`` picks among them); kinds it does not know get a random legal instance,
scored low, so new rules (shots, spells) never break it.

Two styles, by the profile's ``smart`` flag:

- the greedy baseline (``smart: false``): the best immediate expected damage per PA (an
  attack where it stands, else an assault), else a walk straight at the nearest enemy while
  it costs at most ``walk_pa`` PA, else the end; the advised defence (K-R23);
- the utility AI (``smart: true``): an attack is worth its expected damage, a kill worth
  ``kill_bonus`` more in proportion to the target's Kouronnes, less the riposte expected,
  ``pa_price`` per PA, and what the PA spent cost its later defences against the enemies
  that can still reach it (``threat.exposure``: the PA budget). Builds: one undominated build
  per characteristics multiset (``threat.best_build``), the support bonus counted. Walks
  weigh the ground gained toward the best target against the exposure at the end point
  and the zones of control entered (``zoc_price`` per zone past the first), more boldly as
  the turn limit nears; when something blocks the straight line (a wall, the river of the
  Gué des Crocs) they follow the shortest way round it instead. Defences:
  ``odds.advise_defence`` (the hot-seat advisor's ranking, K-R23) with each PA priced
  at what it still saves later (``threat.defence_pa_price``).
  Re-rolls: Maître first (free), a mastery die when the kept face is short. Standing up,
  bandaging a bleeding worse than the exposure it buys, devouring when nobody threatens.
  Shots, reloads and throws (``shots``): priced like attacks from the exact odds. An
  assault with a long weapon ends within its reach when base contact is past its move.
  ``advise`` (the defence policy) is what the window's advice calls (``game.ui.advised``).
"""
from __future__ import annotations

import math

from game.ai import candidates
from game.ai.kharn_ages import morale as KM
from game.ai.kharn_ages import shots as S
from game.ai.kharn_ages import skill_choices as SC
from game.ai.kharn_ages import threat as T
from game.ai.kharn_ages.defence import advise
from game.ai.utility import Option
from game.core.actions import Action, ActionChoice
from game.rulesets._shared.tables import base_of
from game.rulesets.kharn_ages import casting as CA
from game.rulesets.kharn_ages import codes, fight, flow, zones
from game.rulesets.kharn_ages import legal as LG
from game.rulesets.kharn_ages import morale_flow as MF
from game.rulesets.kharn_ages import victory as VIC
from game.rulesets.kharn_ages.attacks import AttackBuild, base_damage
from game.rulesets.kharn_ages.cards import fighter, fighters
from game.rulesets.kharn_ages.fighter import TOISE, Fighter
from game.rulesets.kharn_ages.moves import walk_allowance
from game.rulesets.kharn_ages.ranged_fight import FREE_SHOT

LOW = 0.01
TOP_BUILDS = 4         # undominated builds weighed per PA (the strongest)
END = 0.05              # the smart AI's score for ending the activation (keeping its PA)
UNPRICED = -1.0         # the smart AI's score for a kind it does not price


def decide(engine, view, agent):
    choices = engine.legal_actions()
    out: list[Option] = []
    known = set()
    for c in choices:
        made = _options(engine, view, c, agent)
        if made is not None:
            known.add(c.kind)
            out += made
    # Kinds it does not price: a random instance, scored low; below nothing for the
    # utility AI (its draw among the top options must not pick a blind throw over keeping
    # its PA: a loss to greedy), so only played when nothing else is offered.
    low = UNPRICED if smart(agent.profile) else LOW / 2
    for c in choices:
        if c.kind not in known:
            a = candidates.instantiate(engine, c, agent.rng, tries=2)
            if a is not None:
                out.append(Option(a, "fallback", {}, score=low, note="generic"))
    return out


def smart(prof: dict) -> bool:
    return bool(prof.get("smart", True))


def _options(engine, view, c: ActionChoice, agent) -> list[Option] | None:
    st = view
    prof = agent.profile
    clever = smart(prof)
    if c.kind == flow.ACTIVATE:
        return [_activate(engine, st, c, prof)]
    if c.kind == flow.END or c.kind == fight.SKIP:
        return [Option(Action(c.kind, c.actor), "end", {}, score=END if clever else LOW)]
    if c.kind in (MF.RALLY, MF.ACCEPT):
        return KM.options(st, c, prof)
    if c.kind == fight.KEEP:
        return [Option(Action(c.kind, c.actor), "react", {}, score=0.5)]
    if c.kind == fight.REROLL:
        return [_reroll(st, c, prof)]
    if c.kind == fight.MASTER:
        return [_master(st, c, prof)] if clever else []
    if c.kind == fight.DEFEND:
        value = advise(st, c, prof) if clever else c.hints["advised"]
        return [Option(Action(c.kind, c.actor, value=value), "defend", {}, score=1.0)]
    if c.kind in (flow.ATTACK, fight.FREE_ATTACK):
        return _attacks(engine, st, c, agent, assault=False)
    if c.kind == flow.ASSAULT:
        return _attacks(engine, st, c, agent, assault=True)
    if c.kind == flow.WALK:
        return _walks(engine, st, c, prof) if clever else _walk(engine, st, c, prof)
    if c.kind == flow.STAND and clever:
        return [Option(Action(c.kind, c.actor), "stand", {}, score=2.0)]
    if c.kind == flow.BANDAGE and clever:
        return _bandage(st, c, prof)
    if c.kind == flow.DEVOUR and clever:
        return _devour(st, c, prof)
    if c.kind == flow.ALERT and clever:
        return []
    if c.kind in (CA.CAST, CA.RESIST):          # spells: their own module (K-R91)
        from game.ai.kharn_ages.casting import options as spell_options

        return spell_options(engine, st, c, agent)
    if c.kind in (flow.SHOOT, FREE_SHOT, flow.RELOAD, flow.THROW) and clever and prof.get("shots", True):
        return _shots(engine, st, c, agent)
    if c.kind in SC.KINDS and clever:            # skills and generic actions (K-R110 to K-R120)
        return SC.options(st, c, prof)
    return None


# --------------------------------------------------------------------- activation
def _activate(engine, st, c: ActionChoice, prof: dict) -> Option:
    fig = st.figures[c.actor]
    foes = [e for e in st.enemies_of(fig)]
    near = min((math.dist(fig.pos, e.pos) for e in foes), default=0.0)
    # the order (profile key ``activation``, see base.yaml): ``nearest`` first, a figure
    # down included; ``strike`` (below) by a strike guessed from the distance, down first
    if not smart(prof) or not foes or prof.get("activation", "nearest") == "nearest":
        return Option(Action(c.kind, c.actor), "activate", {}, score=1.0 / (1.0 + near / TOISE))
    f = fighter(st, fig)
    if f.status.get("down"):
        return Option(Action(c.kind, c.actor), "activate", {}, score=3.0)
    best = None
    saved = f.status.get("pa")
    f.status["pa"] = f.profile.pa              # what it will have once activated
    try:
        for e in foes:
            gap = T.gap_mm(fig, e)
            if gap > T.strike_range_mm(f):
                continue
            ef = fighter(st, e)
            for b in T.strong_builds(f, min(3, f.profile.pa), 2):
                dmg, kill, riposte, _ = T.attack_value(f, ef, b, assault=gap > f.reach * TOISE + 1.0)
                net = dmg + float(prof.get("kill_bonus", 10)) * kill - float(prof.get("riposte", 0.7)) * riposte
                best = net if best is None else max(best, net)
    finally:
        f.status["pa"] = saved
    if best is None:                       # nobody to strike: walk before those facing fresh foes
        score = 0.5 / (1.0 + near / TOISE)
    elif best > 0:                         # a foe worth striking now (its PA spent): first
        score = 1.0 + best / 5.0
    else:                                  # only foes with their PA: let them strike first
        score = 0.2 / (1.0 - best)
    return Option(Action(c.kind, c.actor), "activate", {}, score=score)


# --------------------------------------------------------------------- re-rolls and defences
def _roll(st):
    which = fight.current(st)
    data = which["a"] if which["stage"] == "attack" else which["d"]
    return which, data["faces"], sum(int(v) for _, v in data["mods"])


def _reroll(st, c: ActionChoice, prof: dict) -> Option:
    which, faces, _ = _roll(st)
    kept = max(faces)
    short = which["stage"] != "attack" or kept < int(prof.get("reroll_below", 6))
    if smart(prof) and fight.MASTER in _kinds(st, c):
        short = False                       # Maître first: it costs nothing
    low = min(range(len(faces)), key=lambda i: faces[i])
    return Option(Action(c.kind, c.actor, value=c.values[low]), "react", {}, score=1.0 if short else 0.1)


def _kinds(st, c: ActionChoice) -> set[str]:
    d = st.pending[-1] if st.pending else None
    out = set()
    if d is not None and d.context.get("master"):
        out.add(fight.MASTER)
    return out


def _master(st, c: ActionChoice, prof: dict) -> Option:
    """Maître: re-roll every die but the kept one (the kept one alone when it is the only one)."""
    which, faces, _ = _roll(st)
    kept = max(range(len(faces)), key=lambda i: faces[i])
    dice = tuple(i for i in range(len(faces)) if i != kept) or (kept,)
    short = which["stage"] != "attack" or faces[kept] < int(prof.get("reroll_below", 6)) + 1
    # ``value`` too: the choice lists the dice in ``values``, and the engine's membership
    # check wants ``value`` among them (as the window's form plays it); without it every
    # Maître was refused (``refused.bad_value``) and the figure kept its roll instead.
    return Option(Action(c.kind, c.actor, value=dice[0], values=dice), "react", {},
                  score=1.2 if short else 0.05)


# --------------------------------------------------------------------- attacks
def _attacks(engine, st, c: ActionChoice, agent, assault: bool) -> list[Option]:
    prof = agent.profile
    att = fighter(st, st.figures[c.actor])
    offered = set(c.values)
    best: dict[str, tuple[float, str]] = {}
    clever = smart(prof)
    walk = int(c.hints.get("cost", 0)) if assault else 0
    table = engine.ruleset.table_for(engine.state)
    _EXPOSED.clear()
    for t in c.offered:
        if not agent.spend():
            break
        if assault and clever and c.move is not None and \
                T.gap_mm(st.figures[c.actor], st.figures[t]) > c.move.allowance + att.reach * TOISE + 1.0:
            continue                             # out of an assault's reach: no path to search
        dfn = fighter(st, st.figures[t])
        bonus = 0
        if clever and not assault and c.kind == flow.ATTACK:
            n_att, n_dfn, _, _ = zones.support(st, table, att, dfn, fighters(st))
            bonus = n_att if n_att > n_dfn else 0
        for b in _candidates(att, offered, clever):
            dmg, kill, riposte, hit = T.attack_value(att, dfn, b, assault, bonus)
            if clever:
                score = _attack_score(st, prof, att, dfn, b, dmg, kill, riposte, hit, walk,
                                      free=c.kind == fight.FREE_ATTACK)
            else:
                score = (dmg + float(prof.get("kill_bonus", 10)) * kill) / b.pa
            if clever and assault:                # held back at the zone of a terrifying foe
                score = KM.assault_value(st, table, att, dfn, score, prof)
            code = codes.attack_code(b)
            if t not in best or score > best[t][0]:
                best[t] = (score, code)
    out = []
    for t, (score, code) in best.items():
        if assault:                              # the path is searched only if this option is tried
            out.append(Option(Action(c.kind, c.actor, targets=(t,), value=code), "attack", {},
                              score=score * (1.0 if clever else 0.9), resolve=_contact(engine, st, c, t, code)))
        else:
            out.append(Option(Action(c.kind, c.actor, targets=(t,), value=code), "attack", {}, score=score))
    return out


def _shots(engine, st, c: ActionChoice, agent) -> list[Option]:
    """Shots priced like attacks (``shots``: exact odds, cover, band, ammunition, the PA
    budget); a reload at a share of the shot it makes possible."""
    prof = agent.profile
    att = fighter(st, st.figures[c.actor])
    _EXPOSED.clear()

    def price(dfn: Fighter, pa: int, dmg: float, kill: float, hit: float, a_effects: int) -> float:
        b = AttackBuild(("A",) * max(1, pa), "A", ("A",) * a_effects)
        return _attack_score(st, prof, att, dfn, b, dmg, kill, 0.0, hit, 0, free=pa == 0, pa=pa)

    if c.kind == flow.RELOAD:
        return [Option(Action(c.kind, c.actor), "shoot", {}, score=S.reload_value(engine, st, c, prof, price))]
    if c.kind == flow.THROW:                     # a stone or small object, priced like a shot
        return [Option(Action(c.kind, c.actor, targets=(t,), value=obj), "shoot", {},
                       score=score * float(prof.get("shot_weight", 1.0)))
                for t, (score, obj) in S.best_throws(engine, st, c, prof, price).items()]
    best = S.best_shots(engine, st, c, prof, price, free=c.kind == FREE_SHOT)
    return [Option(Action(c.kind, c.actor, targets=(t,), value=code), "shoot", {},
                   score=score * float(prof.get("shot_weight", 1.0)))
            for t, (score, code) in best.items()]


def _candidates(att: Fighter, offered: set[str], clever: bool) -> list[AttackBuild]:
    if clever:                                   # per PA, the strongest few undominated builds
        out = []
        for n in (1, 2, 3):
            pool = [b for b in T.all_builds(att) if b.pa == n and codes.attack_code(b) in offered]
            pool.sort(key=lambda b: -(sum(att.char(x) for x in b.chars) + base_damage(att, b)
                                      + 2 * b.effects.count("A") + b.effects.count("P")))
            out += pool[:TOP_BUILDS]
        return out + [codes.attack_build(v) for v in offered if codes.attack_build(v).special]
    out = []
    for n in (1, 2, 3):                          # the baseline: no effects, two builds per PA
        ranked = sorted((b for b in T.all_builds(att) if b.pa == n),
                        key=lambda b: -sum(att.char(x) for x in b.chars))
        for b in ranked[:2]:
            twice = [x for x in dict.fromkeys(b.chars) if b.chars.count(x) == 2]
            plain = AttackBuild(b.chars, twice[0] if twice else max(dict.fromkeys(b.chars), key=att.char),
                                b.effects if twice else ())
            if codes.attack_code(plain) in offered:
                out.append(plain)
    return out


def _attack_score(st, prof: dict, att: Fighter, dfn: Fighter, b: AttackBuild, dmg: float, kill: float,
                  riposte: float, hit: float, walk: int, free: bool = False,
                  pa: int | None = None) -> float:
    rel = T.value_of(st, dfn.fig) / _mean_value(st)
    gain = min(dmg, dfn.fig.vitality) + float(prof.get("kill_bonus", 10)) * kill * rel
    if "A" in b.effects:                         # a free simple attack on a hit
        gain += hit * 0.35 * b.effects.count("A") * max(1.0, dmg)
    if pa is None:                               # a free attack (the A effect) costs no PA
        pa = 0 if free else b.pa + walk
    cost = float(prof.get("pa_price", 0.4)) * pa + float(prof.get("riposte", 1.0)) * riposte
    if prof.get("budget", True):
        left = max(0, att.pa - pa)
        memo = _EXPOSED.setdefault((id(st), att.id), {})
        if None not in memo:
            memo[None] = T.exposure(st, att, att.pa, float(prof.get("later", 0.5)))
        if left not in memo:
            memo[left] = T.exposure(st, att, left, float(prof.get("later", 0.5)))
        after = memo[left]
        cost += float(prof.get("guard", 1.0)) * max(0.0, after - memo[None])
    return gain - cost


_EXPOSED: dict[tuple, dict[int | None, float]] = {}   # one decision's exposure by PA left (None: all)


def _mean_value(st) -> float:
    vals = [T.value_of(st, f) for f in st.figures.values() if not f.out]
    return sum(vals) / len(vals) if vals else 1.0


def _contact(engine, st, c: ActionChoice, target: str, code: str):
    """The assault's path, searched when the option is tried: into base contact, else to
    a point within the weapon's reach (a halberd strikes from two toises: base contact
    may be past the move while a point in reach is not)."""
    def resolve() -> Action | None:
        fig, foe = st.figures[c.actor], st.figures[target]
        for p in candidates.contact_paths(engine, fig, foe, c.move)[:3]:
            a = Action(c.kind, c.actor, targets=(target,), value=code, path=p)
            if engine.check(a) is None:
                return a
        if fighter(st, fig).reach <= 1.0:       # base contact was the only way
            return None
        reach = fighter(st, fig).reach * TOISE
        table = engine.ruleset.table_for(engine.state)
        found = []
        for gap in (reach * 0.9, reach * 0.5):
            for q in table.approach_points(base_of(fig), base_of(foe), gap, n=12):
                res = table.shortest_path(base_of(fig), q, max_cost=c.move.allowance,
                                          ignore_terrain=c.move.ignore_terrain,
                                          ignore_difficult=c.move.ignore_difficult)
                if res is not None:
                    found.append((res[1], tuple(tuple(x) for x in res[0])))
            if found:
                break
        for _, p in sorted(found)[:3]:
            a = Action(c.kind, c.actor, targets=(target,), value=code, path=p)
            if engine.check(a) is None:
                return a
        return None
    return resolve


# --------------------------------------------------------------------- walks
def _walk(engine, st, c: ActionChoice, prof: dict) -> list[Option]:
    """The baseline: straight at the nearest enemy."""
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


def _walks(engine, st, c: ActionChoice, prof: dict) -> list[Option]:
    """Toward the best targets, a few lengths each, scored by the ground gained, the exposure
    at the end point (with the PA left after paying the walk) and the zones entered."""
    cost = int(c.hints.get("cost", 0))
    fig = st.figures[c.actor]
    f = fighter(st, fig)
    foes = [e for e in st.enemies_of(fig)]
    if not foes or cost > int(prof.get("walk_pa", 2)):
        return []
    table = engine.ruleset.table_for(engine.state)
    later = float(prof.get("walk_later", 0.1))    # those done this turn: we may strike first
    bold = boldness(st, fig.side, prof, f)
    pa_after = max(0, f.pa - cost)
    here = T.exposure(st, f, pa_after, later)
    ranked = sorted(foes, key=lambda e: T.gap_mm(fig, e) - 3 * TOISE * (1 - e.vitality / max(1, e.max_vitality)))
    fs = fighters(st)
    out = []
    legal_walks = bool(prof.get("walk_terrain", False))
    allowance = c.move.allowance - HAIR if legal_walks else c.move.allowance
    seen: set = set()
    for foe in ranked[:2]:
        d = math.dist(fig.pos, foe.pos)
        if d <= 1e-6:
            continue
        gap = d - fig.radius - foe.radius
        for route, res in _goals(table, fig, foe, allowance):
            path = tuple(tuple(q) for q in res[0])
            if legal_walks:
                path = _legal_walk(engine, st, c, f, table, path)
                if path is None or path in seen:
                    continue
                seen.add(path)
            stop = zones.walk_stop(st, table, f, list(path), fs)
            end = tuple(stop.path[-1]) if stop.path else fig.pos
            gained = _gained(route, stop.path, gap, math.dist(end, foe.pos) - fig.radius - foe.radius)
            risk = T.exposure(st, f, pa_after, later, at=end) - here
            zoc = len(stop.entered) + sum(1 for e in foes if e.id not in stop.entered
                                          and math.dist(end, e.pos) - fig.radius - e.radius
                                          <= fs[e.id].zdc * TOISE + 0.5)
            score = (float(prof.get("progress", 0.6)) * bold * gained
                     - float(prof.get("caution", 0.5)) / bold * risk
                     - float(prof.get("zoc_price", 4.0)) * max(0, zoc - 1)
                     - float(prof.get("pa_price", 0.4)) * cost
                     + KM.walk_value(st, f, end, prof))      # the leader's aura near terror
            out.append(Option(Action(c.kind, c.actor, path=path), "move", {}, score=score))
    return out


def _legal_walk(engine, st, c: ActionChoice, f: Fighter, table, path: tuple) -> tuple | None:
    """``path`` if the rules accept it as this walk, else the same way cut short to what
    they allow: a walk whose footprint touches slowing ground (water halves it, K-R9) has a
    shorter allowance than the choice's full speed, and a path at the allowance's very edge
    may pass it by a hair; None when even the cut one is refused. (``walk_terrain``: the
    walks were planned at full speed and the refused ones scored, the figure then falling
    back to a lesser walk.)"""
    if engine.check(Action(c.kind, c.actor, path=path)) is None:
        return path
    fig = f.fig
    terrain = LG.slowing(st, fig.pos, path, fig.radius)
    allowed = min(c.move.allowance, walk_allowance(f.speed, terrain) * TOISE) - HAIR
    if allowed < TOISE / 4:
        return None
    goal = _point_along([tuple(fig.pos), *path], allowed)
    res = table.shortest_path(base_of(fig), goal, max_cost=allowed, ignore_difficult=True)
    if res is None:
        return None
    cut = tuple(tuple(q) for q in res[0])
    return cut if engine.check(Action(c.kind, c.actor, path=cut)) is None else None


def boldness(st, side: int, prof: dict, f: Fighter | None = None) -> float:
    """How much bolder walks get as the turn limit nears: from the last ``bold_turns`` turns,
    and ``bold_level`` turns earlier when the side is not ahead in Kouronnes felled (a draw
    at the limit counts as a loss: the slow Tembos of *La lisière* drew 15 games in 100
    against the random agent, walking in too late); with ``bold_far`` and the figure ``f``,
    earlier still by the activations it needs to come within reach of an enemy, less one
    (a figure two activations off gets bold a turn before its side would)."""
    left = st.max_turns - st.turn                 # turns after this one
    horizon = int(prof.get("bold_turns", 2))
    if VIC.taken(st, side) <= max(VIC.taken(st, s) for s in st.side_ids() if s != side):
        horizon += int(prof.get("bold_level", 0))
        if f is not None and prof.get("bold_far", False):
            horizon += max(0, _turns_to_reach(st, f) - 1)
    return 1.0 + float(prof.get("bold", 1.0)) * max(0, horizon - left)


def _turns_to_reach(st, f: Fighter) -> int:
    """Activations ``f`` needs to come within reach of its nearest enemy, two walks each."""
    gaps = [T.gap_mm(f.fig, e) for e in st.enemies_of(f.fig)]
    if not gaps or f.speed <= 0:
        return 0
    return math.ceil(max(0.0, min(gaps) - f.reach * TOISE) / (2 * f.speed * TOISE))


WALK_SHARES = (1.0, 0.75, 0.5, 0.25)
HAIR = 1.0      # mm: walks are planned this far inside their allowance (``walk_terrain``): a
                # path planned right at the edge was sometimes refused by a fraction of a mm


def _goals(table, fig, foe, allowance: float):
    """(route, shortest path found) pairs of the walks toward ``foe``: to points along the
    straight line at a few shares of the allowance when that line is clear (the route: the
    line), else along the shortest way around what blocks it (``_route``: the river's ford,
    a building), where a straight line at the foe only walks into the obstacle."""
    d = math.dist(fig.pos, foe.pos)
    gap = d - fig.radius - foe.radius
    step = min(allowance, max(0.0, gap - 1.0))
    if step < TOISE / 4:
        return
    ux, uy = (foe.x - fig.x) / d, (foe.y - fig.y) / d
    line = [tuple(fig.pos), (fig.x + ux * step, fig.y + uy * step)]
    route = line if _clear(table, fig, foe) else _route(table, fig, foe)
    if route is None:
        return
    if route is not line:
        step = min(allowance, _length(route))
    for k in WALK_SHARES:
        res = table.shortest_path(base_of(fig), _point_along(route, step * k), max_cost=allowance,
                                  ignore_difficult=True)
        if res is not None:
            yield route, res


def _clear(table, fig, foe) -> bool:
    """Whether the shortest way to just short of ``foe`` is about the straight line (an
    unreachable end counts as clear: the straight walks stand)."""
    d = math.dist(fig.pos, foe.pos)
    gap = d - fig.radius - foe.radius
    k = max(0.0, gap - 1.0) / d
    near = (fig.x + (foe.x - fig.x) * k, fig.y + (foe.y - fig.y) * k)
    res = table.shortest_path(base_of(fig), near, ignore_difficult=True)
    return res is None or _length([fig.pos, *res[0]]) <= 1.05 * math.dist(fig.pos, near) + 1.0


def _route(table, fig, foe) -> list[tuple[float, float]] | None:
    """The shortest way (centre points, ``fig``'s first) to a point two millimetres from
    ``foe``'s base, around what blocks the straight line."""
    best = None
    for q in table.approach_points(base_of(fig), base_of(foe), 2.0, n=8):
        r = table.shortest_path(base_of(fig), q, ignore_difficult=True)
        if r is not None and (best is None or r[1] < best[1]):
            best = r
    if best is None:
        return None
    return [tuple(fig.pos)] + [tuple(q) for q in best[0] if tuple(q) != tuple(fig.pos)]


def _length(route) -> float:
    return sum(math.dist(a, b) for a, b in zip(route, route[1:]))


def _point_along(route, length: float) -> tuple[float, float]:
    """The point ``length`` mm along ``route`` (its end past its length)."""
    for a, b in zip(route, route[1:]):
        seg = math.dist(a, b)
        if length <= seg and seg > 0:
            t = length / seg
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        length -= seg
    return route[-1]


def _gained(route, walked, gap: float, gap_after: float) -> float:
    """Toises gained toward the foe: the gap closed on a straight route, the length walked
    along a route that bends (around the river, a building: the gap may not shrink at first)."""
    if len(route) <= 2:
        return (gap - gap_after) / TOISE
    pts = list(walked)
    return _length(pts) / TOISE if len(pts) > 1 else 0.0


# --------------------------------------------------------------------- care and meals
def _bandage(st, c: ActionChoice, prof: dict) -> list[Option]:
    f = fighter(st, st.figures[c.actor])
    bleed = [int(x) for x in f.status.get("bleeding") or ()]
    if not bleed:
        return []
    later = float(prof.get("later", 0.5))
    now = T.exposure(st, f, f.pa, later)
    out = []
    for pa in c.values:
        saved = (sum(bleed) if int(pa) >= 4 else 1) * 2.0        # about two activations of it
        cost = T.exposure(st, f, f.pa - int(pa), later) - now + float(prof.get("pa_price", 0.4)) * int(pa)
        out.append(Option(Action(c.kind, c.actor, value=int(pa)), "care", {}, score=saved - cost))
    return out


def _devour(st, c: ActionChoice, prof: dict) -> list[Option]:
    f = fighter(st, st.figures[c.actor])
    hurt = f.fig.max_vitality - f.fig.vitality
    if hurt <= 0 or not c.offered:
        return []
    later = float(prof.get("later", 0.5))
    now = T.exposure(st, f, f.pa, later)
    out = []
    for pa in c.values:
        pa = int(pa)
        gain = min(hurt, 2 * pa)
        cost = T.exposure(st, f, f.pa - pa, later) - now + float(prof.get("pa_price", 0.4)) * pa
        out.append(Option(Action(c.kind, c.actor, targets=(c.offered[0],), value=pa), "care", {},
                          score=gain - cost))
    return out

