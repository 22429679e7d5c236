"""The odds preview: before a shot, a charge or a fight, the exact chances from the same
functions the AI uses (chance to hit, expected hits, chance to put the target out); for
Mortebrume, before a strike or a shot, the ruleset's odds against each reaction (chance to
wound, expected wounds, chance to put out of combat, wounds back from a riposte), unless
strict measuring hides distances."""
from __future__ import annotations

from game.core.text import t
from game.ui.rules_info import info_for


def pct(p: float) -> str:
    return f"{round(100 * p)}\u00a0%"


def mods_text(mods, lang: str) -> str:
    return ", ".join(f"{t('mod.' + k, lang)} {v:+d}" for k, v in mods)


def num(v: float, lang: str) -> str:
    text = f"{v:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def preview(session, mode, target_id: str, partners=(), strict: bool = False) -> list[str]:
    """Lines describing the odds of the current mode's action against that target."""
    engine = session.engine
    state = engine.state
    adapter = info_for(engine.ruleset.info.id)
    lang = session.lang
    if adapter is None or mode is None or target_id not in state.figures:
        return []
    if engine.ruleset.info.id == "mortebrume":
        return mortebrume_preview(session, mode, target_id, strict)
    c = mode.choice
    actor = state.figures.get(c.actor)
    target = state.figures[target_id]
    if actor is None:
        return []
    table = engine.ruleset.table_for(state)
    try:
        if c.kind in ("shoot", "move_shoot"):
            weapon = mode.weapon if mode.weapon is not None else c.values[0]
            member = (state.activation or {}).get("members", {}).get(actor.id, {})
            o = adapter.shot_odds(state, table, actor, target, int(weapon),
                                  moving=c.kind == "move_shoot",
                                  aimed=bool(member.get("aimed")) and c.kind == "shoot")
            head = t("ui.odds.shot", lang, who=actor.name, target=target.name, n=o.dice, x=o.target)
        elif c.kind in ("charge", "fight"):
            group = [actor] + [state.figures[p] for p in partners if p in state.figures]
            o = adapter.fight_odds(state, table, group, target, charged=c.kind == "charge")
            head = t("ui.odds.fight", lang, who=actor.name, target=target.name, n=o.dice, x=o.target)
        else:
            return []
    except Exception:  # an odds failure must never stop play; the rules still decide
        return []
    lines = [head]
    if o.mods:
        lines.append(t("ui.odds.mods", lang, mods=mods_text(o.mods, lang)))
    mean = f"{o.expected_hits:.1f}"
    lines.append(t("ui.odds.hit", lang, p=pct(o.p_hit), e=mean.replace(".", ",") if lang == "fr" else mean))
    lines.append(t("ui.odds.out", lang, p=pct(o.p_out)))
    if c.kind in ("charge", "fight"):
        lines.append(t("ui.odds.win", lang, w=pct(o.p_win), l=pct(o.p_lose),
                       back=pct(o.p_attacker_out)))
    return lines


