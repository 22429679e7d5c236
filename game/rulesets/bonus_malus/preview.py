"""The odds preview of Bonus / Malus as players read it: every competence roll written as its
final level and its dice ("Tir 2+, long range: Tir+ = 2D6, keep the best"), then the exact
chances from ``odds`` (a shot and its Cadence, a fight both ways, a free attack, a psi power
and its counter, the Initiative of a secret pick). Pure text on the rules' own functions."""
from __future__ import annotations

from collections.abc import Sequence

from game.core.state import Figure, GameState
from game.core.text import t
from game.geometry.table import Table
from game.rulesets._shared.keep import TEST_THRESHOLD, dice_for, net_level, success_odds

from . import actions as A
from . import deeds, melee, odds, shooting
from . import figures as F
from .effects import Situation, attribute_level, damage_budget, flags
from .fighter import Fighter
from .levels import level, modifiers
from .saves import Attack, pierce_against, sources, stacked

Mods = Sequence[tuple[str, int]]


def pct(p: float) -> str:
    return f"{round(100 * p)}\u00a0%"


# ------------------------------------------------------------------ levels and dice
def suffix(lvl: int) -> str:
    """A level as the book writes it after a competence: '', '+', ' 2+', '-', ' 3-'."""
    if lvl == 0:
        return ""
    sign = "+" if lvl > 0 else "\u2212"
    return sign if abs(lvl) == 1 else f" {abs(lvl)}{sign}"


def competence(name: str, lvl: int, lang: str) -> str:
    """'Tir 2+', 'Combat-', 'Svg' ... (``name`` a competence id, or "save")."""
    return t(f"ui.bm.comp.{name}", lang) + suffix(lvl)


def dice(lvl: int, lang: str) -> str:
    """'1D6', '2D6, keep the best', '4D6, keep the worst'."""
    n, best = dice_for(lvl)
    if n == 1:
        return t("ui.bm.dice.one", lang)
    return t("ui.bm.dice.best" if best else "ui.bm.dice.worst", lang, n=n)


def mod_name(key: str, lang: str) -> str:
    """A level modifier's name: a catalogue entry's (an attribute, a weapon, an aura's
    source), else the text catalogue's (long range, aimed, wounds...)."""
    from .catalogue import catalogue

    entries = catalogue().entries
    origin = key[len("aura_"):] if key.startswith("aura_") else key
    if origin in entries:
        return entries[origin].name.get(lang, origin)
    if key.startswith("turn_"):
        return t("ui.bm.mod.turn", lang)
    return t(f"ui.bm.mod.{key}", lang)


def roll_line(name: str, base: int, mods: Mods, lang: str) -> str:
    """'Tir 2+, long range: Tir+ = 2D6, keep the best' (no modifier: 'Tir 2+ = 3D6, ...')."""
    final = net_level(base, *(v for _, v in mods))
    steps = [(k, v) for k, v in mods if v]
    if not steps:
        return t("ui.bm.odds.roll", lang, comp=competence(name, base, lang), dice=dice(base, lang))
    words = ", ".join(mod_name(k, lang) if abs(v) == 1 else f"{mod_name(k, lang)} {v:+d}" for k, v in steps)
    return t("ui.bm.odds.roll_mods", lang, comp=competence(name, base, lang), mods=words,
             final=competence(name, final, lang), dice=dice(final, lang))


def save_line(target: Fighter, attack: Attack, who: str, lang: str) -> str:
    """The target's saves against this attack, stacked (B-R1, B-R2), with their odds."""
    if attack.no_saves:
        return t("ui.bm.odds.no_save_allowed", lang, who=who)
    srcs = sources(target, attack)
    pierce = pierce_against(target, attack)
    lvl = stacked(srcs, pierce)
    if not srcs or lvl is None:
        return t("ui.bm.odds.no_save", lang, who=who)
    parts = ", ".join(f"{mod_name(s.origin, lang)} {competence('save', s.level, lang)}" for s in srcs)
    if pierce and any(s.source in ("armour", "shield") for s in srcs):
        parts += ", " + t("ui.bm.odds.pierce", lang, n=pierce)
    return t("ui.bm.odds.save", lang, who=who, parts=parts, final=competence("save", lvl, lang),
             dice=dice(lvl, lang), p=pct(success_odds(lvl)))


