"""Fixed places for the panel's action buttons: the kinds a ruleset's presentation names
(``Presentation.fixed_slots``) keep their button while the figure acts, greyed with the
reason when the engine does not offer them now, so that a button that comes or goes
("Charger" once an enemy is within reach) never moves the others under the mouse."""
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


def slot_label(pres, slot: EmptySlot, lang: str) -> tuple[str, str]:
    """(label, tooltip) of an empty place's greyed button."""
    why = t(slot.why, lang)
    return t("ui.target.refused", lang, name=pres.action_label(slot, lang), why=why), \
        t("ui.slot.tip", lang, why=why)
