"""What the window's forms read of Khârn-Ages (pure, no pygame): the attack builder (an
attack, an assault or a free attack's build codes laid out as PA x characteristics x
damage x effects, with the odds against each defence the target can afford), the defence
form (PA, characteristics, shield, riposte, with the odds against the known total and the
advised defence marked, K-R23) and what re-rolling each die of a roll would do.

``FormsMixin`` is meant to come first among the bases of the ruleset's presentation; the
window only calls ``game.core.presentation`` methods."""
from __future__ import annotations

from typing import Any

from game.core.presentation import FormLayout, OddsTable, num, pct
from game.core.state import GameState
from game.core.text import t
from game.rulesets._shared import nd10

from . import codes, skills, zones
from . import fight as FT
from . import flow as FL
from . import odds as OD
from . import shot_forms as SF
from . import spell_forms as SPF
from .armour import boxes_left
from .attacks import attack_mods, base_damage, critical_bonus, outnumber_bonus, rc_count
from .cards import fighter, fighters
from .defence import DefenceBuild, defence_cost, defence_mods
from .dice import can_reroll, crit_for, dice_for
from .fighter import CHARS

ATTACK_KINDS = (FL.ATTACK, FL.ASSAULT, FT.FREE_ATTACK)
ATTACK_FIELDS = ("pa", "chars", "damage", "effects")
DEFENCE_FIELDS = ("pa", "chars", "shield", "damage", "effect")
D5_SPECIALS = ("cornes", "morsure")


def _ordered(chars) -> tuple[str, ...]:
    return tuple(sorted(chars, key=CHARS.index))


def attack_parts(code: str) -> dict[str, Any]:
    """An attack build code split into the builder's fields: its PA (or its special attack's
    name), its characteristics, the damage dealt and its effects."""
    b = codes.attack_build(code)
    damage = "d5" if b.special in D5_SPECIALS else b.dealt
    return {"pa": b.special or b.pa, "chars": _ordered(b.chars), "damage": damage,
            "effects": _ordered(b.effects)}


def defence_parts(code: str) -> dict[str, Any]:
    """A defence code split into the form's fields: characteristics committed (their count
    first), shield used / discarded / not, riposte damage and effect."""
    b = codes.defence_build(code)
    if b is None:
        return {"pa": "none", "chars": (), "shield": "-", "damage": "", "effect": ""}
    flag = "d" if b.discard else ("s" if b.shield else "-")
    return {"pa": len(b.chars), "chars": _ordered(b.chars), "shield": flag, "damage": b.damage,
            "effect": b.effect}


def _chars_label(chars, lang: str) -> str:
    return "+".join(chars) if chars else t("ka.form.none", lang)


def attack_layout(state: GameState, choice, lang: str) -> FormLayout:
    parts = {v: attack_parts(v) for v in choice.values}
    labels = {f: t(f"ka.form.field.{f}", lang) for f in ATTACK_FIELDS}
    opt: dict[tuple[str, Any], str] = {}
    for p in parts.values():
        pa = p["pa"]
        opt["pa", pa] = t("ka.form.pa", lang, n=pa) if isinstance(pa, int) else t(f"ka.form.special.{pa}", lang)
        opt["chars", p["chars"]] = _chars_label(p["chars"], lang)
        d = p["damage"]
        opt["damage", d] = t(f"ka.form.damage.{d}", lang) if d in ("weapon", "d5") else d
        for e in p["effects"]:
            opt["effects", e] = t(f"ka.form.effect.{e}", lang)
    values = list(choice.values)
    default = next((v for v in values if parts[v]["pa"] == 2), values[0])
    title = t(f"ka.form.title.{choice.kind}", lang)
    return FormLayout(ATTACK_FIELDS, parts, labels, opt, toggles=("effects",), default=default,
                      submit=t(f"ka.form.submit.{choice.kind}", lang), title=title)


def defence_layout(state: GameState, choice, lang: str) -> FormLayout:
    f = fighter(state, state.figures[choice.actor])
    parts = {v: defence_parts(v) for v in choice.values}
    labels = {k: t(f"ka.form.field.d_{k}", lang) for k in DEFENCE_FIELDS}
    alert = bool(f.status.get("alert"))
    opt: dict[tuple[str, Any], str] = {}
    for v, p in parts.items():
        b = codes.defence_build(v)
        if b is None:
            opt["pa", "none"] = t("ka.form.defence.none", lang)
        elif not b.discard:
            opt["pa", p["pa"]] = t(f"ka.form.defence.{b.kind(alert)}", lang, pa=defence_cost(f, b))
        else:
            opt.setdefault(("pa", p["pa"]), t("ka.form.defence.reflex", lang, pa=0))
        opt["chars", p["chars"]] = _chars_label(p["chars"], lang)
        opt["shield", p["shield"]] = t(f"ka.form.shield.{p['shield']}", lang)
        opt["damage", p["damage"]] = t("ka.form.riposte.damage", lang, c=p["damage"]) if p["damage"] \
            else t("ka.form.riposte.no_damage", lang)
        opt["effect", p["effect"]] = t("ka.form.riposte.effect", lang, c=p["effect"]) if p["effect"] \
            else t("ka.form.riposte.no_effect", lang)
    advised = choice.hints.get("advised")
    by = choice.hints.get("attacker")
    fig = state.figures.get(by) if by else None
    who = (fig.status.get("label") or {}).get(lang) or fig.name if fig is not None else "?"
    return FormLayout(DEFENCE_FIELDS, parts, labels, opt, default=choice.hints.get("default", advised),
                      marked=advised, submit=t("ka.form.submit.defend", lang),
                      title=t("ka.form.title.defend", lang, who=who, total=choice.hints.get("total", "?")))


