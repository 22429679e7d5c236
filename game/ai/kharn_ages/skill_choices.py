"""The Khârn-Ages AI's answers to the skills and generic actions of the flow (K-R110 to
K-R120), scored in hit points like the planner's other options (``END`` keeps the PA):

- Chef de guerre: always, at once, when it gains PA (once a game, 0 PA);
- Sacrifice: when the figure has a foe within reach and the giver stays well alive;
- Détecter, care of a friend, putting out a fire: the harm they stop against the PA spent;
- eating the food carried when hurt; looting when no foe threatens; armour stays on;
- the warning shout: yes when the target may be hurt (a free defence for 1 PA of a friend);
- Sadique: the PA left past what the exposure still asks for, one damage each;
- Bretteur: force the opponent's dice that beat ours, the highest first."""
from __future__ import annotations

from game.ai.kharn_ages import threat as T
from game.ai.utility import Option
from game.core.actions import Action, ActionChoice
from game.rulesets.kharn_ages import duel
from game.rulesets.kharn_ages import fight as FT
from game.rulesets.kharn_ages import generic_flow as GF
from game.rulesets.kharn_ages import warning as WN
from game.rulesets.kharn_ages.cards import fighter

KINDS = (*GF.KINDS, WN.WARN, *duel.KINDS)
TAKE = 50.0                 # Chef de guerre: before anything else


def options(st, c: ActionChoice, prof: dict) -> list[Option]:
    kind = c.kind
    f = fighter(st, st.figures[c.actor])
    price = float(prof.get("pa_price", 0.4))
    later = float(prof.get("later", 0.5))
    if kind == GF.WARLORD:
        gain = int(c.hints.get("gain", 0))
        return [Option(Action(kind, c.actor), "skill", {}, score=TAKE * gain)] if gain > 0 else []
    if kind == GF.SACRIFICE:
        return _sacrifice(st, c, f)
    if kind == GF.DETECT:
        return [Option(Action(kind, c.actor), "skill", {}, score=1.5 - price * int(c.hints.get("cost", 2)))]
    if kind in (GF.ANTIDOTE, GF.BANDAGE_FRIEND):
        return _care(st, c, f, prof)
    if kind in (GF.PUT_OUT, GF.SMOTHER):
        cost = int(c.hints.get("cost", 1))
        return [Option(Action(kind, c.actor, targets=(t,)), "care", {}, score=4.0 - price * cost)
                for t in c.targets]
    if kind == GF.EAT:
        hurt = f.fig.max_vitality - f.fig.vitality
        return [Option(Action(kind, c.actor), "care", {}, score=min(hurt, 6) - price * 3)] if hurt >= 4 else []
    if kind == GF.LOOT:
        if T.exposure(st, f, f.pa, later) > 0.5:
            return []
        return [Option(Action(kind, c.actor, targets=(c.targets[0],), value=c.values[0]), "loot", {},
                       score=0.3)] if c.targets and c.values else []
    if kind == WN.WARN:
        return [Option(Action(kind, c.actor, value=c.values[0]), "react", {}, score=1.0)] if c.values else []
    if kind == duel.SADIQUE:
        return _sadique(st, c, f, later)
    if kind == duel.BRETTEUR:
        return _bretteur(st, c)
    return []          # taking armour off: never worth it in our scenarios


def _care(st, c: ActionChoice, f, prof: dict) -> list[Option]:
    """Care of a friend: about two activations of the bleeding it stops (all of it with
    4 PA, one point else; a poison's 3 or 2), less the PA's tempo and what they cost the
    giver's own defences against the enemies still to strike (the PA budget, as for an
    attack: a Paladin bandaging its prince in front of a fresh foe is left bare)."""
    price = float(prof.get("pa_price", 0.4))
    later = float(prof.get("later", 0.5))
    budget = prof.get("budget", True)
    now = T.exposure(st, f, f.pa, later) if budget else 0.0
    out = []
    for t in c.targets:
        patient = fighter(st, st.figures[t])
        bleed = sum(int(x) for x in patient.status.get("bleeding") or ()) or 1
        for pa in (int(v) for v in c.values):
            if c.kind == GF.BANDAGE_FRIEND:
                saved = (min(bleed, patient.fig.vitality) if pa >= 4 else 1) * 2.0
            else:
                saved = 3.0 if pa >= 4 else 2.0
            cost = price * pa
            if budget:
                cost += float(prof.get("guard", 1.0)) * max(0.0, T.exposure(st, f, f.pa - pa, later) - now)
            out.append(Option(Action(c.kind, c.actor, targets=(t,), value=pa), "care", {}, score=saved - cost))
    return out


def _sacrifice(st, c: ActionChoice, f) -> list[Option]:
    if not T.threats(st, f):             # nobody near enough to fight: keep the hit points
        return []
    out = []
    for gid in c.targets:
        g = fighter(st, st.figures[gid])
        x = g.skill("sacrifice")
        if g.fig.vitality - x >= g.fig.max_vitality // 2:
            out.append(Option(Action(c.kind, c.actor, targets=(gid,)), "skill", {}, score=1.5 - 0.2 * x))
    return out


def _sadique(st, c: ActionChoice, f, later: float) -> list[Option]:
    """Spend the PA its defences no longer need: exposure with the PA kept against without."""
    best = None
    base = T.exposure(st, f, f.pa, later)
    for x in sorted(int(v) for v in c.values):
        if T.exposure(st, f, f.pa - x, later) - base < 0.5 * x:
            best = x
    if best is None:
        return []
    return [Option(Action(c.kind, c.actor, value=best), "react", {}, score=float(best))]


def _bretteur(st, c: ActionChoice) -> list[Option]:
    """Force the opponent's highest faces (those at 6 or more, the best ones first)."""
    fight = FT.current(st)
    d = st.pending[-1] if st.pending else None
    if fight is None or d is None:
        return []
    faces = list(fight[d.context["roll"]]["faces"])
    most = int(c.hints.get("most", 1))
    high = sorted((i for i in c.values if faces[int(i)] >= 6), key=lambda i: -faces[int(i)])[:most]
    if not high:
        return []
    return [Option(Action(c.kind, c.actor, value=int(high[0]), values=tuple(int(i) for i in high)), "react", {},
                   score=0.2 * sum(faces[int(i)] for i in high))]
