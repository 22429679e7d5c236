"""What the controller does with forms and re-roll prompts (no pygame, no drawing): open a
template's form once its target is known (or at once when it needs none), play the value
it builds (through the contact input when the template moves into contact), and offer the
re-roll prompt when the decision is a re-roll. The forms come from the ruleset's
presentation (``form_layout``); the models are ``game.ui.form_model``'s."""
from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.actions import ActionChoice
from game.ui import intent
from game.ui.advised import advised_choice
from game.ui.form_model import LinkedForm, RerollPrompt


@dataclass
class FormRequest:
    """A form being filled: its template, the model, the targets and path chosen before."""

    choice: ActionChoice
    form: LinkedForm
    targets: tuple[str, ...] = ()
    path: tuple = ()


def open_form(ctl, choice: ActionChoice, targets: tuple[str, ...] = (), path: tuple = (), value=None) -> bool:
    """Open the template's form (False: its presentation lays out none), on ``value`` when
    a button already chose one (the player may still change it, seeing the odds)."""
    engine = ctl.engine
    if getattr(ctl.session, "guide", None) is None:        # the AI's advice starred (a lesson keeps the rules')
        choice = advised_choice(engine, choice)
    try:
        layout = ctl.presentation.form_layout(engine.state, choice, ctl.lang)
    except Exception:  # a presentation failure leaves the template's plain buttons
        layout = None
    if layout is None:
        return False
    wanted = lesson_value(ctl, choice)
    if wanted is not None and wanted in layout.parts:      # the guided step's build is the one marked
        layout = replace(layout, marked=wanted)
    try:
        form = LinkedForm(layout, choice.values)
    except ValueError:
        return False
    if value is not None:
        form.pick_value(value)
    ctl.building = FormRequest(choice, form, tuple(targets), tuple(path))
    ctl.mode = None
    ctl.say("")
    return True


def target_refusal(engine, choice: ActionChoice, tid: str, value=None, path: tuple = ()):
    """The engine's answer for ``tid`` as the action would be played (None: accepted): with
    the value chosen on the button; none chosen, a form's values one by one (accepted when
    one of them is, else the first refusal), any other template's first value. A shape
    the player still completes (more targets, partners) is no refusal."""
    values = (len(path) - 1,) if path and choice.hints.get("at_point") else ()
    if value is not None:
        tries = (value,)
    elif choice.gather == "form" and choice.values:
        tries = choice.values
    else:
        tries = choice.values[:1] or (None,)
    first = None
    for v in tries:
        why = engine.check(intent.simple(choice, targets=(tid,), value=v, path=tuple(path), values=values))
        if why is None or why.code in ("refused.target_count", "refused.bad_partner"):
            return None
        first = first or why
    return first


def lesson_value(ctl, choice: ActionChoice):
    """The value a guided lesson's step waits for from this template (None: no lesson, or
    its step names no value of that kind)."""
    guide = getattr(ctl.session, "guide", None)
    step = guide.step if guide is not None and not guide.finished else None
    expect = getattr(step, "expect", None)
    if expect is None or expect.kind != choice.kind or expect.value is None:
        return None
    return expect.value


def submit_form(ctl) -> bool:
    """Play the value the form builds: into contact first when the template's move asks
    for it (the value kept through the contact input), else with its targets and path."""
    req = ctl.building
    if req is None:
        return False
    c, value = req.choice, req.form.value
    ctl.building = None
    if c.move is not None and c.move.goal == "contact" and req.targets:
        from game.ui.controller import Mode

        ctl.mode = Mode(c, "target", weapon=value, targets=list(req.targets))
        return ctl.finish_targets()
    return ctl.play(intent.simple(c, targets=req.targets, value=value, path=req.path))


def builds(pres, state, choice: ActionChoice, lang: str) -> bool:
    """Whether the template's values are laid out as a form the window can open (the
    panel then offers a button that opens it)."""
    if not choice.values or choice.gather not in ("form", "contact"):
        return False
    key = (type(pres), choice.kind, choice.actor, choice.values)
    if key not in _BUILDS:
        try:
            _BUILDS[key] = pres.form_layout(state, choice, lang) is not None
        except Exception:  # a presentation failure leaves the template's plain buttons
            _BUILDS[key] = False
        if len(_BUILDS) > 64:
            _BUILDS.clear()
            return builds(pres, state, choice, lang)
    return _BUILDS[key]


_BUILDS: dict[tuple, bool] = {}     # whether a template's values make a form (kind, values)


def contact_form(choice: ActionChoice) -> bool:
    """A template with values that moves into contact with its target (an assault): its
    form, when it has one, comes before the path into contact."""
    return bool(choice.values) and choice.move is not None and choice.move.goal == "contact"


def offer(ctl) -> None:
    """After a change: the re-roll prompt when the person decides a re-roll, else the form
    of the only template left to answer when it needs no target (a defence)."""
    ctl.building, ctl.prompt = None, None
    session = ctl.session
    if not session.human_to_decide() or not ctl.engine.state.pending:
        return
    legal = ctl.engine.legal_actions()
    prompt = RerollPrompt.build(legal, [*session.roll_events, *session.last_events])
    if prompt is not None:
        choice = prompt.one or prompt.several
        try:
            prompt.notes = ctl.presentation.reroll_notes(ctl.engine.state, choice, prompt.event, ctl.lang) or {}
        except Exception:  # notes are a help; the prompt stays
            prompt.notes = {}
        ctl.prompt = prompt
        return
    forms = [c for c in legal if c.gather == "form" and c.min_targets == 0]
    if len(legal) == 1 and forms:
        open_form(ctl, forms[0])
