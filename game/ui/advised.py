"""The ruleset's advice for a person: the answer its AI would give to a decision, shown
on the decision's form (the starred option, the "advised" row of the odds) and answering
for a person who asked for it (a per-side option of a new game, K-R23 for Khârn-Ages'
defences): which decision it may answer, the action it plays, and the log line saying so.
No pygame: the session and the form desk call it.

The AI's advice comes from the ruleset's planner module (its plugin's ``planner``), when
that module has ``advise(view_state, choice, profile) -> value``: the same policy the AI
plays, with the ``normal`` profile, decided from the deciding side's view. Without one, or
when it fails or names a value the template does not offer, the rules' own fixed-price
advice (``hints["advised"]``) stays."""
from __future__ import annotations

import importlib
from dataclasses import replace
from typing import Any

from game.core.actions import Action, ActionChoice
from game.core.text import t
from game.ui.rules_info import info_for

_ADVISORS: dict[str, Any] = {}


def _advisor(ruleset_id: str):
    """The planner module's ``advise`` of a ruleset (None: it has none), with its profile."""
    if ruleset_id not in _ADVISORS:
        from game.ai.profiles import load_profile
        from game.core.plugins import plugin

        found = None
        ref = plugin(ruleset_id).planner
        if ref is not None:
            fn = getattr(importlib.import_module(ref.partition(":")[0]), "advise", None)
            if callable(fn):
                found = (fn, load_profile(ruleset_id, "normal"))
        _ADVISORS[ruleset_id] = found
    return _ADVISORS[ruleset_id]


def ai_advice(engine, choice: ActionChoice) -> Any:
    """The value the ruleset's AI advises for ``choice`` (a template the advice may answer,
    the presentation's ``advised_answers``), decided from the deciding side's view; None
    when it has no advisor, the template is of another kind, or the advice is not offered."""
    rid = engine.ruleset.info.id
    if choice.kind not in info_for(rid).advised_answers or choice.hints.get("advised") is None:
        return None
    found = _advisor(rid)
    side = engine.decider()
    if found is None or side is None:
        return None
    fn, profile = found
    try:
        value = fn(engine.view_for(side).state, choice, profile)
    except Exception:  # the advice is a help: the rules' own advice stays
        return None
    return value if value in choice.values else None


def advised_choice(engine, choice: ActionChoice) -> ActionChoice:
    """``choice`` with the AI's advice as its advised (and default) value, for the form that
    shows it; ``choice`` itself when the AI has none to give."""
    value = ai_advice(engine, choice)
    if value is None or value == choice.hints.get("advised"):
        return choice
    return replace(choice, hints={**choice.hints, "advised": value, "default": value})


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
    c = advised_choice(engine, legal[0])
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