# ------------------------------------------------------------------ shots
def shot_lines(state: GameState, table: Table, shooter: Figure, target: Figure, wid: str | None,
               lang: str, name, *, precise: bool = False, shots_at: int = 1,
               extra: Mods = ()) -> list[str]:
    """A shot with weapon ``wid`` at ``target``: the roll, the save, the damage roll, the
    chances per shot and over the action's shots (``shots_at``: how many go to it);
    ``extra``: the action's own modifiers (a shot on the run or while charging, Tir-)."""
    f = F.fighter(shooter)
    weapons = [w.id for w in f.ranged_weapons()]
    if not weapons:
        return []
    wid = wid if wid in weapons else weapons[0]
    why = deeds.weapon_refusal(state, table, shooter, target, wid, precise)
    if why is not None:
        return [t(f"bm.refused.{why}", lang)]
    tf = F.fighter(target)
    w = shooting.weapon(f, f.cat[wid])
    d = deeds.pas(table, shooter, target)
    aimed = precise and not shooter.status.get("aimed")
    extra = (*extra, ("aimed", 1)) if aimed else tuple(extra)
    comp = "lancer" if w.thrown else "tir"
    base, mods = level(f, comp, Situation("shots", foe=tf), shooting.shot_mods(f, w, d, extra))
    klass = deeds.shot_cover(table, shooter.id, target.id)
    o = odds.shot_odds(f, tf, w, d, cover=klass, precise=precise, extra=extra)
    sit = Situation("shots", "degats", tf)
    attack = Attack("shots", shooter.pos, w.pierce, w.shield_bypass, no_saves="no_saves" in flags(f, sit),
                    cover=klass, precise=precise)
    dmg_mods = modifiers(f, "degats", sit)
    band = shooting.band(w, d)
    lines = [t("ui.bm.odds.shot_head", lang, weapon=f.cat[wid].name.get(lang, wid), target=name(target),
               dist=round(d, 1), band=t(f"ui.bm.band.{band}", lang)),
             t("ui.bm.odds.hit", lang, roll=roll_line(comp, base, mods, lang), p=pct(o.hit)),
             save_line(tf, attack, name(target), lang),
             t("ui.bm.odds.damage", lang, roll=roll_line("degats", w.degats, dmg_mods, lang),
               p=pct(success_odds(net_level(w.degats, *(v for _, v in dmg_mods)), TEST_THRESHOLD))),
             t("ui.bm.odds.per_shot", lang, wound=pct(o.wound), out=pct(o.out))]
    if shots_at > 1:
        fatal = "fatal" in flags(f, sit)
        out = odds.out_after(target.vitality, shots_at, o.wound, odds.points_law(fatal))
        lines.append(t("ui.bm.odds.all_shots", lang, n=shots_at, out=pct(out)))
    if w.entry.get("zone"):
        lines.append(t("ui.bm.odds.zone", lang, r=w.entry.get("zone")))
        if w.entry.get("deviation"):
            law = odds.deviation_law()
            lines.append(t("ui.bm.odds.deviation", lang, p1=pct(float(law.get(1, 0))), p2=pct(float(law.get(2, 0)))))
    return lines