# ------------------------------------------------------------------ odds
def defence_label(b: DefenceBuild | None, lang: str, alert: bool = False) -> str:
    """A defence as a row of an odds table reads."""
    if b is None:
        return t("ka.form.defence.none", lang)
    if b.discard:
        return t("ka.form.shield.d", lang)
    kind = t(f"ka.form.kind.{b.kind(alert)}", lang)
    text = f"{kind} {_chars_label(_ordered(b.chars), lang)}" if b.chars else kind
    return text + (" " + t("ka.form.with_shield", lang) if b.shield else "")


def attack_odds(state: GameState, table, choice, value: str, targets: tuple[str, ...], lang: str) -> OddsTable | None:
    """The attack build against each defence the target can afford (``odds.attack_table``):
    P(hit), hit points it should lose, P(it falls) and the riposte to expect."""
    if not targets or targets[0] not in state.figures:
        return None
    att = fighter(state, state.figures[choice.actor])
    dfn = fighter(state, state.figures[targets[0]])
    b = codes.attack_build(value)
    everyone = fighters(state)
    n_att, n_dfn, _, _ = zones.support(state, table, att, dfn, everyone)
    assault = choice.kind == FL.ASSAULT and int(att.status.get("attacks", 0)) == 0
    free = choice.kind == FT.FREE_ATTACK
    mods = attack_mods(att, b, assault=assault, supporters=n_att, foe_supporters=n_dfn,
                       target_bleeding=bool(dfn.status.get("bleeding")))
    in_reach = True if choice.kind == FL.ASSAULT else zones.in_reach(table, dfn, att.fig)
    rows = OD.attack_table(att, dfn, b, mods, in_reach=in_reach, max_def_chars=2 if free else 3,
                           assault=assault, defender_bonus=outnumber_bonus(n_dfn, n_att))
    alert = bool(dfn.status.get("alert"))
    body = tuple((defence_label(r.defence, lang, alert), pct(r.hit), num(r.damage, lang), pct(r.terrasse),
                  num(r.riposte, lang)) for r in rows)
    header = tuple(t(f"ka.form.odds.{k}", lang) for k in ("defence", "hit", "damage", "falls", "riposte"))
    note = t("ka.form.odds.attack_note", lang, bonus=sum(v for _, v in mods), n=dice_for(att, "melee"))
    return OddsTable(header, body, note=note)


def _defence_row(att, dfn, fight: dict, build: DefenceBuild | None) -> tuple[float, float, float]:  # melee
    """(P(hold), hit points lost, riposte dealt) of one defence against the known total,
    as ``odds.advise_defence`` ranks them (its best mastery re-roll included)."""
    aroll = FT._roll_of(att, fight["a"], "melee")
    inc = FT.incoming(att, fight)
    b = codes.attack_build(fight["code"])
    w = att.profile.weapon
    crit = critical_bonus(att, b.pa, rc_count(aroll), b.special)
    base = base_damage(att, b) + skills.fixed_bonus(att, b, bool(fight["sit"]["assault"]))
    hit_loss = OD._mean(OD.armour_law(base, crit, dfn.armour, boxes_left(dfn), w.spares_armour, w.pierce))
    if build is None:
        return 0.0, hit_loss, 0.0
    if build.discard:
        return 1.0, float(crit), 0.0
    sit = fight["sit"]
    mods = defence_mods(dfn, build, inc, supporters=sit["foe_supporters"], foe_supporters=sit["supporters"])
    d = OD.Roller(dice_for(dfn, "defence"), sum(v for _, v in mods), crit_for(dfn, "defence"),
                  can_reroll(dfn, "defence"), build.shield)
    split = OD.parry_law(d, aroll.total)
    hold = sum(split)
    gain = 0.0
    paid = build.paid(bool(dfn.status.get("alert")))
    if paid >= 2 and inc.in_reach and build.damage:
        rb = dfn.char(build.damage) + dfn.profile.weapon.bonus
        for p_held, rcs in zip(split, (0, 1, 2)):
            gain += p_held * OD._mean(OD.armour_law(rb, critical_bonus(dfn, paid, rcs), att.armour,
                                                    boxes_left(att), dfn.profile.weapon.spares_armour))
    return hold, (1.0 - hold) * hit_loss, gain


