"""The ruleset's advice answering for a person who asked for it (a per-side option of a
new game, K-R23 for Khârn-Ages' defences): which decision it may answer, the action it
plays, and the log line saying so. No pygame: the session calls it."""
from __future__ import annotations

from game.core.actions import Action, ActionChoice
from game.core.text import t
from game.ui.rules_info import info_for


def advised_action(engine) -> tuple[Action | None, ActionChoice | None]:
    """The advised answer to the decision owed now, when the only template is one the
    ruleset lets its advice answer and carries that advice; (None, None) otherwise."""
    state = engine.state
    if not state.pending:
        return None, None
    kinds = info_for(engine.ruleset.info.id).advised_answers
    legal = engine.legal_actions()
    if len(legal) != 1 or legal[0].kind not in kinds or legal[0].hints.get("advised") is None:
        return None, None
    c = legal[0]
    action = Action(c.kind, c.actor, value=c.hints["advised"])
    if engine.check(action) is not None:
        return None, None
    return action, c


def answer_label(engine, choice: ActionChoice, value, lang: str) -> str:
    """The advised value in the player's words: its form's option labels, else the
    presentation's label of the value."""
    pres = info_for(engine.ruleset.info.id)
    state = engine.state
    try:
        lay = pres.form_layout(state, choice, lang)
    except Exception:  # a label failure never stops play
        lay = None
    if lay is not None and value in lay.parts:
        parts = lay.parts[value]
        words = []
        for f in lay.fields:
            o = parts[f]
            items = o if f in lay.toggles else (o,)
            words += [lay.option_labels.get((f, i), str(i)) for i in items]
        return ", ".join(w for w in words if w)
    fig = state.figures.get(choice.actor) if choice.actor else None
    return pres.value_label(fig, choice, value, lang)


def advised_line(engine, choice: ActionChoice, action: Action, lang: str) -> str:
    pres = info_for(engine.ruleset.info.id)
    who = pres.name_of(engine.state, action.actor, lang)
    return t("ui.log.advised", lang, who=who, answer=answer_label(engine, choice, action.value, lang))