# ------------------------------------------------------------------ melee
def fight_lines(state: GameState, table: Table, att: Figure, dfn: Figure, lang: str, name) -> list[str]:
    """A fight: both Combat rolls, who wins, what each risks; a free attack when the
    defender is down or stunned; the attacker's spent damage rolls."""
    a, d = F.fighter(att), F.fighter(dfn)
    if melee.is_free(a, d):
        attack = melee.melee_attack(a, d, "free")
        sit = Situation("free", foe=d)
        base, mods = level(a, "degats", sit)
        wo = odds.wound_odds(d, net_level(base, *(v for _, v in mods)), attack, "fatal" in flags(a, sit))
        return [t("ui.bm.odds.free", lang, who=name(att), target=name(dfn)),
                save_line(d, attack, name(dfn), lang),
                t("ui.bm.odds.damage", lang, roll=roll_line("degats", base, mods, lang),
                  p=pct(success_odds(net_level(base, *(v for _, v in mods))))),
                t("ui.bm.odds.result", lang, who=name(dfn), wound=pct(wo.wound), out=pct(wo.out))]
    ea, ed = len(A.engaged(state, table, att)) or 1, len(A.engaged(state, table, dfn)) or 1
    a_base, a_mods = level(a, "combat", Situation("melee", foe=d), melee.combat_mods(a, d, ea))
    d_base, d_mods = level(d, "combat", Situation("melee", foe=a), melee.combat_mods(d, a, ed))
    o = odds.fight_odds(a, d, attacker_engaged=ea, defender_engaged=ed)
    lines = [t("ui.bm.odds.combat", lang, who=name(att), roll=roll_line("combat", a_base, a_mods, lang)),
             t("ui.bm.odds.combat", lang, who=name(dfn), roll=roll_line("combat", d_base, d_mods, lang)),
             t("ui.bm.odds.fight", lang, win=pct(o.win), tie=pct(o.tie), lose=pct(o.lose)),
             t("ui.bm.odds.result", lang, who=name(dfn), wound=pct(o.wound_defender), out=pct(o.out_defender)),
             t("ui.bm.odds.result", lang, who=name(att), wound=pct(o.wound_attacker), out=pct(o.out_attacker))]
    for fig, fi in ((att, a), (dfn, d)):
        if int(fig.status.get("damage_rolls", 0)) >= damage_budget(fi):
            lines.append(t("ui.bm.odds.no_roll_left", lang, who=name(fig)))
    return lines


# ------------------------------------------------------------------ psi
def power_lines(state: GameState, table: Table, caster: Figure, target: Figure, power: str | None,
                lang: str, name) -> list[str]:
    """A power: the Psi test, then the target's counter if it holds one the power allows
    (exact: it must beat the kept die of a successful test)."""
    if power is None:
        return []
    why = deeds.power_refusal(state, table, caster, target, power)
    if why is not None:
        return [t(f"bm.refused.{why}", lang)]
    c, tf = F.fighter(caster), F.fighter(target)
    entry = c.cat[power]
    base, mods = level(c, "psi")
    final = net_level(base, *(v for _, v in mods))
    lines = [t("ui.bm.odds.power", lang, power=entry.name.get(lang, power),
               roll=roll_line("psi", base, mods, lang), p=pct(success_odds(final)))]
    counter = _counter(tf, entry)
    if counter is not None:
        origin, lvl, turns_back = counter
        beaten = odds.counter_odds(final, lvl)
        lines.append(t("ui.bm.odds.counter", lang, who=name(target), counter=c.cat[origin].name.get(lang, origin),
                       roll=competence("psi", lvl, lang), dice=dice(lvl, lang), p=pct(beaten)))
        key = "ui.bm.odds.turned" if turns_back else "ui.bm.odds.stands"
        lines.append(t(key, lang, p=pct(success_odds(final) - beaten), back=pct(beaten)))
    return lines


def _counter(target: Fighter, entry) -> tuple[str, int, bool] | None:
    from .effects import WHEN, ask

    for origin, e in ask(target, "counter"):
        if origin not in entry.get("counter", ()):
            continue
        if e.get("needs") and not WHEN[e["needs"]](target, Situation(), None):
            continue
        lvl = attribute_level(target, origin)
        return origin, 0 if lvl is None else lvl, bool(e.get("turns_back"))
    return None


# ------------------------------------------------------------------ picks
def initiative(state: GameState, table: Table, fig: Figure) -> tuple[int, Mods]:
    """A figure's Initiative for the secret pick: (base level, modifiers), its leader's
    aura included."""
    return level(F.fighter(fig), "initiative", extra=F.aura(state, table, fig, "initiative"))
