"""What the window shows of shots (pure, no pygame): the shot builder (a shot's code laid
out as kind x characteristics x damage x effects, with the odds against each defence the
target can afford, its range band and cover counted), the target's situation in words
(distance, band, cover and why), the defence odds against a shot's known total, and the
range rings of a shooter."""
from __future__ import annotations

from typing import Any

from game.core.presentation import FormLayout, OddsTable, num, pct
from game.core.state import GameState
from game.core.text import t

from . import cover as CV
from . import fight as FT
from . import flow as FL
from . import odds as OD
from . import ranged_fight as RF
from .armour import boxes_left
from .cards import fighter, fighters
from .defence import DefenceBuild, defence_mods
from .dice import can_reroll, crit_for, dice_for
from .fighter import TOISE, Fighter
from .shooting import SHOTS, band, shot_build, shot_damage

SHOT_KINDS = (FL.SHOOT, RF.FREE_SHOT)
SHOT_FIELDS = ("kind", "chars", "damage", "effects")


def shot_parts(code: str) -> dict[str, Any]:
    b = shot_build(code)
    return {"kind": b.kind, "chars": b.chars, "damage": b.damage, "effects": tuple(sorted(b.effects))}


def shot_label(code: str, lang: str, f: Fighter | None = None) -> str:
    """A shot build in words: its kind and PA, characteristics, damage (the number for that
    figure at effective range when ``f`` is given), effects."""
    b = shot_build(code)
    dmg = t("ka.form.damage.weapon", lang) if b.damage == "weapon" else b.damage
    if f is not None and f.profile.ranged is not None:
        dmg = f"{dmg} = {sum(shot_damage(f, f.profile.ranged, b, 'effective', False))}"
    return t("ka.shot.build", lang, kind=t(f"ka.shot.kind.{b.kind}", lang), pa=b.pa, chars="+".join(b.chars),
             dmg=dmg, eff="+".join(b.effects) or "—")


def shot_layout(state: GameState, choice, lang: str) -> FormLayout:
    parts = {v: shot_parts(v) for v in choice.values}
    labels = {k: t(f"ka.shot.field.{k}", lang) for k in SHOT_FIELDS}
    opt: dict[tuple[str, Any], str] = {}
    for p in parts.values():
        opt["kind", p["kind"]] = t("ka.shot.kind_pa", lang, kind=t(f"ka.shot.kind.{p['kind']}", lang),
                                   pa=SHOTS[p["kind"]][1])
        opt["chars", p["chars"]] = "+".join(p["chars"])
        d = p["damage"]
        opt["damage", d] = t("ka.form.damage.weapon", lang) if d == "weapon" else d
        for e in p["effects"]:
            opt["effects", e] = t(f"ka.shot.effect.{e}", lang)
    values = list(choice.values)
    default = next((v for v in values if v.startswith("standard/") and v.split("/")[2] == "weapon"), values[0])
    return FormLayout(SHOT_FIELDS, parts, labels, opt, toggles=("effects",), default=default,
                      submit=t(f"ka.shot.submit.{choice.kind}", lang), title=t(f"ka.shot.title.{choice.kind}", lang))


def situation(state: GameState, table, att: Fighter, dfn: Fighter) -> tuple[float, str | None, CV.Cover]:
    """(distance in toises, range band, cover) of a shot at that target from where they stand."""
    d = RF.distance(state, table, att, dfn)
    w = att.profile.ranged
    return d, (band(w, d) if w is not None else None), CV.cover_of(state, table, att, dfn, fighters(state))


def cover_text(state: GameState, c: CV.Cover, lang: str) -> str:
    """The cover and its reason: "couvert +2 (la palissade, hauteur 3)"; "" when none."""
    if not c.bonus:
        return ""
    if c.kind == CV.TERRAIN:
        key = f"ka.terrain.{CV.kind_of(state, c.source)}"
        why = t(key, lang) if key.rsplit(".", 1)[1] != "other" else t("ka.terrain.other", lang)
    else:
        fig = state.figures.get(c.source)
        why = str((fig.status.get("label") or {}).get(lang) or fig.name) if fig is not None else c.source
    return t(f"ka.shot.cover.{c.kind}", lang, bonus=c.bonus, why=why, h=c.stature)


