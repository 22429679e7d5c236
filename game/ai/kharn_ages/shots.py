"""Shots and reloads for the Khârn-Ages AI, scored in hit points like its attacks.

A shot is worth what the exact odds of the shot form say it deals (``odds.shot_table``,
the range band and the cover of ``shot_forms.situation``) through the target's strongest
affordable defence, a fall worth ``kill_bonus`` times the target's Kouronnes over the
mean, the A effect's free flash shot a share more; it costs ``pa_price`` per PA, what the
PA spent cost the shooter's later defences (``threat.exposure``, the PA budget), and,
for a weapon with a stock, ``ammo_price`` more as the stock runs low. One build per shot
kind and characteristics (the best damage, the A effect first): the others are dominated.
A reload is worth a share (``reload_share``) of the best shot it makes possible.

A throw (a stone or small object, K-R50) is priced the same way: the odds of reaching its
fixed threshold (``odds.fixed_odds``, a mastery re-roll when the thrower has one) times the
harm through the target's armour (``odds.armour_law``), the stone's bleeding counted once,
less ``throw_loss`` hit points for the object left on the ground and the tempo (the
profile's: without it a stone at an unhurt foe beat walking in to strike)."""
from __future__ import annotations

from game.rulesets.kharn_ages import dice as D
from game.rulesets.kharn_ages import odds as OD
from game.rulesets.kharn_ages import ranged_fight as RF
from game.rulesets.kharn_ages.armour import boxes_left
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.fighter import Fighter
from game.rulesets.kharn_ages.moves import action_cost
from game.rulesets.kharn_ages.shooting import SHOTS, ShotBuild, shot_build, shot_code, shot_damage
from game.rulesets.kharn_ages.shot_forms import situation
from game.rulesets.kharn_ages.throwing import OBJECTS, THROW_PA, threshold, throw_mods

EFFECTS = ("A", "V")          # a free flash shot, then a move


def pruned(f: Fighter, offered, where: str) -> list[ShotBuild]:
    """Per shot kind and characteristics, the offered build dealing the most at this band,
    with the A effect when it may."""
    w = f.profile.ranged
    best: dict[tuple, tuple[tuple, ShotBuild]] = {}
    for code in offered:
        b = shot_build(code)
        base, _ = shot_damage(f, w, b, where, False)
        key = (b.kind, b.chars)
        rank = (base, b.effects.count("A"), len(b.effects))
        if key not in best or rank > best[key][0]:
            best[key] = (rank, b)
    return [b for _, b in best.values()]


def shot_value(st, table, att: Fighter, dfn: Fighter, b: ShotBuild, free: bool) -> tuple[float, float, float] | None:
    """(expected hit points taken, P(it falls), P(hit)) of the shot through the target's
    strongest affordable defence (the row that saves it most); None out of range."""
    d, where, cover = situation(st, table, att, dfn)
    if where is None:
        return None
    rows = OD.shot_table(att, dfn, att.profile.ranged, b, d, cover=cover.bonus, max_def_chars=2 if free else 3)
    plain = [r for r in rows if r.defence is None or not r.defence.discard]
    if not plain:
        return 0.0, 0.0, 0.0
    r = min(plain, key=lambda r: (r.damage, r.terrasse))
    dmg, kill = r.damage, r.terrasse
    if len(plain) < len(rows) and dmg > 3.0:        # a shield thrown away against a big shot
        dmg, kill = dmg * 0.5, kill * 0.5
    return dmg, kill, r.hit


def _ammo_cost(att: Fighter, prof: dict) -> float:
    w = att.profile.ranged
    if w.ammo is None:
        return 0.0
    left = w.ammo - int(att.status.get("ammo_spent", {}).get(w.id, 0))
    return float(prof.get("ammo_price", 0.5)) * w.ammo / max(1, left) / max(1, w.ammo) * 2.0


