"""What the window shows of spells (pure, no pygame): the cast form (the effect with its
difficulty, the incantation's PA) with the exact odds of the spell working against each
defence the target can afford (``spell_odds``), the resist form (accept, or 0 to 3 PA of I)
with the odds of holding, a spell and its effects in words, and the spells lasting on a
figure for its card."""
from __future__ import annotations

from game.core.presentation import FormLayout, OddsTable, pct
from game.core.state import GameState
from game.core.text import t

from . import casting as CA
from . import fight as FT
from . import spell_odds as SO
from . import spells as SP
from .cards import fighter
from .magic import defence_pa_ok

CAST_FIELDS = ("effect", "pa")


def spell_name(sid: str, lang: str) -> str:
    try:
        name = SP.spell(sid).name
    except KeyError:
        return sid
    return str(getattr(name, lang, None) or name.fr)


def step_text(step, lang: str) -> str:
    k = step.kind
    if k in ("damage", "heal"):
        return t(f"ka.spell.step.{k}", lang, n=step.amount)
    if k == "state":
        return t(f"ka.spell.state.{step.state}", lang, n=step.value or 1)
    if k == "char":
        return t("ka.spell.step.char", lang, char=step.char, delta=f"{int(step.delta):+d}".replace("-", "−"))
    if k == "dread":
        return t("ka.spell.step.dread", lang, n=step.value)
    return t("ka.spell.step.rally", lang)


def effect_text(sid: str, effect: int, lang: str) -> str:
    e = SP.spell(sid).effects[effect]
    return t("ka.spell.effect", lang, d=e.difficulty, what=", ".join(step_text(s, lang) for s in e.do))


def spell_summary(sid: str, lang: str) -> str:
    """The card in one line: target, range, area, cadence, duration, pages."""
    sp = SP.spell(sid)
    parts = [t(f"ka.spell.target.{sp.target}", lang)]
    parts.append(t("ka.spell.range.aura", lang) if sp.range == "aura" else t("ka.spell.range.toises", lang,
                                                                               n=f"{float(sp.range):g}"))
    if sp.area:
        key = "ka.spell.area.one" if sp.area <= 1 else "ka.spell.area"
        parts.append(t(key, lang, n=f"{sp.area:g}".replace(".", "," if lang == "fr" else "."),
                       who=t(f"ka.spell.affects.{sp.affects}", lang)))
    parts.append(t("ka.spell.cadence", lang, n=sp.cadence))
    parts.append(t("ka.spell.duration", lang, n=sp.duration) if sp.duration else t("ka.spell.instant", lang))
    if sp.pages:
        parts.append(t("ka.spell.pages", lang, n=sp.pages))
    return " · ".join(parts)


def cast_label(value: str, lang: str) -> str:
    sid, effect, pa = SP.parse(value)
    return t("ka.spell.build", lang, spell=spell_name(sid, lang), effect=effect_text(sid, effect, lang), pa=pa)


def cast_layout(state: GameState, choice, lang: str) -> FormLayout:
    parts = {}
    opt = {}
    for v in choice.values:
        sid, effect, pa = SP.parse(v)
        parts[v] = {"effect": effect, "pa": pa}
        opt["effect", effect] = effect_text(sid, effect, lang)
        opt["pa", pa] = t(f"ka.spell.pa.{pa}", lang)
    values = list(choice.values)
    default = next((v for v in values if v.endswith(f"{SP.CODE_SEP}2")), values[0])
    sid = SP.parse(values[0])[0]
    labels = {k: t(f"ka.spell.field.{k}", lang) for k in CAST_FIELDS}
    return FormLayout(CAST_FIELDS, parts, labels, opt, default=default, submit=t("ka.spell.submit", lang),
                      title=spell_name(sid, lang))


def cast_odds(state: GameState, choice, value: str, targets: tuple[str, ...], lang: str) -> OddsTable | None:
    """P(reached) and, for the chosen target, P(the spell works) against each defence it
    can afford (a friend: accepted)."""
    if not targets or targets[0] not in state.figures:
        return None
    f = fighter(state, state.figures[choice.actor])
    tgt = fighter(state, state.figures[targets[0]])
    sid, effect, pa = SP.parse(value)
    need = SP.spell(sid).effects[effect].difficulty
    bonus = CA.spell_bonus(state, f, sid)
    header = tuple(t(f"ka.spell.odds.{k}", lang) for k in ("defence", "works"))
    rows = []
    if tgt.fig.side == f.fig.side:
        rows.append((t("ka.spell.odds.accepted", lang), pct(SO.works_chance(f, None, pa, need, bonus))))
    else:
        for dpa in range(4):
            if defence_pa_ok(tgt, dpa):
                rows.append((t("ka.spell.odds.pa", lang, n=dpa), pct(SO.works_chance(f, tgt, pa, need, bonus, dpa))))
    reach = pct(SO.cast_chance(f, pa, need, bonus))
    note = spell_summary(sid, lang) + "\n" + t("ka.spell.odds.note", lang, reach=reach, need=need,
                                              bonus=SO.cast_bonus(f, pa, bonus), faction=bonus)
    return OddsTable(header, tuple(rows), note=note)