def target_note(state: GameState, table, att: Fighter, dfn: Fighter, lang: str) -> str:
    """A shot's target in words: distance, band, cover with its reason."""
    d, where, c = situation(state, table, att, dfn)
    text = f"{round(d, 1):g}"
    parts = [t("ka.shot.at", lang, d=text.replace(".", ",") if lang == "fr" else text),
             t(f"ka.shot.band.{where or 'out'}", lang)]
    cover = cover_text(state, c, lang)
    parts.append(cover or t("ka.shot.no_cover", lang))
    return " · ".join(parts)


def shot_odds(state: GameState, table, choice, value: str, targets: tuple[str, ...], lang: str) -> OddsTable | None:
    """The shot build against each defence the target can afford (``odds.shot_table``):
    P(hit), hit points it should lose, P(it falls)."""
    if not targets or targets[0] not in state.figures:
        return None
    att = fighter(state, state.figures[choice.actor])
    dfn = fighter(state, state.figures[targets[0]])
    w = att.profile.ranged
    if w is None:
        return None
    b = shot_build(value)
    d, where, c = situation(state, table, att, dfn)
    if where is None:
        return None
    from .forms import defence_label

    rows = OD.shot_table(att, dfn, w, b, d, cover=c.bonus, max_def_chars=2 if choice.kind == RF.FREE_SHOT else 3)
    alert = bool(dfn.status.get("alert"))
    body = tuple((defence_label(r.defence, lang, alert), pct(r.hit), num(r.damage, lang), pct(r.terrasse))
                 for r in rows)
    header = tuple(t(f"ka.form.odds.{k}", lang) for k in ("defence", "hit", "damage", "falls"))
    note = t("ka.shot.odds_note", lang, situation=target_note(state, table, att, dfn, lang),
             bonus=sum(att.char(ch) for ch in b.chars), n=dice_for(att, "shooting"))
    return OddsTable(header, body, note=note)


def shot_defence_row(att: Fighter, dfn: Fighter, fight: dict, build: DefenceBuild | None) -> tuple[float, float, float]:
    """(P(hold), hit points lost, 0) of one defence against a shot's known total, as the
    advisor ranks it (the cover counted)."""
    aroll = FT._roll_of(att, fight["a"], "shooting")
    sit = fight["sit"]
    base, crit = shot_damage(att, att.profile.ranged, shot_build(fight["code"]), sit["band"], aroll.rc)
    hit_loss = OD._mean(OD.armour_law(base, crit, dfn.armour, boxes_left(dfn)))
    if build is None:
        return 0.0, hit_loss, 0.0
    if build.discard:
        return 1.0, float(crit), 0.0
    inc = FT.incoming(att, fight)
    mods = defence_mods(dfn, build, inc, cover=int(sit.get("cover", 0)))
    d = OD.Roller(dice_for(dfn, "defence"), sum(v for _, v in mods), crit_for(dfn, "defence"),
                  can_reroll(dfn, "defence"), build.shield)
    hold = sum(OD.parry_law(d, aroll.total))
    return hold, (1.0 - hold) * hit_loss, 0.0


def ranges(state: GameState, fig) -> list[tuple[str, tuple[float, ...]]]:
    """A shooter's range rings (mm from its base's edge): the end of the short range and of
    the effective range; a weapon with a hard limit repeats the last as the limit."""
    f = fighter(state, fig)
    w = f.profile.ranged
    if w is None:
        return []
    rings = (w.short * TOISE, w.long * TOISE) + ((w.long * TOISE,) if w.limit else ())
    return [(w.id, rings)]
