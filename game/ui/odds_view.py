"""The odds preview: before an attack, the exact chances from the same functions the AI
uses, as lines the ruleset's presentation writes (its odds_preview), unless strict
measuring hides distances. An odds failure never stops play: the rules still decide."""
from __future__ import annotations

from game.ui.rules_info import info_for

ODDS_WIDTH = 560   # px at 100 %: one answer a line at 1280x800


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
        draw_tooltip(surf, sc.app.fonts, "\n".join(sc._odds), sc.mouse, width=ODDS_WIDTH, bounds=sc.view.rect)
    return bool(sc._odds)