def defence_odds(state: GameState, choice, value: str, lang: str) -> OddsTable | None:
    """The defence chosen and the advised one against the attack's known total: P(hold),
    hit points to expect to lose, riposte to expect to deal, PA spent."""
    fight = FT.current(state)
    if fight is None or fight.get("dfn") != choice.actor:
        return None
    att = fighter(state, state.figures[fight["att"]])
    dfn = fighter(state, state.figures[fight["dfn"]])
    advised = choice.hints.get("advised")
    shown = [value] + ([advised] if advised is not None and advised != value else [])
    alert = bool(dfn.status.get("alert"))
    rows = []
    row = SF.shot_defence_row if FT.attack_rule(fight) == "shot" else _defence_row
    for code in shown:
        b = codes.defence_build(code)
        hold, loss, gain = row(att, dfn, fight, b)
        name = defence_label(b, lang, alert)
        if b is not None and b.damage:
            name += " " + t("ka.form.riposte.damage", lang, c=b.damage)
        if code == advised:
            name = t("ka.form.advised_row", lang, name=name)
        rows.append((name, pct(hold), num(loss, lang), num(gain, lang),
                     str(defence_cost(dfn, b) if b is not None else 0)))
    header = tuple(t(f"ka.form.odds.{k}", lang) for k in ("defence", "holds", "loss", "gain", "pa"))
    mastery = "ka.form.odds.mastery" if can_reroll(dfn, "defence") else "ka.form.odds.no_mastery"
    return OddsTable(header, tuple(rows), marked=shown.index(advised) if advised in shown else None,
                     note=t(mastery, lang))


def reroll_notes(state: GameState, choice, event, lang: str) -> dict[int, str]:
    """For each die a re-roll template offers: the chance that re-rolling it makes the
    roll reach what it needs (a defence: the attack's total), else that it keeps a better
    die than now."""
    fig = state.figures.get(choice.actor)
    fight = FT.current(state)
    if fig is None or fight is None:
        return {}
    f = fighter(state, fig)
    attacking = fight.get("stage") == "attack"
    domain = FT.attack_domain(fight) if attacking else FT._defence_domain(fight)
    crit = crit_for(f, domain, (fight.get("a") or {}).get("shot", "") if attacking else "")
    faces = list(event.faces)
    now = faces[nd10.kept_index(faces, crit)]
    need = event.target
    out = {}
    for i in choice.values:
        if not 0 <= int(i) < len(faces):
            continue
        good = 0
        for r in range(1, nd10.SIDES + 1):
            trial = faces[:i] + [r] + faces[i + 1:]
            kept = trial[nd10.kept_index(trial, crit)]
            kind = crit.kind(kept)
            if need is not None:
                good += kind == nd10.RC or (kind != nd10.EC and kept >= need)
            else:
                good += crit.rank(kept) > crit.rank(now)
        p = good / nd10.SIDES
        out[int(i)] = t("ka.form.reroll.reach" if need is not None else "ka.form.reroll.better", lang, p=pct(p))
    return out


class FormsMixin:
    """The form methods of ``game.core.presentation.Presentation`` for Khârn-Ages."""

    advised_answers = (FT.DEFEND, "resist")
    advised_keys = ("ka.new.advised", "ka.new.tip.advised")

    def form_layout(self, state: GameState, choice, lang: str) -> FormLayout | None:
        if not choice.values:
            return None
        if choice.kind in ATTACK_KINDS:
            return attack_layout(state, choice, lang)
        if choice.kind == FT.DEFEND:
            return defence_layout(state, choice, lang)
        if choice.kind in SF.SHOT_KINDS:
            return SF.shot_layout(state, choice, lang)
        return SPF.layout(state, choice, lang)

    def form_odds(self, state: GameState, table, choice, value, targets: tuple[str, ...],
                  lang: str) -> OddsTable | None:
        if value is None:
            return None
        if choice.kind in ATTACK_KINDS:
            return attack_odds(state, table, choice, str(value), targets, lang)
        if choice.kind == FT.DEFEND:
            return defence_odds(state, choice, str(value), lang)
        if choice.kind in SF.SHOT_KINDS:
            return SF.shot_odds(state, table, choice, str(value), targets, lang)
        return SPF.odds(state, choice, str(value), targets, lang)

    def reroll_notes(self, state: GameState, choice, event, lang: str) -> dict[int, str]:
        return reroll_notes(state, choice, event, lang)

