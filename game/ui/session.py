"""A game being played at the screen: the engine, who plays each side (a person or an
agent), the narrated log, hand-offs between people, undo, saves and autosaves. No pygame:
the scenes read it and submit actions through it, the engine decides everything."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.core.actions import Action
from game.core.engine import Engine
from game.core.errors import Refusal
from game.core.events import DiceRolled, Event, GameEnded, OutOfAction, TurnStarted, Wounded
from game.core.record import load_game, save_game
from game.core.text import t

HUMAN = "human"


@dataclass
class Stats:
    dice: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    sixes: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    wounds: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})   # suffered
    out: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})      # figures lost
    actions: int = 0


class Session:
    def __init__(self, engine: Engine, players: dict[int, str] | None = None, *,
                 lang: str = "fr", autosave: Path | None = None, seed: int = 0):
        from game.ai.agents import make_agent

        self.engine = engine
        self.players = {1: HUMAN, 2: HUMAN, **(players or {})}
        self.agents = {s: make_agent(spec, seed * 2 + s) for s, spec in self.players.items()
                       if spec != HUMAN}
        self.lang = lang
        self.autosave = autosave
        self.log: list[str] = []
        self.stats = Stats()
        self.last_events: list[Event] = []
        self.shown_side: int | None = None    # the person who last had the screen
        self.version = 0                      # bumps whenever the state changes
        self._thinking = None                 # (version, generator) of a slicing agent
        self.deciders: list[int | None] = []  # who made each decision played here
        if not engine.record.actions:
            self._narrate_setup()

    def _narrate_setup(self) -> None:
        """What setup decided (first player, roles rolled...) opens the log."""
        from game.core.events import Note

        for n in self.engine.state.extras.get("setup_notes", []):
            note = Note(key=n["key"], args={k: v for k, v in n.items() if k != "key"})
            line = self.engine.ruleset.describe(note, self.engine.state, self.lang)
            if line:
                self.log.append(line)

    # --- who decides
    def decider(self) -> int | None:
        return self.engine.decider()

    def is_human(self, side: int | None) -> bool:
        return side is not None and self.players.get(side) == HUMAN

    def human_to_decide(self) -> bool:
        return self.is_human(self.decider())

    def hot_seat(self) -> bool:
        return all(p == HUMAN for p in self.players.values())

    def handoff_due(self) -> int | None:
        """The side that must take the screen now (hot-seat, a different person decides)."""
        side = self.decider()
        if not self.is_human(side):
            return None
        if self.shown_side is None:
            self.shown_side = side
            return None
        if side != self.shown_side and self.hot_seat():
            return side
        self.shown_side = side
        return None

    def accept_handoff(self, side: int) -> None:
        self.shown_side = side

    # --- what the screen may show (mist)
    def viewer(self) -> int | None:
        """The side whose view the screen shows: the person at the screen in hot-seat, the
        only person against an agent, nobody in particular (everything) between agents."""
        humans = [s for s in (1, 2) if self.is_human(s)]
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.shown_side if self.shown_side is not None else self.decider()

    def visible(self) -> set[str] | None:
        """Figures the viewing side may see (None: everything, no hidden information)."""
        from game.ui.rules_info import info_for

        adapter = info_for(self.engine.ruleset.info.id)
        side = self.viewer()
        if adapter is None or not adapter.has_mist or side is None or self.over():
            return None
        key = (self.version, side)
        if getattr(self, "_visible_key", None) != key:
            self._visible = set(self.engine.ruleset.visible_to(self.engine.state, side))
            self._visible_key = key
        return self._visible

    def reacting(self) -> bool:
        st = self.engine.state
        return bool(st.pending) and st.pending[-1].kind != "assign_hits"

    # --- changes
    def submit(self, action: Action) -> Refusal | None:
        """Check then play an action; returns the engine's refusal, or None when played."""
        why = self.engine.check(action)
        if why is not None:
            return why
        self.deciders.append(self.decider())
        self._absorb(self.engine.step(action))
        return None

    def agent_step(self) -> bool:
        """Let an agent work a slice if it is its turn (agents that think in slices do one
        slice per call, so the window stays responsive); True when an action was played."""
        side = self.decider()
        if side is None or side not in self.agents:
            self._thinking = None
            return False
        agent = self.agents[side]
        if hasattr(agent, "think"):
            if getattr(self, "_thinking", None) is None:
                self._thinking = (self.version, agent.think(self.engine))
            version, gen = self._thinking
            if version != self.version:
                self._thinking = None
                return False
            try:
                action = next(gen)
            except StopIteration:
                self._thinking = None
                return False
            if action is None:
                return False
            self._thinking = None
        else:
            action = agent.choose(self.engine)
        self.deciders.append(side)
        self._absorb(self.engine.step(action))
        return True

    def can_undo(self) -> bool:
        """Undo is for the person deciding now, and only their own last decision."""
        side = self.decider()
        return (self.engine.can_undo() and self.is_human(side) and bool(self.deciders)
                and self.deciders[-1] == side)

    def undo(self) -> bool:
        if not self.can_undo() or not self.engine.undo():
            return False
        self.deciders.pop()
        self.log.append(t("ui.log.undone", self.lang))
        self.last_events = []
        self.version += 1
        return True

    def _absorb(self, events: list[Event]) -> None:
        self.last_events = list(events)
        self.stats.actions += 1
        state = self.engine.state
        for e in events:
            line = self.engine.ruleset.describe(e, state, self.lang)
            if line:
                self.log.append(line)
            if isinstance(e, DiceRolled):
                fig = state.figures.get(e.who)
                if fig is not None:
                    self.stats.dice[fig.side] += len(e.faces)
                    self.stats.sixes[fig.side] += sum(1 for f in e.faces if f == e.sides)
            elif isinstance(e, Wounded) and e.figure in state.figures:
                self.stats.wounds[state.figures[e.figure].side] += e.amount
            elif isinstance(e, OutOfAction) and e.figure in state.figures:
                self.stats.out[state.figures[e.figure].side] += 1
            elif isinstance(e, TurnStarted) and self.autosave is not None:
                self.save(self.autosave)
        self.version += 1

    def over(self) -> bool:
        return self.engine.state.outcome is not None

    def ended_event(self) -> GameEnded | None:
        for e in self.last_events:
            if isinstance(e, GameEnded):
                return e
        return None

    # --- saves
    def save(self, path: Path) -> None:
        save_game(self.engine, path)

    @classmethod
    def load(cls, path: Path, players: dict[int, str] | None = None, **kw) -> "Session":
        """Load a save (SaveError on a bad file); the log restarts from this point."""
        return cls(load_game(path), players, **kw)
