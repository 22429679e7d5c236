"""Difficile's lookahead, independent of any ruleset: the planner's best few options are
each played forward through a copy of the side's own view (``game.core.view``), over dice
sampled from the agent's own stream, and picked by the evaluation of where they lead.

A rollout steps an engine built on a clone of the view, never on the true game: what the
side cannot see is not there (its belief), and what it does not know of the enemy's next
choices is played by a policy deciding from the enemy's view of that clone. It plays the
rest of the side's activation (its own choices by a utility policy), the answers the
enemy owes on the way (reactions), then, with ``reply``, the enemy's next activation (its
likely reply, by the greedy or normal policy). The same dice seeds serve every candidate
(common random numbers), so candidates differ by what they do, not by their luck.

Work is counted, never timed: every step of a rollout costs one unit of the profile's
``search.steps`` budget; ``search`` yields None between rollouts so the window breathes.

The evaluation of a position is a small hook of the ruleset's AI package (the package of
its planner): ``<package>.evaluation.evaluate(state, side, profile) -> float``, weights in
the profile's ``evaluation`` mapping. A ruleset without one gets ``material`` here."""
from __future__ import annotations

import importlib
from collections.abc import Callable, Generator
from dataclasses import dataclass

from game.core.actions import Action
from game.core.dice import pcg_seed
from game.core.engine import Engine
from game.core.errors import IllegalAction
from game.core.record import Record
from game.core.state import GameState

Evaluate = Callable[[GameState, int, dict], float]
WIN = 10.0             # a game won, on top of the position's own evaluation
_EVAL: dict[str, Evaluate] = {}


@dataclass(frozen=True)
class SearchConfig:
    """The profile's ``search`` mapping."""

    candidates: int = 3      # planner's best options searched
    samples: int = 2         # dice samples per candidate
    steps: int = 16          # rollout steps for the whole decision (the work budget)
    depth: int = 4           # steps of one rollout at most
    own: int = 1             # of which our own choices after the candidate, at most
    reply: bool = False      # also play the enemy's next activation
    policy: str = "greedy"   # policy of our own remaining choices
    enemy: str = "greedy"    # policy of the enemy's answers and reply
    margin: float = 0.0      # a searched option must beat the planner's pick by this much
    within: float = 0.75     # candidates score at least this share of the planner's best
    answers: bool = True     # also search the answers owed (reactions and the like)
    between: bool = True     # also search between activations (which figure, how many actions)
    policy_budget: int = 6   # planning units of each rollout policy's decisions
    intents: bool = False    # one candidate per aimed intention (kind, actor, targets,
    #                          value): not three standing points of the same blow
    moves: int = 0           # at most this many untargeted moves (a path) of one kind and actor
    #                          (walks to other end points) in the pool; 0: no cap

    @classmethod
    def from_profile(cls, profile: dict, names: tuple[str, ...] = ()) -> SearchConfig | None:
        """The profile's ``search`` (false: none); a ``difficile`` profile that says
        nothing searches with the defaults (rulesets whose profiles predate the search)."""
        raw = profile.get("search")
        if raw is None and "difficile" in names:
            raw = {}
        if raw is None or raw is False:
            return None
        known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__}
        return cls(**known)


# --------------------------------------------------------------------- evaluation
def material(state: GameState, side: int, profile: dict) -> float:
    """The default evaluation: each figure in play worth one, less for its wounds, plus the
    sides' scores (objectives); ours minus the enemy's."""
    w = profile.get("evaluation") or {}
    wound = float(w.get("wounds", 0.5))
    score = float(w.get("score", 1.0))
    total = 0.0
    for f in state.figures.values():
        if f.out:
            continue
        hurt = 1.0 - f.vitality / max(1, f.max_vitality)
        v = 1.0 - wound * hurt
        total += v if f.side == side else -v
    for sid, s in state.sides.items():
        total += score * s.score * (1 if sid == side else -1)
    return total


