"""The one door through which a game changes: legal_actions / check / step, plus undo,
clone and replay. Humans, agents and replays all drive the game through it."""
from __future__ import annotations

from typing import Any

from game.core.actions import Action, ActionChoice
from game.core.context import RuleContext
from game.core.dice import Dice, pcg_seed
from game.core.errors import IllegalAction, Refusal
from game.core.events import Event, GameEnded
from game.core.placements import place
from game.core.record import Record
from game.core.ruleset import Ruleset, get_ruleset
from game.core.state import GameState

DIGEST_EVERY = 10


def judge(ruleset: Ruleset, state: GameState, choices: list[ActionChoice], action: Action,
          ctx: RuleContext) -> Refusal | None:
    """Whether ``action`` is legal in ``state`` given its legal templates: None, or the
    refusal a player can read (the one place legality is decided, for the true game and
    for a side's view alike)."""
    action = action.rounded()
    shape: Refusal | None = None  # the action does not fit a template
    rule: Refusal | None = None   # it fits one, but the rules refuse it (the better reason)
    for choice in choices:
        if choice.kind != action.kind or choice.actor != action.actor:
            continue
        why = choice.admits(action)
        if why is not None:
            shape = shape or why
            continue
        why = ruleset.check(state, action, choice, ctx)
        if why is None:
            return None
        rule = rule or why
    return rule or shape or Refusal("refused.not_now", {"kind": action.kind})


class Engine:
    def __init__(self, ruleset: Ruleset, state: GameState, record: Record,
                 dice: Dice | None = None):
        self.ruleset = ruleset
        self.state = state
        self.record = record
        self._scripted = dice
        self._undo: list[tuple[GameState, int]] = []
        self.last_events: list[Event] = []
        self._legal: tuple[tuple[int, int], list[ActionChoice]] | None = None

    # --- construction
    @classmethod
    def new(cls, ruleset_id: str, scenario: str, seed: int, options: dict[str, Any] | None = None,
            dice: Dice | None = None) -> Engine:
        rs = get_ruleset(ruleset_id)
        options = dict(options or {})
        state = rs.setup(scenario, seed, options)
        if options.get("placements"):
            place(state, options["placements"], rs.info.unit_mm)
        state.rng = pcg_seed(seed, stream=7)
        record = Record(ruleset=rs.info.id, version=rs.info.version, scenario=scenario,
                        seed=seed, options=options)
        record.digests["0"] = state.digest()
        return cls(rs, state, record, dice)

    @classmethod
    def replay(cls, record: Record, *, verify: bool = True, upto: int | None = None) -> Engine:
        """Rebuild a game from its record; with verify, every stored digest must match and
        none may lie beyond the last decision (a save cut short). Raises BadSave."""
        from game.core.record import BadSave

        n = len(record.actions)
        if verify and any(int(k) > n for k in record.digests):
            raise BadSave("incomplete", f"incomplete save: it holds {n} decisions but a digest "
                          f"for decision {max(map(int, record.digests))}")
        eng = cls.new(record.ruleset, record.scenario, record.seed, record.options)
        if verify and record.digests.get("0") not in (None, eng.state.digest()):
            raise BadSave("drift", "the saved game does not match this version's setup "
                          "(digest at start)", n=0)
        actions = record.actions if upto is None else record.actions[:upto]
        for i, a in enumerate(actions, start=1):
            reason = eng.check(a)
            if reason is not None:
                raise BadSave("illegal", f"decision {i} is not legal when replayed ({reason})", n=i)
            eng.step(a)
            want = record.digests.get(str(i))
            if verify and want is not None and want != eng.state.digest():
                raise BadSave("drift", f"the replay drifted from the saved game at decision {i}", n=i)
        return eng

    # --- queries
    def decider(self) -> int | None:
        if self.state.outcome is not None:
            return None
        return self.ruleset.decider(self.state)

    @property
    def dice(self) -> Dice:
        """The dice in use: scripted ones (tests) or the game's seeded stream."""
        return self._scripted or Dice(self.state.rng)

    def rule_context(self, state: GameState | None = None) -> RuleContext:
        """The rules' context on this state (or ``state``): the state, the dice in use and the
        table."""
        st = state or self.state
        dice = self._scripted or Dice(st.rng)
        return RuleContext(st, dice, self.ruleset.table_for)

    def legal_actions(self) -> list[ActionChoice]:
        """Templates of what the deciding side may do now (cached until the state changes)."""
        if self.state.outcome is not None:
            return []
        key = (len(self.record.actions), id(self.state))
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, self.ruleset.legal_actions(self.state, self.rule_context()))
        return self._legal[1]

    def check(self, action: Action) -> Refusal | None:
        if self.state.outcome is not None:
            return Refusal("refused.game_over")
        return judge(self.ruleset, self.state, self.legal_actions(), action, self.rule_context())

    def view_for(self, side: int):
        """The game as ``side`` may know it, behind the same query API (legal_actions,
        check, decider, state): what agents decide from (see game.core.view.SideEngine).
        It is built from a copy: nothing in it leads back to this engine or its state."""
        from game.core.view import SideEngine, side_view

        return SideEngine(self.ruleset, side_view(self.ruleset, self.state, side), side)

    # --- changes
    def step(self, action: Action) -> list[Event]:
        action = action.rounded()
        reason = self.check(action)
        if reason is not None:
            raise IllegalAction(reason)
        before = self.state.clone()
        ctx = self.rule_context()
        self.ruleset.apply(self.state, action, ctx)
        if self.state.outcome is None:
            outcome = self.ruleset.outcome(self.state)
            if outcome is not None:
                self.state.outcome = outcome
                ctx.emit(GameEnded(winner=outcome.winner, reason=outcome.reason,
                                   scores=tuple(outcome.scores)))
        self.record.actions.append(action)
        self._legal = None
        n = len(self.record.actions)
        if n % DIGEST_EVERY == 0 or self.state.outcome is not None:
            self.record.digests[str(n)] = self.state.digest()
        if ctx.rolled:
            self._undo.clear()  # dice were rolled: nothing before can be taken back
        else:
            self._undo.append((before, n - 1))
        self.last_events = ctx.events
        return ctx.events

    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> bool:
        """Take back the last step if it rolled no dice. Returns False when impossible."""
        if not self._undo:
            return False
        state, n = self._undo.pop()
        self.state = state
        self._legal = None
        del self.record.actions[n:]
        for k in [k for k in self.record.digests if int(k) > n]:
            del self.record.digests[k]
        return True

    def clone(self) -> Engine:
        rec = Record.from_dict(self.record.to_dict())
        return Engine(self.ruleset, self.state.clone(), rec, None)
