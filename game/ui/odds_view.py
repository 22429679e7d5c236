"""The odds preview: before an attack, the exact chances from the same functions the AI
uses, as lines the ruleset's presentation writes (its odds_preview), unless strict
measuring hides distances. An odds failure never stops play: the rules still decide."""
from __future__ import annotations

from game.ui.rules_info import info_for

ODDS_WIDTH = 640   # px at 100 %: one answer a line at 1280x800 (never wider than the table)


def preview(session, mode, target_id: str, partners=(), strict: bool = False) -> list[str]:
    """Lines describing the odds of the current mode's action against that target."""
    engine = session.engine
    state = engine.state
    if mode is None or target_id not in state.figures:
        return []
    value = mode.weapon
    try:
        return info_for(engine.ruleset.info.id).odds_preview(
            state, engine.ruleset.table_for(state), mode.choice, value, state.figures[target_id],
            tuple(partners), strict, session.lang)
    except Exception:  # an odds failure must never stop play; the rules still decide
        return []


def draw_odds(sc, surf) -> bool:
    """The preview as a tooltip under the cursor, over a target of the current mode on the
    table or over its entry in the panel's target list (then beside the list); computed
    once per target, mode and state; True when drawn."""
    from game.ui.widgets import draw_tooltip

    mode = sc.controller.mode
    if not sc.app.settings.odds_preview or mode is None or mode.stage != "target":
        return False
    listed = sc.panel.target_at(sc.mouse)       # the target list's entry under the cursor
    tid = listed or sc.hover
    if tid is None or tid not in sc.controller.offered():   # no odds for a refused target
        return False
    strict = sc.strict()
    key = (tid, mode, sc.session.version, tuple(sorted(sc.controller.partners)), strict, sc.session.lang)
    if key != sc._odds_key:
        sc._odds_key = key
        seen = sc.__dict__.setdefault("_odds_seen", [])   # (key, lines) hovered in this state
        if any(k[2] != key[2] for k, _ in seen) or len(seen) > 64:
            seen.clear()
        lines = next((v for k, v in seen if k == key), None)
        if lines is None:
            lines = preview(sc.session, mode, tid, tuple(sc.controller.partners), strict)
            seen.append((key, lines))
        sc._odds = lines
    if sc._odds:    # beside the list: left of the panel, over the table
        draw_tooltip(surf, sc.app.fonts, "\n".join(sc._odds), sc.mouse, width=ODDS_WIDTH, bounds=sc.view.rect,
                     right=sc.side_rect.x if listed else None)
    return bool(sc._odds)
