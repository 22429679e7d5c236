"""``python main.py bench odds``: the cost of one call of the exact odds each ruleset shows
(the hover preview of a target, a button's odds, a form's odds table), timed over the
positions of seeded games of its first scenario between greedy agents (who close in, so
fights come): at each position every legal template of the side deciding is asked for
every value and target it offers (at most ``MOST_PER_TEMPLATE`` calls). Reported per
ruleset (calls, microseconds per call: p50, p95, max; the same over the calls that gave
odds, ``answered``) and overall. A failing call counts as an error, never stops the bench."""
from __future__ import annotations

import random
import time

from game.ai.agents import make_agent, settle
from game.core.engine import Engine
from game.core.plugins import plugins
from game.sim import percentile

POSITIONS = 40          # positions sampled per ruleset
STRIDE = 4              # steps of the greedy agents between two positions
LANG = "fr"
MOST_PER_TEMPLATE = 24  # (value, target) pairs asked per template at one position


def _calls(pres, state, table, choice):
    """The odds calls the window makes for one template, as zero-argument functions."""
    values = list(choice.values) or [None]
    targets = [tid for tid in choice.targets if tid in state.figures]
    out = []
    for v in values:
        out.append(lambda v=v: pres.choice_odds(state, table, choice, v, LANG))
        for tid in targets:
            out.append(lambda v=v, tid=tid: pres.odds_preview(state, table, choice, v, state.figures[tid],
                                                              (), False, LANG))
            if choice.gather == "form":
                out.append(lambda v=v, tid=tid: pres.form_odds(state, table, choice, v, (tid,), LANG))
    return out[:MOST_PER_TEMPLATE]


def bench_ruleset(rid: str, decl, seed: int = 1, positions: int = POSITIONS) -> dict:
    rules = decl.load("rules")
    scenario = rules.scenarios()[0]
    engine = Engine.new(rid, scenario, seed)
    pres = decl.load("presentation")()
    rng = random.Random(seed)
    times: list[float] = []
    answered: list[float] = []          # the calls that gave odds (not None, not empty)
    errors = 0
    for _ in range(positions):
        for _ in range(STRIDE):
            if engine.state.outcome is not None:
                break
            agent, view = make_agent("greedy", rng.randrange(1 << 30)), engine.view_for(engine.decider())
            # the true game referees the choice, as in a game: a path into an unseen figure is refused
            engine.step(settle(engine, view, agent, agent.choose(view)).action)
        if engine.state.outcome is not None:
            engine = Engine.new(rid, scenario, rng.randrange(1 << 30))
        state = engine.state
        table = engine.ruleset.table_for(state)
        for choice in engine.legal_actions():
            for call in _calls(pres, state, table, choice):
                t0 = time.perf_counter()
                try:
                    got = call()
                except Exception:  # a broken odds call is reported, the bench goes on
                    errors, got = errors + 1, None
                us = (time.perf_counter() - t0) * 1e6
                times.append(us)
                if got:
                    answered.append(us)
    return {"scenario": scenario, "calls": len(times), "errors": errors, **_stats("", times),
            "answered": len(answered), **_stats("answered_", answered), "_times": times}


def _stats(prefix: str, times: list[float]) -> dict:
    return {f"{prefix}us_p50": round(percentile(times, 0.5), 1), f"{prefix}us_p95": round(percentile(times, 0.95), 1),
            f"{prefix}us_max": round(max(times, default=0.0), 1)}


def run_odds_bench() -> dict:
    per, every = {}, []
    for rid, decl in sorted(plugins().items(), key=lambda kv: (kv[1].rank, kv[0])):
        r = bench_ruleset(rid, decl)
        every += r.pop("_times")
        per[rid] = r
    return {"calls": len(every), **_stats("", every), "errors": sum(r["errors"] for r in per.values()),
            "by_ruleset": per}
