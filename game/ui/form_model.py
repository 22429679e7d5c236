"""The models of the window's forms, pure Python (no pygame): a template's values laid out
as linked fields (``LinkedForm``, from the ruleset presentation's ``FormLayout``) and the
re-roll prompt (``RerollPrompt``, from the re-roll templates and the roll they are about).
Each turns the player's clicks into one of the template's own values, or an Action: the
engine still checks whatever is played."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.actions import Action, ActionChoice
from game.core.events import DiceRolled
from game.core.presentation import FormLayout

CROWDED = 8      # a field with more options shows only those its earlier fields leave


@dataclass(frozen=True)
class Chip:
    """One clickable option of a row: a choice, or a toggle item of a toggles field."""

    field: str
    key: Any                  # the option (or the toggle item)
    label: str
    selected: bool
    enabled: bool
    marked: bool = False      # part of the marked (advised) value


@dataclass(frozen=True)
class Row:
    field: str
    label: str
    chips: tuple[Chip, ...]
    toggles: bool = False


def _same(a, b) -> bool:
    """Two toggle options are the same items (in any order)."""
    return Counter(a) == Counter(b)


class LinkedForm:
    """The linked fields of a form: each field offers the options left by the choices of
    the fields before it (only the template's own values can be built); a choice the player
    made is kept as long as what comes before allows it."""

    def __init__(self, layout: FormLayout, values: Sequence[Any]):
        self.layout = layout
        self.values = [v for v in values if v in layout.parts]
        if not self.values:
            raise ValueError("no value of the template is laid out by the form")
        start = next((v for v in (layout.default, layout.marked) if v in self.values), self.values[0])
        self.chosen: dict[str, Any] = dict(layout.parts[start])

    def _fallback(self, f: str, cands: list) -> Any:
        for v in (self.layout.marked, self.layout.default):
            if v in cands:
                return self.layout.parts[v][f]
        return self.layout.parts[cands[0]][f]

    def _key(self) -> tuple:
        return tuple(sorted((k, repr(v)) for k, v in self.chosen.items()))

    def _resolve(self) -> tuple[dict[str, list], dict[str, Any], Any]:
        """(options left per field, the current option per field, the value they make);
        worked out once per set of choices (the window asks every frame)."""
        key = self._key()
        memo = getattr(self, "_memo", None)
        if memo is None or memo[0] != key:
            self._memo = memo = (key, self._work_out())
        return memo[1]

    def _work_out(self) -> tuple[dict[str, list], dict[str, Any], Any]:
        parts = self.layout.parts
        cands = list(self.values)
        left: dict[str, list] = {}
        current: dict[str, Any] = {}
        for f in self.layout.fields:
            opts: list = []
            for v in cands:
                if parts[v][f] not in opts:
                    opts.append(parts[v][f])
            cur = self.chosen.get(f)
            if f in self.layout.toggles:
                cur = next((o for o in opts if cur is not None and _same(o, cur)), None)
            elif cur not in opts:
                cur = None
            if cur is None:
                cur = self._fallback(f, cands)
            left[f], current[f] = opts, cur
            cands = [v for v in cands if parts[v][f] == cur]
        return left, current, cands[0]

    @property
    def value(self) -> Any:
        return self._resolve()[2]

    def current(self, f: str) -> Any:
        return self._resolve()[1][f]

    def rows(self) -> list[Row]:
        """Every field with its chips: the options left are enabled, the rest of the
        field's options greyed (a toggles field: one chip per item)."""
        key = self._key()
        memo = getattr(self, "_rows", None)
        if memo is None or memo[0] != key:
            self._rows = memo = (key, self._make_rows())
        return list(memo[1])

    def _make_rows(self) -> list[Row]:
        lay = self.layout
        left, current, _ = self._resolve()
        marked = lay.parts.get(lay.marked) if lay.marked in self.values else None
        out = []
        for f in lay.fields:
            every: list = []
            for v in self.values:
                o = lay.parts[v][f]
                if f in lay.toggles:
                    for item in o:
                        if item not in every:
                            every.append(item)
                elif o not in every:
                    every.append(o)
            chips = []
            for o in every:
                label = lay.option_labels.get((f, o), str(o))
                if f in lay.toggles:
                    chips.append(Chip(f, o, label, o in current[f], self._toggled(f, o, left[f], current[f])
                                      is not None, bool(marked) and o in marked[f]))
                else:
                    chips.append(Chip(f, o, label, o == current[f], o in left[f],
                                      bool(marked) and marked[f] == o))
            if f in lay.toggles and not every:
                continue                       # nothing to toggle anywhere: no row
            if len(chips) > CROWDED and f not in lay.toggles:   # many options: those left only
                chips = [c for c in chips if c.enabled]
            out.append(Row(f, lay.labels.get(f, f), tuple(chips), f in lay.toggles))
        return out

    def pick(self, f: str, option: Any) -> bool:
        """Choose an option of a field (False when what comes before leaves it out)."""
        left, _, _ = self._resolve()
        if f not in left or option not in left[f]:
            return False
        self.chosen[f] = option
        return True

    def toggle(self, f: str, item: Any) -> bool:
        """Switch one item of a toggles field: on (added, else in place of the last one,
        else alone) or off; False when no option left allows it."""
        left, current, _ = self._resolve()
        if f not in left:
            return False
        got = self._toggled(f, item, left[f], current[f])
        if got is None:
            return False
        self.chosen[f] = got
        return True

    @staticmethod
    def _toggled(f: str, item: Any, opts: list, cur: tuple) -> tuple | None:
        cur = tuple(cur)
        if item in cur:
            one = list(cur)
            one.remove(item)
            tries = [tuple(one), tuple(x for x in cur if x != item)]
        else:
            tries = [cur + (item,), cur[:-1] + (item,), (item,)]
        for want in tries:
            for o in opts:
                if _same(o, want):
                    return o
        return None

    def jump(self, f: str, option: Any) -> bool:
        """A greyed option asked for anyway: the value offering it that keeps most of the
        current choices (False when no value offers it). For a toggles field, ``option``
        is an item the value's option must hold."""
        parts = self.layout.parts
        _, current, _ = self._resolve()
        if f in self.layout.toggles:
            fits = [v for v in self.values if option in parts[v][f]]
        else:
            fits = [v for v in self.values if parts[v][f] == option]
        if not fits:
            return False
        best = max(fits, key=lambda v: sum(parts[v][g] == current[g] for g in self.layout.fields))
        self.chosen = dict(parts[best])
        return True

    def pick_value(self, value: Any) -> bool:
        """Set every field to a value's options (the advised one, say)."""
        if value not in self.values:
            return False
        self.chosen = dict(self.layout.parts[value])
        return True


# ------------------------------------------------------------------ the re-roll prompt
@dataclass(frozen=True)
class PromptDie:
    index: int
    face: int
    kept: bool
    crit: bool
    fumble: bool
    note: str = ""           # what re-rolling it would do (the ruleset's words)


@dataclass
class RerollPrompt:
    """The dice of the roll a re-roll decision is about, each clickable: with a one-die
    template (``reroll``, value = the die's index) a click plays it; with a template taking
    several (``hints["several"]``: ``Action.values``) clicks select dice, then one button
    plays them. A template with input ``none`` is the "keep" button."""

    actor: str | None
    event: DiceRolled
    one: ActionChoice | None = None          # re-roll one die
    several: ActionChoice | None = None      # re-roll the dice selected
    keep: ActionChoice | None = None
    notes: dict[int, str] = field(default_factory=dict)
    picked: list[int] = field(default_factory=list)

    @classmethod
    def build(cls, choices: Sequence[ActionChoice], events: Sequence[Any]) -> RerollPrompt | None:
        """From the legal templates and the last events: None when no re-roll is offered or
        no roll of the actor matching the template's dice is among the events."""
        rer = [c for c in choices if c.gather == "reroll"]
        if not rer:
            return None
        actor = rer[0].actor
        roller = rer[0].hints.get("roller") or actor   # a roll another figure threw (Bretteur)
        n = max(len(c.values) for c in rer)
        event = next((e for e in reversed(list(events)) if isinstance(e, DiceRolled)
                      and (roller is None or e.who == roller) and len(e.faces) == n), None)
        if event is None:
            return None
        faces = tuple(rer[0].hints.get("faces") or ())
        if faces and len(faces) == len(event.faces) and faces != event.faces:
            # dice re-rolled since (their events show one die each): the faces as they stand
            event = replace(event, faces=faces, kept=(), crit=(), fumble=())
        one = next((c for c in rer if not c.hints.get("several")), None)
        several = next((c for c in rer if c.hints.get("several")), None)
        keep = next((c for c in choices if c.actor == actor and c.gather == "none"
                     and c.kind not in {r.kind for r in rer}), None)
        return cls(actor, event, one, several, keep)

    def dice(self) -> list[PromptDie]:
        e = self.event
        return [PromptDie(i, f, i in e.kept, i in e.crit, i in e.fumble, self.notes.get(i, ""))
                for i, f in enumerate(e.faces)]

    def offered(self, index: int) -> bool:
        return any(c is not None and index in c.values for c in (self.one, self.several))

    def click(self, index: int) -> Action | None:
        """A die clicked: with only the one-die template, its re-roll at once; when several
        dice may be re-rolled, the die selected or unselected (None: nothing to play yet)."""
        if self.several is None:
            if self.one is not None and index in self.one.values:
                return Action(self.one.kind, self.one.actor, value=index)
            return None
        if index in self.several.values or (self.one is not None and index in self.one.values):
            if index in self.picked:
                self.picked.remove(index)
            else:
                self.picked.append(index)
                most = self.most()
                if most is not None and len(self.picked) > most:   # the oldest pick gives way
                    del self.picked[0]
        return None

    def most(self) -> int | None:
        """How many dice the several-dice template takes at most (None: any number)."""
        most = self.several.hints.get("most") if self.several is not None else None
        return int(most) if most is not None else None

    def play_one(self) -> Action | None:
        """The one-die re-roll of the single die selected (None: not exactly one)."""
        if self.one is None or len(self.picked) != 1 or self.picked[0] not in self.one.values:
            return None
        return Action(self.one.kind, self.one.actor, value=self.picked[0])

    def play_several(self) -> Action | None:
        """The several-dice re-roll of the dice selected (its value: the first of them)."""
        if self.several is None or not self.picked or not set(self.picked) <= set(self.several.values):
            return None
        dice = tuple(sorted(self.picked))
        return Action(self.several.kind, self.several.actor, value=dice[0], values=dice)

    def play_keep(self) -> Action | None:
        if self.keep is None:
            return None
        return Action(self.keep.kind, self.keep.actor, value=self.keep.values[0] if self.keep.values else None)
