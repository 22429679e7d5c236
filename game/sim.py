"""Headless games between agents: seats swapped every other game (same table and dice seed
for each pair), results with a Wilson interval, decision latencies, narrated logs.

Any number of sides: the agents given as p1 and p2 take the seats (``GameState.seats()``)
in turn; a neutral side is always played by the agent its scenario names
(``game.ai.agents.neutral_agents``), never by p1 or p2, and never wins."""
from __future__ import annotations

import math
import time
import traceback
from dataclasses import dataclass, field

from game.ai.agents import make_agent, neutral_agents, settle
from game.core.engine import Engine

MAX_STEPS = 5000
MAX_GAMES = 1000              # games of one ``sim`` run (a few hours of AI games at most)
SEED_MAX = 4_294_967_295      # seeds a game starts from: 0 to 2**32 - 1, as the new-game form


@dataclass
class GameResult:
    winner_agent: str | None  # "p1", "p2" or None
    turns: int
    steps: int
    illegal: int
    error: str | None = None
    decision_ms: list[float] = field(default_factory=list)


def play_game(ruleset: str, scenario: str, seed: int, agents: dict[int, object], *,
              options: dict | None = None, on_events=None, engine: Engine | None = None,
              refusals: list[dict] | None = None):
    """Play one game to the end with an agent per seat (``agents``: side id -> agent); the
    neutral sides are played by their scenario's agents (seeded from ``seed``), whatever
    ``agents`` holds for them. Returns (engine, illegal count, per-decision ms list).

    Each agent decides from its side's view (``engine.view_for(side)``); the true game
    then settles its choice (``game.ai.agents.settle``). The illegal count is every choice
    the true game refused; with ``refusals`` (a list), each one is also described there
    (turn, side, action, reason, and whether the agent's own view found it legal: True
    means a figure it could not see was the cause)."""
    eng = engine or Engine.new(ruleset, scenario, seed, options)
    agents = {**agents, **neutral_agents(eng.state, seed)}
    illegal, times = 0, []
    if on_events:
        on_events(eng, _setup_events(eng))
    for _ in range(MAX_STEPS):
        side = eng.decider()
        if side is None:
            break
        agent = agents[side]
        t0 = time.perf_counter()
        view = eng.view_for(side)
        action = agent.choose(view)
        if getattr(agent, "timed", False):
            times.append((time.perf_counter() - t0) * 1000)
        settled = settle(eng, view, agent, action)
        illegal += settled.unseen + settled.illegal
        if refusals is not None:
            refusals.extend({"turn": eng.state.turn, "side": side, "action": a.to_dict(),
                             "reason": why.code, "legal_in_view": seen}
                            for a, why, seen in settled.refusals)
        events = eng.step(settled.action)
        if on_events:
            on_events(eng, events)
    else:
        raise RuntimeError(f"game did not finish within {MAX_STEPS} decisions")
    _check_outcome(eng)
    return eng, illegal, times


def _check_outcome(eng: Engine) -> None:
    """A neutral side never wins: a ruleset naming one the winner is a bug."""
    out = eng.state.outcome
    if out is not None and out.winner is not None:
        side = eng.state.sides.get(out.winner)
        assert side is not None and not side.neutral, \
            f"the outcome names side {out.winner} the winner, which is not a seat"


def seat_agents(seats: list[int], specs: tuple[str, str], game_seed: int,
                swapped: bool) -> tuple[dict[int, object], dict[int, str]]:
    """The agents of p1 and p2 on the seats, in turn round the table (p2 first when
    swapped), each seeded apart: (side -> agent, side -> "p1" or "p2")."""
    agents: dict[int, object] = {}
    names: dict[int, str] = {}
    for k, side in enumerate(seats):
        who = (k + swapped) % 2
        copy = k // 2                  # the third seat is p1's second one, and so on
        agents[side] = make_agent(specs[who], game_seed * 2 + 1 + who + 1000 * copy)
        names[side] = ("p1", "p2")[who]
    return agents, names


def _setup_events(eng: Engine):
    from game.core.events import Note

    notes = eng.state.extras.get("setup_notes", [])
    return [Note(key=n["key"], args={k: v for k, v in n.items() if k != "key"}) for n in notes]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denom
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    v = sorted(values)
    k = (len(v) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)


def run(ruleset: str, scenarios: list[str], p1: str, p2: str, games: int, seed: int,
        on_events=None, rosters: tuple[str, str] | None = None) -> dict:
    """``rosters`` (p1's, p2's): each agent's warband follows it round the table when the
    seats swap (the scenario's own rosters otherwise)."""
    wins = {"p1": 0, "p2": 0}
    draws = errors = illegal = unseen = limit_draws = 0
    turns: list[int] = []
    times: list[float] = []
    for i in range(games):
        pair, swapped = divmod(i, 2)
        scenario = scenarios[pair % len(scenarios)]
        game_seed = seed + pair
        try:
            eng = Engine.new(ruleset, scenario, game_seed)
            seats, holder = seat_agents(eng.state.seats(), (p1, p2), game_seed, bool(swapped))
            if rosters is not None:
                chosen = {str(side): rosters[holder[side] == "p2"] for side in holder}
                eng = Engine.new(ruleset, scenario, game_seed, {"rosters": chosen})
            refused: list[dict] = []
            eng, _, t = play_game(ruleset, scenario, game_seed, seats, on_events=on_events,
                                  engine=eng, refusals=refused)
        except BrokenPipeError:
            raise  # the reader went away (e.g. piped into head): not a game error
        except Exception:  # a crash in a game is counted and reported, not fatal
            errors += 1
            traceback.print_exc()
            continue
        # a choice its own view found illegal is the agent's mistake; one refused because of
        # a figure the side could not see is the fog of war (a person meets it too)
        unseen += sum(1 for r in refused if r["legal_in_view"])
        illegal += sum(1 for r in refused if not r["legal_in_view"])
        times.extend(t)
        turns.append(min(eng.state.turn, eng.state.max_turns))
        w = eng.state.outcome.winner if eng.state.outcome else None
        if w is None:
            draws += 1
            limit_draws += eng.state.outcome is not None and eng.state.outcome.reason == "turn_limit"
        else:
            wins[holder[w]] += 1
    played = wins["p1"] + wins["p2"] + draws
    score = (wins["p1"] + 0.5 * draws) / played if played else 0.0
    lo, hi = wilson(score, played)
    return {
        "ruleset": ruleset, "scenario": scenarios[0] if len(scenarios) == 1 else "all",
        "games": games, "wins": wins, "draws": draws, "score_p1": round(score, 4),
        "score_p1_ci95": [round(lo, 4), round(hi, 4)], "errors": errors,
        "illegal_actions": illegal, "refused_unseen": unseen, "draws_turn_limit": limit_draws,
        "turns_mean": round(sum(turns) / len(turns), 2) if turns else 0.0,
        "decision_ms": ({"p50": round(percentile(times, 0.5), 2),
                         "p95": round(percentile(times, 0.95), 2),
                         "max": round(max(times), 2)} if times else None),
    }