def best_shots(engine, st, c, prof: dict, score_attack, free: bool) -> dict[str, tuple[float, str]]:
    """Per target, (score, code) of its best shot; ``score_attack(dfn, pa, dmg, kill, hit, A
    effects)`` prices it like an attack (the planner's)."""
    att = fighter(st, st.figures[c.actor])
    table = engine.ruleset.table_for(engine.state)
    out: dict[str, tuple[float, str]] = {}
    for t in c.targets:
        dfn = fighter(st, st.figures[t])
        _, where, _ = situation(st, table, att, dfn)
        if where is None:
            continue
        for b in pruned(att, c.values, where):
            v = shot_value(st, table, att, dfn, b, free)
            if v is None:
                continue
            dmg, kill, hit = v
            pa = 0 if free else action_cost(att, SHOTS[b.kind][1])
            score = score_attack(dfn, pa, dmg, kill, hit, b.effects.count("A")) - _ammo_cost(att, prof)
            if t not in out or score > out[t][0]:
                out[t] = (score, shot_code(b))
    return out


def reload_value(engine, st, c, prof: dict, score_attack) -> float:
    """A share of the best 2-PA shot at a target in range once reloaded, less the reload's
    PA (tempo and budget); below ending the activation when nobody is in range."""
    att = fighter(st, st.figures[c.actor])
    w = att.profile.ranged
    table = engine.ruleset.table_for(engine.state)
    if w is None or RF.engaged(st, table, att):
        return -1.0
    pa = int(c.hints.get("cost", action_cost(att, w.reload)))
    share = float(prof.get("reload_share", 0.5))
    best = None
    for t in RF.shot_targets(st, table, att):
        dfn = fighter(st, st.figures[t])
        b = ShotBuild("standard", ("A", "V"), "weapon", ("A",))
        v = shot_value(st, table, att, dfn, b, False)
        if v is None:
            continue
        gain = score_attack(dfn, 0, v[0], v[1], v[2], 1)
        paid = gain - score_attack(dfn, pa, v[0], v[1], v[2], 1)     # the reload's PA: tempo and budget
        score = share * gain - paid
        best = score if best is None else max(best, score)
    return -1.0 if best is None else best


def throw_value(st, table, att: Fighter, dfn: Fighter, obj_id: str) -> tuple[float, float, float]:
    """(expected hit points taken, P(it falls), P(hit)) of a throw of ``obj_id`` at ``dfn``:
    no defence, a fixed threshold (K-R50), the armour's roll on a hit."""
    obj = OBJECTS[obj_id]
    toises = RF.distance(st, table, att, dfn)
    bonus = sum(v for _, v in throw_mods(att))
    hit = OD.fixed_odds(D.dice_for(att, "shooting"), bonus, threshold(att, obj, toises),
                        D.crit_for(att, "shooting"), mastery=D.can_reroll(att, "shooting"))
    law = OD.armour_law(obj.damage, 0, dfn.armour, boxes_left(dfn))
    bleed = obj.bleeding_once
    dmg = sum(p * min(dfn.fig.vitality, k + (bleed if k > 0 else 0)) for k, p in law.items())
    fall = sum(p for k, p in law.items() if k >= dfn.fig.vitality)
    return hit * dmg, hit * fall, hit


def best_throws(engine, st, c, prof: dict, score_attack) -> dict[str, tuple[float, str]]:
    """Per target, (score, object) of its best throw, priced like a 2-PA attack
    (``score_attack(dfn, pa, dmg, kill, hit, A effects)``) less the object left behind."""
    att = fighter(st, st.figures[c.actor])
    table = engine.ruleset.table_for(engine.state)
    pa = int(c.hints.get("cost", action_cost(att, THROW_PA)))
    loss = float(prof.get("throw_loss", 0.0))
    out: dict[str, tuple[float, str]] = {}
    for t in c.targets:
        dfn = fighter(st, st.figures[t])
        for obj_id in c.values:
            if obj_id not in OBJECTS:
                continue
            dmg, kill, hit = throw_value(st, table, att, dfn, obj_id)
            score = score_attack(dfn, pa, dmg, kill, hit, 0) - loss
            if t not in out or score > out[t][0]:
                out[t] = (score, obj_id)
    return out