def mortebrume_preview(session, mode, target_id: str, strict: bool) -> list[str]:
    """A Mortebrume strike, shot or spell: one line per reaction the rules leave the target
    (the shield included), from the ruleset's odds module (the distance is where the figures
    stand; a strike from farther than the weapon's reach is counted at that reach, where its
    approach ends; a spell shows its power against the resistance it must beat)."""
    from game.rulesets.mortebrume import combat, stats
    from game.rulesets.mortebrume import odds as mb

    engine, lang = session.engine, session.lang
    state = engine.state
    c = mode.choice
    actor, target = state.figures.get(c.actor), state.figures[target_id]
    if actor is None or c.kind not in ("strike", "shoot", "cast") or target.out:
        return []
    if strict:
        return [t("play.odds.mb_strict", lang)]
    if c.kind == "cast":
        return _spell_preview(session, mode, actor, target)
    wid = str(mode.weapon if mode.weapon is not None else c.values[0])
    inspired = int(actor.status.get("inspired", 0) or 0)
    try:
        dist = engine.ruleset.table_for(state).distance(actor.id, target.id)
        head = "play.odds.mb_head"
        if c.kind == "strike":
            if dist > stats.CONTACT + stats.EPS:
                dist, head = stats.reach_band(wid)[1], "play.odds.mb_head_walk"
            reactions = combat.melee_reactions(state, actor, target) or ["none"]
            rows = [(r, mb.strike(actor, target, wid, dist, r, inspired)) for r in reactions]
        else:
            mist = stats.mist_radius(state)
            reactions = combat.shot_reactions(state, actor, target) or ["none"]
            rows = [(r, mb.shot(actor, target, wid, dist, r, mist, inspired)) for r in reactions]
    except Exception:  # an odds failure must never stop play; the rules still decide
        return []
    name = t("ui.action." + c.kind, lang)
    lines = [t(head, lang, action=name, who=actor.name, target=target.name,
               weapon=_weapon_name(wid, lang), d=num(dist / stats.CM, lang))]
    for reaction, o in rows:
        key, label = ("play.odds.mb_row_none", "") if reaction == "none" else \
            ("play.odds.mb_row", t(f"ui.react.{reaction}", lang))
        line = t(key, lang, reaction=label, p=pct(o.p_hit), e=num(o.expected_wounds, lang),
                 out=pct(o.p_out))
        if o.expected_back > 0:
            line += t("play.odds.mb_back", lang, back=num(o.expected_back, lang))
        lines.append(line)
    return lines


def _spell_preview(session, mode, caster, target) -> list[str]:
    """Casting a spell: its power (raise included) against the target's resistance, then for
    each reaction the chance it takes effect, with doubled power, and its expected effect."""
    from game.rulesets.mortebrume import odds as mb
    from game.rulesets.mortebrume import spells, stats

    engine, lang = session.engine, session.lang
    state = engine.state
    value = mode.weapon if mode.weapon is not None else mode.choice.values[0]
    inspired = int(caster.status.get("inspired", 0) or 0)
    try:
        sid, rp, ra = spells.decode(value)
        sp = stats.spell(sid)
        dist = spells.gap(engine.ruleset.table_for(state), caster, target)
        hostile = not sp.friendly and target.side != caster.side
        choices = ["dodge", "take"] if hostile and not target.status.get("stunned") else ["none"]
        rows = [(r, mb.spell(caster, target, sid, rp, ra, dist, r == "dodge", inspired))
                for r in choices]
        res = spells.resistance(caster, target, sp.resist)
    except Exception:  # an odds failure must never stop play; the rules still decide
        return []
    lines = [t("play.odds.mb_cast_head", lang, who=caster.name, target=target.name,
               spell=sp.name.get(lang), power=sp.power + rp, res=res,
               d=num(dist / stats.CM, lang))]
    for reaction, o in rows:
        key, label = ("play.odds.mb_cast_none", "") if reaction == "none" else \
            ("play.odds.mb_cast_row", t(f"ui.react.{reaction}", lang))
        line = t(key, lang, reaction=label, p=pct(o.p_effect), s=pct(o.p_special))
        if sp.effect in ("wound", "drain", "heal", "ward"):
            line += t(f"play.odds.mb_effect_{sp.effect}", lang, e=num(o.expected_amount, lang))
        lines.append(line)
    return lines


def _weapon_name(wid: str, lang: str) -> str:
    from game.ui.rules_info import info_for

    return info_for("mortebrume").weapon_name(None, wid, lang)


def draw_odds(sc, surf) -> bool:
    """The preview as a tooltip under the cursor, over a target of the current mode
    (computed once per target, mode and state); True when drawn."""
    from game.ui.widgets import draw_tooltip

    mode = sc.controller.mode
    if not sc.app.settings.odds_preview or mode is None or mode.stage != "target":
        return False
    tid = sc.hover
    if tid is None or tid not in mode.choice.targets:
        return False
    strict = sc.strict()
    key = (tid, mode, sc.session.version, tuple(sorted(sc.controller.partners)), strict)
    if key != sc._odds_key:
        sc._odds_key = key
        sc._odds = preview(sc.session, mode, tid, tuple(sc.controller.partners), strict)
    if sc._odds:
        draw_tooltip(surf, sc.app.fonts, "\n".join(sc._odds), sc.mouse)
    return bool(sc._odds)
