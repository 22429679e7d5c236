"""Fixed places for the panel's action buttons: the kinds a ruleset's presentation names
(``Presentation.fixed_slots``) keep their button while the figure acts, greyed with the
reason when the engine does not offer them now, and so does, until the activation ends,
every kind the figure was offered earlier in it (an inspiration spent, an aim taken; not the
answers of a decision it owed, such as keeping or re-rolling its dice): a
button that comes or goes ("Charger" once an enemy is within reach) never moves the others
under the mouse."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.text import t


@dataclass(frozen=True)
class EmptySlot:
    """The place of a kind the figure cannot take now (sorted like a template by its kind)."""

    kind: str
    why: str                       # text key of the reason, in a few words


def with_slots(pres, state, actor: str | None, choices: list) -> list:
    """The templates and the empty places of the fixed kinds not offered, in the panel's order."""
    present = {c.kind for c in choices}
    empty = [EmptySlot(kind, why) for kind, why in (pres.fixed_slots(state, actor) if actor else ())
             if kind not in present]
    return sorted(list(choices) + empty, key=pres.sort_key)


def activation_key(state) -> tuple | None:
    """What names the activation under way (None between activations), whatever the ruleset."""
    act = state.activation
    if not isinstance(act, dict):
        return None
    who = next((act[k] for k in ("leader", "fig", "figure") if k in act), None)
    return (state.turn, act.get("side"), who)


class SlotMemory:
    """The kinds shown to each figure during the activation under way, in order."""

    def __init__(self):
        self._key = None
        self._seen: dict[str, list[str]] = {}
        self._values: dict[tuple[str, str], list[list]] = {}   # (actor, kind) -> [key, label, version]

    def _activation(self, state):
        key = activation_key(state)
        if key != self._key:
            self._key, self._seen, self._values = key, {}, {}
        return key

    def arrange(self, pres, state, actor: str | None, choices: list) -> list:
        """``with_slots``, plus a greyed place for each kind this figure was offered earlier
        in the activation and is not now."""
        key = self._activation(state)
        out = with_slots(pres, state, actor, choices)
        if key is None or actor is None:
            return out
        seen = self._seen.setdefault(actor, [])
        present = {c.kind for c in out}
        gone = [EmptySlot(k, "ui.slot.gone") for k in seen if k not in present]
        if not state.pending:            # a decision's answers (keep or re-roll the dice) pass with it
            seen += [c.kind for c in choices if c.actor == actor and c.kind not in seen]
        return sorted(out + gone, key=pres.sort_key) if gone else out

    def keep_values(self, state, actor: str | None, kind: str, buttons: list, version: int = 0) -> list:
        """A template's buttons (one per value: a psi power, a weapon) in the places they had
        earlier in the activation: a value the game no longer offers since it moved on (the
        power just used) leaves a ``GoneButton`` where its button was, so the buttons under
        it do not move up. ``version`` numbers the game's states: a value gone while the
        game stood still (a field of the form changed it, a spell's power raised) is
        forgotten, not greyed."""
        if self._activation(state) is None or actor is None:
            return list(buttons)
        seen = self._values.setdefault((actor, kind), [])       # [key, label, last version offered]
        here = {b.key: b for b in buttons}
        seen[:] = [e for e in seen if e[0] in here or e[2] != version]
        for e in seen:
            if e[0] in here:
                e[2] = version
        out = [here[k] if k in here else GoneButton(k, label) for k, label, _ in seen]
        known = {e[0] for e in seen}
        out += [b for b in buttons if b.key not in known]
        if not state.pending:
            seen += [[b.key, b.label, version] for b in buttons if b.key not in known]
        return out


@dataclass(frozen=True)
class GoneButton:
    """The place of a value's button no longer offered in this activation."""

    key: str
    label: str


def slot_label(pres, slot: EmptySlot, lang: str) -> tuple[str, str]:
    """(label, tooltip) of an empty place's greyed button."""
    why = t(slot.why, lang)
    return t("ui.target.refused", lang, name=pres.action_label(slot, lang), why=why), \
        t("ui.slot.tip", lang, why=why)
