"""The odds preview: before a shot, a charge or a fight, the exact chances from the same
functions the AI uses (chance to hit, expected hits, chance to put the target out)."""
from __future__ import annotations

from game.core.text import t
from game.ui.rules_info import info_for


def pct(p: float) -> str:
    return f"{round(100 * p)}\u00a0%"


def mods_text(mods, lang: str) -> str:
    return ", ".join(f"{t('mod.' + k, lang)} {v:+d}" for k, v in mods)


def preview(session, mode, target_id: str, partners=()) -> list[str]:
    """Lines describing the odds of the current mode's action against that target."""
    engine = session.engine
    state = engine.state
    adapter = info_for(engine.ruleset.info.id)
    lang = session.lang
    if adapter is None or mode is None or target_id not in state.figures:
        return []
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


def draw_odds(sc, surf) -> None:
    """The preview as a tooltip under the cursor, over a target of the current mode
    (computed once per target, mode and state)."""
    from game.ui.widgets import draw_tooltip

    mode = sc.controller.mode
    if not sc.app.settings.odds_preview or mode is None or mode.stage != "target":
        return
    tid = sc.hover
    if tid is None or tid not in mode.choice.targets:
        return
    key = (tid, mode, sc.session.version, tuple(sorted(sc.controller.partners)))
    if key != sc._odds_key:
        sc._odds_key = key
        sc._odds = preview(sc.session, mode, tid, tuple(sc.controller.partners))
    if sc._odds:
        draw_tooltip(surf, sc.app.fonts, "\n".join(sc._odds), sc.mouse)