def evaluator(ruleset_id: str) -> Evaluate:
    """The ruleset's evaluation hook (its AI package's ``evaluation.evaluate``), else
    ``material``."""
    if ruleset_id not in _EVAL:
        from game.core.errors import UserError
        from game.core.plugins import plugin

        fn: Evaluate = material
        try:
            ref = plugin(ruleset_id).planner
        except UserError:            # a ruleset declared for a test only: the plain count
            ref = None
        if ref:
            pkg = ref.split(":")[0].rsplit(".", 1)[0]
            try:
                mod = importlib.import_module(f"{pkg}.evaluation")
            except ModuleNotFoundError as exc:
                if exc.name != f"{pkg}.evaluation":
                    raise
            else:
                fn = mod.evaluate
        _EVAL[ruleset_id] = fn
    return _EVAL[ruleset_id]


def value(state: GameState, side: int, profile: dict, evaluate: Evaluate) -> float:
    """The evaluation, plus the profile's ``evaluation.win`` for a game won (minus for a
    game lost): a bonus on top of the position, so that risking a loss is weighed, not
    dreaded."""
    v = evaluate(state, side, profile)
    if state.outcome is not None and state.outcome.winner is not None:
        win = float((profile.get("evaluation") or {}).get("win", WIN))
        v += win if state.outcome.winner == side else -win
    return v


# --------------------------------------------------------------------- rollouts
def _engine(rules, view: GameState, seed: int) -> Engine:
    """An engine of the side's rules over a clone of its view, rolling dice from ``seed``."""
    st = view.clone()
    st.rng = pcg_seed(seed, stream=303)
    rec = Record(ruleset=st.ruleset, version=st.ruleset_version, scenario=st.scenario,
                 seed=st.seed)
    return Engine(rules, st, rec, None)


def _stepped(eng: Engine, action: Action) -> bool:
    """Step the clone; False when the view cannot play it out: the view lacks what the
    rules need (a pending answer naming a figure hidden in the mist, say)."""
    try:
        eng.step(action)
    except (IllegalAction, KeyError, LookupError):
        return False
    return True


def _idle(state: GameState) -> bool:
    """Between activations: nothing owed, no activation open."""
    return state.activation is None and not state.pending


class Rollout:
    """Plays one candidate forward; counts its steps into ``left`` (a one-item list)."""

    def __init__(self, side: int, cfg: SearchConfig, policies: dict, left: list[int]):
        self.side, self.cfg, self.policies, self.left = side, cfg, policies, left

    def _play(self, eng: Engine, who: int) -> Generator[None, None, bool]:
        """One step by ``who``'s policy from its view of ``eng`` (its thinking sliced like
        any agent's); False if it cannot."""
        from game.ai import candidates

        agent = self.policies["own" if who == self.side else "enemy"]
        action = None
        for out in agent.think(eng.view_for(who)):
            if out is None:
                yield None
            else:
                action = out
        agent.recap.clear()
        if action is None or eng.check(action) is not None:
            action = candidates.fallback(eng)
        self.left[0] -= 1
        return _stepped(eng, action)

    def run(self, eng: Engine, action: Action) -> Generator[None, None, GameState | None]:
        """The state after ``action`` and the rest of the side's activation (and the
        enemy's reply); None when ``action`` cannot be played in the clone."""
        if eng.check(action) is not None:
            return None
        self.left[0] -= 1
        if not _stepped(eng, action):
            return None
        replied = False
        depth = 1
        while depth < self.cfg.depth:
            if eng.state.outcome is not None or self.left[0] <= 0:
                break
            who = eng.decider()
            if who is None:
                break
            if _idle(eng.state):
                if who == self.side or replied or not self.cfg.reply:
                    break
                replied = True   # the enemy's next activation: its likely reply
            elif who == self.side and depth > self.cfg.own:
                break            # the rest of our activation: left to the evaluation
            if not (yield from self._play(eng, who)):
                break
            depth += 1
            yield None
        return eng.state


