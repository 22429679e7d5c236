"""A game being played at the screen: the engine, who plays each side (a person or an
agent), the narrated log, hand-offs between people, undo, saves and autosaves. No pygame:
the scenes read it and submit actions through it, the engine decides everything."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.agents import settle
from game.core.actions import Action
from game.core.engine import Engine
from game.core.errors import Refusal
from game.core.events import DiceRolled, Event, GameEnded, Moved, OutOfAction, TurnStarted, Wounded
from game.core.record import load_game, save_game
from game.core.text import t
from game.ui.log_lines import RollLine
from game.ui.recap import recap_entry
from game.ui.thinker import Thought

HUMAN = "human"


@dataclass
class Stats:
    """What happened to each side (every side of the game, neutral ones included)."""

    dice: dict[int, int] = field(default_factory=dict)
    sixes: dict[int, int] = field(default_factory=dict)
    wounds: dict[int, int] = field(default_factory=dict)   # suffered
    out: dict[int, int] = field(default_factory=dict)      # figures lost
    actions: int = 0

    @classmethod
    def over(cls, sides) -> Stats:
        return cls(*({s: 0 for s in sides} for _ in range(4)))

    @staticmethod
    def add(counts: dict[int, int], side: int, n: int) -> None:
        counts[side] = counts.get(side, 0) + n


def moves_of(events, starts: dict[str, tuple[float, float]]) -> list[tuple[str, tuple]]:
    """Each move of a decision as (figure, path from where the figure stood): a ruleset may
    leave the starting point out of its paths. A figure not on the table before (``starts``
    lacks it: placed from outside) has no way there, only where it ends."""
    pos = dict(starts)
    out = []
    for e in events:
        if not isinstance(e, Moved) or not e.path:
            continue
        path = tuple((float(x), float(y)) for x, y in e.path)
        start = pos.get(e.figure)
        if start is not None and math.dist(start, path[0]) > 1.0:
            path = (start,) + path
        pos[e.figure] = path[-1]
        out.append((e.figure, path))
    return out


def players_for(state, players: dict[int, str] | None) -> dict[int, str]:
    """Who plays each side: the given spec for a seat (a person by default), and for a
    neutral side always the agent its scenario names (never offered as a seat)."""
    given = players or {}
    return {s: (state.sides[s].agent or "neutral") if state.sides[s].neutral
            else given.get(s, HUMAN) for s in state.side_ids()}


class Session:
    def __init__(self, engine: Engine, players: dict[int, str] | None = None, *,
                 lang: str = "fr", autosave: Path | None = None, seed: int = 0, advised=()):
        from game.ai.agents import make_agent, neutral_agents

        self.engine = engine
        state = engine.state
        self.players = players_for(state, players)
        engine.record.players = {s: self.players[s] for s in state.seats()}   # saved with the game
        self.await_handoff = False            # a loaded game between people: hand the screen first
        self.slot_name = ""                   # the named slot this game was last saved in or loaded from
        self.agents = {s: make_agent(spec, seed * 2 + s) for s, spec in self.players.items()
                       if spec != HUMAN and s in state.seats()}
        self.agents.update(neutral_agents(state, seed))
        self.lang = lang
        self.autosave = autosave
        self.log: list[str] = []
        self.log_private: dict[int, int] = {}  # log line index -> the side that may not read it
        self.log_masked: dict[int, tuple[int, str]] = {}   # line -> (side, the line it reads instead)
        self._shown = (None, None, [])          # (log length, viewer, lines) of shown_log()
        self.stats = Stats.over(state.side_ids())
        self.last_events: list[Event] = []
        self.last_private: int | None = None   # the side that must not see the last events' figure
        self.roll_events: list[Event] = []    # the last step that rolled dice (kept over undo and load)
        self.shown_side: int | None = None    # the person who last had the screen
        self.version = 0                      # bumps whenever the state changes
        self._thinking = None                 # (version, generator or Thought) of a thinking agent
        self.background = False               # think in a thread (the window's games), else in slices
        self._thought: Thought | None = None  # the last thought started in a thread
        self._ready = None                    # (version, action) an agent chose, not played yet
        self._view = None                     # the side's view engine that agent decided from
        self.turn_recap: list[dict] = []      # agent decisions since a person last decided
        self.last_recap: list[dict] = []      # the last recap shown (reopened from a button)
        self.last_trace: dict | None = None   # the last agent decision's top options
        self.agent_moves: list[tuple[str, tuple]] = []   # the last agent decision's moves
        self.last_move: dict | None = None    # the agents' last move the screen marks, until a person acts
        self.deciders: list[int | None] = []  # who made each decision played here
        self.guide = None                     # a guided game's lesson (game.core.guide.Guide)
        self.advised = {int(s) for s in advised}   # people's sides the ruleset's advice answers for
        self._retelling = False
        if self.advised:
            engine.record.meta["advised"] = sorted(self.advised)   # saved with the game
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

    def seats(self) -> list[int]:
        """The sides people or agents of their choice play (neutral sides left out)."""
        return self.engine.state.seats()

    def hot_seat(self) -> bool:
        return all(self.players.get(s) == HUMAN for s in self.seats())

    def handoff_due(self) -> int | None:
        """The side that must take the screen now (hot-seat, a different person decides)."""
        side = self.decider()
        if not self.is_human(side):
            return None
        if self.await_handoff and self.hot_seat():
            return side
        if self.shown_side is None:
            self.shown_side = side
            return None
        if side != self.shown_side and self.hot_seat():
            return side
        self.shown_side = side
        return None

    def accept_handoff(self, side: int) -> None:
        self.shown_side = side
        self.await_handoff = False

    # --- what the screen may show (mist)
    def viewer(self) -> int | None:
        """The side whose view the screen shows: the person at the screen in hot-seat, the
        only person against an agent, nobody in particular (everything) between agents."""
        humans = [s for s in self.seats() if self.is_human(s)]
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.shown_side if self.shown_side is not None else self.decider()

    def visible(self) -> set[str] | None:
        """Figures the viewing side may see (None: everything, no hidden information)."""
        side = self.viewer()
        if not self.engine.ruleset.info.hidden or side is None or self.over():
            return None
        key = (self.version, side)
        if getattr(self, "_visible_key", None) != key:
            self._visible = set(self.engine.ruleset.visible_to(self.engine.state, side))
            self._visible_key = key
        return self._visible

    def _mist_views(self) -> dict[int, set[str]] | None:
        """What each side sees now, when the ruleset hides figures (else None); worked out
        once per position (the views after a decision are the views before the next)."""
        if not self.engine.ruleset.info.hidden or self.over():
            return None
        key = (len(self.engine.record.actions), id(self.engine.state))
        if getattr(self, "_views", (None,))[0] != key:
            self._views = (key, {s: set(self.engine.ruleset.visible_to(self.engine.state, s))
                                 for s in self.engine.state.sides})
        return self._views[1]

    def _unseen_by(self, action: Action, before, after) -> int | None:
        """The side that saw the acting figure neither before nor after its action."""
        fig = self.engine.state.figures.get(action.actor) if action.actor else None
        if before is None or after is None or fig is None:
            return None
        for side in before:
            if side != fig.side and action.actor not in before[side] \
                    and action.actor not in after.get(side, ()):
                return side
        return None

    def shown_log(self) -> list[str]:
        """The log as the person at the screen may read it: what a figure hidden from them
        did reads as one line saying that a hidden figure acted."""
        viewer = self.viewer()
        if not (self.log_private or self.log_masked) or viewer is None:
            return self.log
        if self._shown[:2] == (len(self.log), viewer):
            return self._shown[2]
        hidden = t("play.recap.hidden", self.lang)
        out: list[str] = []
        for i, line in enumerate(self.log):
            mask = self.log_masked.get(i)
            if mask is not None and mask[0] == viewer:
                out.append(mask[1])
            elif self.log_private.get(i) != viewer:
                out.append(line)
            elif not (out and out[-1] is hidden and self.log_private.get(i - 1) == viewer):
                out.append(hidden)
        self._shown = (len(self.log), viewer, out)
        return out

    def reacting(self) -> bool:
        st = self.engine.state
        return bool(st.pending) and st.pending[-1].kind != "assign_hits"

    # --- changes
    def submit(self, action: Action) -> Refusal | None:
        """Check then play an action; returns the engine's refusal, or None when played."""
        if self.guide is not None:
            why = self.guide.screen(self.engine.legal_actions(), action)
            if why is not None:
                return why
        why = self.engine.check(action)
        if why is not None:
            return why
        self.deciders.append(self.decider())
        before = self._mist_views()
        self.last_move = None                 # the person acts: the AI's last move is old news
        note = self.answer_note(action)
        self._absorb(self.engine.step(action), action, before, note)
        self.answer_advised()
        return None

    # --- agents
    def proceed(self) -> bool:
        """A guided game's "continue": the lesson's next step."""
        return self.guide is not None and self.guide.proceed()

    def agent_to_decide(self) -> bool:
        if self.guide is not None and self.guide.waiting() == "continue":
            return False                  # the lesson is being read: the opponent waits
        side = self.decider()
        return side is not None and side in self.agents

    def agent_think(self):
        """One slice of the deciding agent's work (agents that think in slices do one slice
        per call; with ``background``, a thread thinks and each call only asks whether it
        is done), so the window stays responsive; returns its action once chosen (kept
        until played), else None."""
        side = self.decider()
        if side is None or side not in self.agents:
            self._thinking, self._ready = None, None
            return None
        if self._ready is not None and self._ready[0] == self.version:
            return self._ready[1]
        agent = self.agents[side]
        if self._thinking is None or self._thinking[0] != self.version:
            self._settle_thought()
            self._view = self.engine.view_for(side)   # agents decide from their side's view only
            if not hasattr(agent, "think"):
                self._ready = (self.version, agent.choose(self._view))
                return self._ready[1]
            steps = agent.think(self._view)
            if self.background:
                steps = self._thought = Thought(steps)
            self._thinking = (self.version, steps)
        work = self._thinking[1]
        if isinstance(work, Thought):
            action = work.poll()
            if action is None and work.done:
                self._thinking = None
                return None
        else:
            try:
                action = next(work)
            except StopIteration:
                self._thinking = None
                return None
        if action is None:
            return None
        self._thinking = None
        self._ready = (self.version, action)
        return action

    def _settle_thought(self) -> None:
        """A thought left running (the game moved on meanwhile: a load, a skip) ends before
        an agent is asked anything else: agents think one decision at a time."""
        if self._thought is not None:
            self._thought.wait()
            self._thought = None

    def play_agent(self) -> list[Event]:
        """Play the action the deciding agent has chosen (see agent_think), as the true game
        settles it (a figure the agent could not see may refuse it: then its next option,
        else the engine's fallback); its trace is kept for the debug overlay and the
        decision joins the recap of the AI's turn."""
        if self._ready is None or self._ready[0] != self.version:
            return []
        side = self.decider()
        agent = self.agents[side]
        settled = settle(self.engine, self._view, agent, self._ready[1])
        action = settled.action
        self._ready = None
        state = self.engine.state
        if hasattr(agent, "trace"):
            options = agent.trace(8)
            ids = {o["actor"] for o in options} | {t for o in options for t in o["targets"]}
            self.last_trace = {"side": side, "version": self.version, "options": options,
                               "at": {f: (state.figures[f].x, state.figures[f].y)
                                      for f in ids if f in state.figures}}
        took = agent.take_recap() if hasattr(agent, "take_recap") else []
        if settled.fallback:
            took = [{"decision": "fallback", "score": 0.0}]
        seen = self.visible()
        self.deciders.append(side)
        before = self._mist_views()
        starts = {f.id: (f.x, f.y) for f in state.figures.values() if not f.out}
        note = self.answer_note(action)
        events = self.engine.step(action)
        self._absorb(events, action, before, note)
        self.answer_advised()
        after = self.visible()
        hidden = seen is not None and after is not None and action.actor is not None and \
            action.actor not in seen and action.actor not in after
        self.agent_moves = moves_of(events, starts)
        self._mark_move(side, action, after, hidden)
        unseen = frozenset(f for f in state.figures if f not in seen and f not in after) \
            if seen is not None and after is not None else frozenset()
        self.turn_recap.append(recap_entry(self, side, action, took[-1] if took else None, events,
                                           hidden=hidden, unseen=unseen))
        return events

    def _mark_move(self, side: int, action: Action, shown: set[str] | None, hidden: bool) -> None:
        """Keep the agent's decision as the move the screen marks when it moved a figure the
        person sees (or, without a move, acted with one); otherwise the last mark stays."""
        state = self.engine.state
        seen = [(fid, path) for fid, path in self.agent_moves
                if fid in state.figures and (shown is None or fid in shown)]
        figures = list(dict.fromkeys(fid for fid, _ in seen))
        if not figures and not hidden and action.actor in state.figures and \
                (shown is None or action.actor in shown):
            figures = [action.actor]
        if figures:
            self.last_move = {"side": side, "figures": tuple(figures),
                              "paths": tuple(path for _, path in seen if len(path) > 1)}

    def agent_step(self) -> bool:
        """One slice of the agent's thinking, and its action played once chosen; True when
        an action was played."""
        if self.agent_think() is None:
            return False
        self.play_agent()
        return True

    def take_turn_recap(self) -> list[dict] | None:
        """When a person decides after agent decisions: those decisions (kept as the last
        recap, which the player may reopen), else None."""
        if not self.turn_recap or not self.human_to_decide():
            return None
        self.last_recap, self.turn_recap = self.turn_recap, []
        return self.last_recap

    def can_undo(self) -> bool:
        """Undo is for the person deciding now, and only their own last decision."""
        side = self.decider()
        if self.guide is not None and not self.guide.finished:
            return False                  # a lesson goes forward only
        return (self.engine.can_undo() and self.is_human(side) and bool(self.deciders)
                and self.deciders[-1] == side)

    def undo(self) -> bool:
        if not self.can_undo() or not self.engine.undo():
            return False
        self.deciders.pop()
        self.last_move = None
        self.log.append(t("ui.log.undone", self.lang))
        self.last_events, self.last_private = [], None
        self.version += 1
        return True

    def answer_note(self, action: Action) -> str | None:
        """For an action answering a pending decision (a reaction), the odds its ruleset
        gives for that answer, as a log line (None otherwise): said before the dice, so the
        attacker too reads the odds of the attack it declared against the answer chosen."""
        state = self.engine.state
        if not state.pending or state.pending[-1].figure not in state.figures:
            return None
        from game.ui.rules_info import info_for

        try:
            choice = next((c for c in self.engine.legal_actions() if c.admits(action) is None), None)
            if choice is None:
                return None
            note = info_for(self.engine.ruleset.info.id).choice_odds(
                state, self.engine.ruleset.table_for(state), choice, action.value, self.lang)
        except Exception:  # an odds failure never stops play
            return None
        if note is None or not note.short:
            return None
        who = info_for(self.engine.ruleset.info.id).figure_name(state.figures[state.pending[-1].figure], self.lang)
        return t("ui.log.answer_odds", self.lang, who=who, odds=note.short)

    def answer_advised(self) -> None:
        """While a person who asked for it (``advised``) owes the only decision the
        ruleset's advice may answer (its presentation's ``advised_answers``, the template's
        ``hints["advised"]``), play that advice, said so in the log (K-R23)."""
        from game.ui.advised import advised_action, advised_line

        for _ in range(8):                      # a few decisions in a row at most
            if self._retelling:
                return
            side = self.decider()
            if side not in self.advised or not self.is_human(side):
                return
            action, choice = advised_action(self.engine)
            if action is None:
                return
            self.log.append(advised_line(self.engine, choice, action, self.lang))
            self.deciders.append(side)
            prior = list(self.last_events)
            before = self._mist_views()
            note = self.answer_note(action)
            self._absorb(self.engine.step(action), action, before, note)
            self.last_events = prior + self.last_events

    def _absorb(self, events: list[Event], action: Action | None = None, before=None,
                note: str | None = None) -> None:
        self.last_events = list(events)
        if any(isinstance(e, DiceRolled) for e in events):
            self.roll_events = list(events)   # what a re-roll decision is about, after undo or load too
        self.stats.actions += 1
        if self.guide is not None and action is not None:
            self.guide.observe(action, events)
            if self.engine.state.outcome is not None:
                self.guide.game_over()
        state = self.engine.state
        after = self._mist_views() if before else None
        private = self._unseen_by(action, before, after) if before else None
        self.last_private = private
        for e in events:
            line = self.engine.ruleset.describe(e, state, self.lang)
            if line and isinstance(e, DiceRolled):
                line = RollLine(line, e)       # opens the "why?" box from the log
            lines = [line] if line else []
            if line and note:             # the answer's odds, after the line naming it
                lines.append(note)
                note = None
            for line in lines:
                if private is not None:
                    self.log_private[len(self.log)] = private
                else:
                    self._mask(e, line, before, after)
                self.log.append(line)
            if isinstance(e, DiceRolled):
                fig = state.figures.get(e.who)
                if fig is not None:
                    Stats.add(self.stats.dice, fig.side, len(e.faces))
                    Stats.add(self.stats.sixes, fig.side, sum(1 for f in e.faces if f == e.sides))
            elif isinstance(e, Wounded) and e.figure in state.figures:
                Stats.add(self.stats.wounds, state.figures[e.figure].side, e.amount)
            elif isinstance(e, OutOfAction) and e.figure in state.figures:
                Stats.add(self.stats.out, state.figures[e.figure].side, 1)
            elif isinstance(e, TurnStarted) and self.autosave is not None:
                self.save(self.autosave)
        self.version += 1

    def _mask(self, event: Event, line: str, before, after) -> None:
        """A line naming a figure a side cannot see reads, for that side, without its name
        (and that side is not shown the decision's dice)."""
        from game.ui.log_privacy import hidden_from, masked
        from game.ui.rules_info import info_for

        state = self.engine.state
        pres = info_for(self.engine.ruleset.info.id)
        for side, fids in hidden_from(event, state, before, after).items():
            names = [n for fid in fids for n in (pres.name_of(state, fid, self.lang), state.figures[fid].name)]
            self.log_masked[len(self.log)] = (side, masked(line, names, self.lang))
            if self.last_private is None:
                self.last_private = side
            break

    def over(self) -> bool:
        return self.engine.state.outcome is not None

    def ended_event(self) -> GameEnded | None:
        for e in self.last_events:
            if isinstance(e, GameEnded):
                return e
        return None

    # --- saves
    def save(self, path: Path, name: str = "") -> None:
        """Write the game with who plays each seat (``name``: the slot's, for the lists)."""
        save_game(self.engine, path, name=name)

    @classmethod
    def load(cls, path: Path, players: dict[int, str] | None = None, **kw) -> Session:
        """Load a save (SaveError on a bad file) and tell its story again: its decisions are
        replayed from the start through the session, so the log (with the privacy it keeps
        for the side at the screen), the statistics and who made each decision are as they
        were when the game was played. The save's players play again (a person, or the
        agent of the level and personality saved); ``players`` only stands in for a save
        of an older format that names none (by default, people: a hot-seat game). A game
        between people starts with a hand-off screen for the side to play, so that the
        wrong person sees nothing of it."""
        from game.ui.slots import RESERVED, known_player

        loaded = load_game(path, known_player=known_player)
        players = loaded.record.players if loaded.record.players is not None else players
        kw.setdefault("seed", loaded.record.seed)
        kw.setdefault("advised", loaded.record.meta.get("advised") or ())
        meta = loaded.record.meta
        fresh = Engine.replay(loaded.record, verify=False, upto=0)
        session = cls(fresh, players, **kw)
        if not session._retell(loaded.record.actions, loaded.state.digest()):
            session = cls(loaded, players, **kw)      # could not be told again: the bare game
        session.engine.record.meta = meta
        if Path(path).stem not in RESERVED:
            session.slot_name = meta.get("name", "")   # saving again offers the same slot
        session.await_handoff = session.hot_seat()
        return session

    def _retell(self, actions, digest: str) -> bool:
        """Play recorded decisions again as if they were being played now (no autosave);
        True when the game ends exactly where the loaded one stands."""
        autosave, self.autosave = self.autosave, None
        self._retelling = True                # the advised answers are among the recorded actions
        try:
            for action in actions:
                if self.engine.check(action) is not None:
                    return False
                self.deciders.append(self.decider())
                before = self._mist_views()
                note = self.answer_note(action)
                self._absorb(self.engine.step(action), action, before, note)
        finally:
            self.autosave = autosave
            self._retelling = False
        self.last_events, self.last_private = [], None
        return self.engine.state.digest() == digest