def resist_label(value: str, lang: str) -> str:
    if value in (CA.ACCEPT, CA.NONE):
        return t(f"ka.spell.resist.{value}", lang)
    return t("ka.spell.odds.pa", lang, n=value)


def resist_layout(state: GameState, choice, lang: str) -> FormLayout:
    parts = {v: {"answer": v} for v in choice.values}
    opt = {("answer", v): resist_label(v, lang) for v in choice.values}
    advised = choice.hints.get("advised")
    sid = choice.hints.get("spell") or ""
    return FormLayout(("answer",), parts, {"answer": t("ka.spell.field.answer", lang)}, opt, default=advised,
                      marked=advised, submit=t("ka.spell.resist.submit", lang),
                      title=t("ka.spell.resist.title", lang, spell=spell_name(sid, lang),
                              total=choice.hints.get("total")))


def resist_odds(state: GameState, choice, lang: str) -> OddsTable | None:
    fight = FT.current(state)
    if fight is None or fight.get("dfn") != choice.actor or "total" not in fight:
        return None
    tgt = fighter(state, state.figures[choice.actor])
    total, pa = int(fight["total"]), SP.parse(fight["code"])[2]
    rows = []
    advised = choice.hints.get("advised")
    marked = None
    for v in choice.values:
        hold = 0.0 if v in (CA.ACCEPT, CA.NONE) else SO.spell_defence_chance(tgt, int(v), total, pa)
        if v == advised:
            marked = len(rows)
        rows.append((resist_label(v, lang), pct(hold)))
    header = tuple(t(f"ka.spell.odds.{k}", lang) for k in ("defence", "holds"))
    return OddsTable(header, tuple(rows), marked=marked, note=t("ka.spell.odds.total", lang, total=total))


def lasting_lines(fig, lang: str, name_of) -> list[str]:
    """The spells lasting on a figure, for its card: "Lame consacrée (Mage du Culte) : P +1"."""
    out = []
    for e in fig.status.get("spells", ()):
        if "char" in e:
            what = f"{e['char']} {int(e['delta']):+d}".replace("-", "−")
        elif e.get("fearless"):
            what = t("ka.spell.fearless", lang)
        else:
            what = t("ka.spell.step.dread", lang, n=e.get("dread"))
        out.append(t("ka.spell.lasting", lang, spell=spell_name(e["spell"], lang), by=name_of(e["by"]), what=what))
    return out


def layout(state: GameState, choice, lang: str) -> FormLayout | None:
    """The forms of this module (``FormsMixin.form_layout``'s last resort)."""
    if choice.kind == CA.CAST:
        return cast_layout(state, choice, lang)
    if choice.kind == CA.RESIST:
        return resist_layout(state, choice, lang)
    return None


def odds(state: GameState, choice, value: str, targets: tuple[str, ...], lang: str) -> OddsTable | None:
    if choice.kind == CA.CAST:
        return cast_odds(state, choice, value, targets, lang)
    if choice.kind == CA.RESIST:
        return resist_odds(state, choice, lang)
    return None


def card_lines(state: GameState, fig, c: dict, lang: str, name_of) -> list[str]:
    """A magician's spells (each with its tries left this turn) and the spells lasting on
    the figure, for its card."""
    out = []
    known = [s for s in c.get("spells") or () if s in SP.catalogue_spells()]
    if known and "magicien" in (c.get("skills") or {}):
        names = []
        for sid in known:
            left = SP.spell(sid).cadence - CA.casts_this_turn(state, fig.id, sid)
            names.append(t("ka.spell.known", lang, spell=spell_name(sid, lang), n=max(0, left),
                           of=SP.spell(sid).cadence))
        out.append(t("ka.spell.card", lang, spells=", ".join(names)))
    return out + lasting_lines(fig, lang, name_of)


def spell_rings(state: GameState, fig) -> tuple[list, list]:
    """A magician's spell ranges as rings (``FigureInfo.auras``: key, mm from its base's
    edge: a target whose base meets the ring is in range, K-R92) and its area spells'
    templates (``FigureInfo.areas``: each cast value, the radius in mm from the centre
    figure's base edge, no stray), drawn on the hovered target while one is chosen."""
    from .fighter import TOISE

    f = fighter(state, fig)
    rings: dict[float, str] = {}
    areas = []
    for sid in SP.known(f):
        sp = SP.spell(sid)
        r = SP.range_of(f, sid) * TOISE - fig.radius
        if r > 0:
            rings.setdefault(round(r, 3), sid)
        if sp.area:
            zone = max(0.0, sp.area * TOISE - 20.0)      # from a 40 mm base's edge
            areas += [(SP.code(sid, i, pa), zone, 0.0) for i in range(len(sp.effects)) for pa in (1, 2, 3)]
    return [(sid, r) for r, sid in sorted(rings.items())], areas