def _distinct(options: list, k: int, engine, intents: bool = False,
              moves: int = 0) -> Generator[None, None, list]:
    """The best ``k`` options with distinct actions legal in the view (deferred paths
    resolved now, one per slice: the option keeps its concrete action); with ``intents``,
    the best of each aimed intention first (an attack on the same target with the same
    weapon from another standing point only fills the pool when too few differ); with
    ``moves``, at most that many untargeted moves (a path) of one kind and actor: walks."""
    out, seen = [], set()
    per: dict = {}
    if moves > 0:
        capped = []
        for o in options:
            a = o.action
            if a.path and not a.targets and o.resolve is None:
                n = per[(a.kind, a.actor)] = per.get((a.kind, a.actor), 0) + 1
                if n > moves:
                    continue
            capped.append(o)
        options = capped
    if intents:
        firsts, kinds = [], set()
        for o in options:
            a = o.action
            key = (a.kind, a.actor, a.targets, repr(a.value)) if a.targets else repr(a.to_dict())
            if key not in kinds:
                kinds.add(key)
                firsts.append(o)
        picked = {id(o) for o in firsts}
        options = firsts + [o for o in options if id(o) not in picked]
    for o in options:
        if len(out) >= k:
            break
        if o.resolve is not None:
            resolved, o.resolve = o.resolve(), None
            yield None
            if resolved is None:
                o.note = "no path"
                continue
            o.action = resolved
        key = repr(o.action.to_dict())
        if key in seen or engine.check(o.action) is not None:
            continue
        seen.add(key)
        out.append(o)
    return out


def search(engine, agent, options: list) -> Generator[None, None, list]:
    """Reorder ``options`` (sorted best first by the planner) by lookahead: the best few
    are played forward and ranked by their mean evaluation; the rest follow unchanged."""
    cfg = SearchConfig.from_profile(agent.profile, agent.names)
    if cfg is None or len(options) < 2 or (not cfg.between and _idle(engine.state)) \
            or (not cfg.answers and engine.state.pending):
        return options
    top = options[0].score
    near = [o for o in options if o.score >= cfg.within * top] if top > 0 else options
    pool = yield from _distinct(near, cfg.candidates, engine, cfg.intents, cfg.moves)
    if len(pool) < 2:
        return options
    side = engine.decider()
    state = engine.state
    evaluate = evaluator(engine.ruleset.info.id)
    policies = agent.rollout_policies(cfg)
    seeds = [agent.rng.below(2**31) for _ in range(cfg.samples)]
    left = [cfg.steps]
    roll = Rollout(side, cfg, policies, left)
    results: dict[int, list[float]] = {id(o): [] for o in pool}
    for seed in seeds:               # every candidate on the same dice, sample by sample
        for o in pool:
            if left[0] <= 0:
                break
            after = yield from roll.run(_engine(engine.ruleset, state, seed), o.action)
            if after is not None:
                results[id(o)].append(value(after, side, agent.profile, evaluate))
            yield None
    agent.searched = cfg.steps - left[0]     # rollout steps this decision took (trace, tests)
    scored = [(o, results[id(o)]) for o in pool if results[id(o)]]
    if len(scored) < 2:
        return options
    n = min(len(r) for _, r in scored)        # compare on the samples all of them had
    means = {id(o): sum(r[:n]) / n for o, r in scored}
    first = scored[0][0]
    for o, _ in scored:
        o.note = (o.note + " " if o.note else "") + f"look={means[id(o)]:.2f}"

    def key(o) -> tuple[float, float]:
        bonus = cfg.margin if o is first else 0.0
        return (-(means[id(o)] + bonus), -o.score)

    ranked = sorted((o for o, _ in scored), key=key)
    kept = {id(o) for o in ranked}
    rest = [o for o in options if id(o) not in kept]
    return ranked + rest

