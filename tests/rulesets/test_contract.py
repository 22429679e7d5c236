"""The contract every registered ruleset keeps, checked by seeded random playouts.

For every ruleset that ``game.core.plugins.plugins()`` lists when this module is collected
(the packages under game/rulesets, and any ruleset added with ``plugins.register`` before,
e.g. from a ``conftest.py``) and every one of its scenarios, random agents
(``game.ai.agents.RandomAgent``, one per side, neutral sides included) play seeded games to
the end. After setup and after every step:

- no two bases in play overlap; none is off the table or in movement-blocking terrain; every
  figure stands on a base shape the ruleset declares (``RulesetInfo.bases``);
- every figure's vitality is within [0, max];
- activation limits: the decider is one of the game's sides and has a legal action until the
  game ends (``decider() is None`` only once there is an outcome); every template it is
  offered names an actor of its own (a side never acts when it is not the decider); an
  ``Activated`` event is for the deciding side; where the ruleset's activation model is
  alternate, hand or classic, no figure activates twice in a turn; the turn number never
  decreases, stays within ``state.max_turns`` while the game goes on and the game ends
  within ``max_turns + 1`` turns (the turn that could not be played) and ``MAX_STEPS`` steps;
- the narration of every event (``ruleset.describe`` in every language) is a text with no
  raw catalogue key ("word.word" with no space after the dot) and no "{" left;
- at the end: an outcome whose winner (if any) is a seat, never a neutral side; the record
  survives JSON and replays, checked, to the same digest.

Extending it
------------
*A ruleset's own assertions and options* go in ``tests/rulesets/<id>/contract.py`` (picked up
by id, all optional)::

    SEEDS = (1, 2, 3)                          # seeds per scenario and variant (default SEEDS)
    SCENARIO_SEEDS = {"premiere_partie": (1,)} # fewer (or other) seeds for some scenarios
    VARIANTS = {"short": {"max_turns": 4}}     # setup options per variant (default: {})
    def check_state(engine): ...               # after setup and after every step
    def check_step(engine, side, events): ...  # after every step (side: who decided)
    def check_game(engine, variant): ...       # once the game is over

Size SEEDS and VARIANTS to keep the whole contract within a few tens of seconds (longer
soaks belong to ``python main.py sim``).

*A test ruleset declared outside game/rulesets* (e.g. a three-side one) is covered without
editing this file: register it before collection (a ``conftest.py`` calling
``plugins.register(DECL)``), or run the contract from its own test module::

    from tests.rulesets.test_contract import contract_cases, play_checked

    @pytest.mark.parametrize("case", contract_cases(extra=[DECL], hooks={DECL.id: my_hooks}),
                             ids=str)
    def test_contract(case):
        play_checked(case)      # registers DECL for the game if it is not registered yet

``hooks`` maps a ruleset id to an object with the optional attributes above.
"""
from __future__ import annotations

import contextlib
import importlib
import itertools
import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from game.ai.agents import RandomAgent
from game.core import plugins as registry
from game.core.engine import Engine
from game.core.events import Activated, Event, TurnStarted
from game.core.plugins import RulesetPlugin
from game.core.record import Record
from game.core.text import LANGS
from game.rulesets._shared.tables import base_of

SEEDS = (1, 2)
MAX_STEPS = 5000
ONCE_PER_TURN = ("alternate", "hand", "classic")   # activation models: a figure acts once a turn
OVERLAP_MM = 0.05                                  # deepest overlap tolerated between two bases
RAW_KEY = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*")  # "log.moved": no space after a dot


@dataclass(frozen=True)
class ContractCase:
    """One seeded game of the contract."""

    ruleset: str
    scenario: str
    variant: str
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict, compare=False)
    decl: RulesetPlugin | None = field(default=None, compare=False, repr=False)
    hooks: Any = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.ruleset}-{self.scenario}-{self.variant}-{self.seed}"


def ruleset_hooks(rid: str) -> Any:
    """The ruleset's ``tests/rulesets/<id>/contract.py`` module, or None."""
    name = f"{__package__}.{rid}.contract"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def contract_cases(extra: Iterable[RulesetPlugin] = (),
                   hooks: Mapping[str, Any] | None = None) -> list[ContractCase]:
    """A case per (ruleset, scenario, variant, seed): every registered ruleset plus ``extra``."""
    decls = dict(registry.plugins())
    decls.update({d.id: d for d in extra})
    cases = []
    for rid, decl in sorted(decls.items()):
        hook = (hooks or {}).get(rid) or ruleset_hooks(rid)
        variants = getattr(hook, "VARIANTS", None) or {"default": {}}
        seeds = getattr(hook, "SEEDS", SEEDS)
        for scenario in decl.load("rules").scenarios():
            these = getattr(hook, "SCENARIO_SEEDS", {}).get(scenario, seeds)
            for (variant, options), seed in itertools.product(variants.items(), these):
                cases.append(ContractCase(rid, scenario, variant, seed, dict(options), decl, hook))
    return cases


@contextlib.contextmanager
def registered(decl: RulesetPlugin | None) -> Iterator[None]:
    """The ruleset registered for the duration (left as it was if it already is)."""
    if decl is None or decl.id in registry.plugins():
        yield
        return
    registry.register(decl)
    try:
        yield
    finally:
        registry.unregister(decl.id)


# --------------------------------------------------------------------------- invariants


def check_table(eng: Engine) -> None:
    """Bases: no overlap, on the table, out of blocking terrain, of a declared shape;
    vitality within [0, max]."""
    st = eng.state
    table = eng.ruleset.table_for(st)
    alive = [f for f in st.figures.values() if not f.out]
    for a, b in itertools.combinations(alive, 2):
        depth = overlap(a, b)
        assert depth <= OVERLAP_MM, f"{a.id} overlaps {b.id} by {depth:.3f} mm"
    for f in alive:
        base = base_of(f)
        assert f.shape in eng.ruleset.info.bases, f"{f.id} stands on a {f.shape} base"
        assert table.on_table(base), f"{f.id} is off the table at {f.pos}"
        assert not table.in_blocking_terrain(base), f"{f.id} is inside blocking terrain at {f.pos}"
    for f in st.figures.values():
        assert 0 <= f.vitality <= f.max_vitality, f"{f.id} vitality {f.vitality}/{f.max_vitality}"


def overlap(a, b) -> float:
    """How deep two bases overlap, in mm (0 when apart, touching, or within OVERLAP_MM)."""
    if a.shape == "round" and b.shape == "round":
        return max(0.0, a.radius + b.radius - math.dist(a.pos, b.pos))
    ba, bb = base_of(a), base_of(b)
    if math.dist(a.pos, b.pos) >= ba.circumradius + bb.circumradius:
        return 0.0
    pa, pb = ba.polygon(), bb.polygon()

    def parted(depth: float) -> bool:   # apart once both shrink by half the depth
        return not pa.buffer(-depth / 2, join_style="mitre").intersects(
            pb.buffer(-depth / 2, join_style="mitre"))

    if not pa.intersects(pb) or parted(OVERLAP_MM):
        return 0.0
    lo, hi = OVERLAP_MM, max(a.size, b.size)
    for _ in range(20):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if parted(mid) else (mid, hi)
    return hi


def check_narration(eng: Engine, events: list[Event]) -> None:
    for event in events:
        for lang in LANGS:
            line = eng.ruleset.describe(event, eng.state, lang)
            assert isinstance(line, str), (event, line)
            assert "{" not in line and "}" not in line, (lang, event, line)
            assert not RAW_KEY.search(line), (lang, event, line)


def check_decider(eng: Engine, side: int) -> None:
    st = eng.state
    assert side in st.side_ids(), f"decider {side} is not a side of the game"
    legal = eng.legal_actions()
    assert legal, f"side {side} decides but has no legal action (turn {st.turn})"
    for choice in legal:
        owner = st.figures[choice.actor].side if choice.actor in st.figures else side
        assert owner == side, f"side {side} is offered {choice.kind} for {choice.actor} of side {owner}"


class ActivationLog:
    """Who activated this turn, and the turn number so far."""

    def __init__(self, eng: Engine):
        self.once = eng.ruleset.info.activation in ONCE_PER_TURN
        self.turn = eng.state.turn
        self.seen: set[str] = set()

    def step(self, eng: Engine, side: int, events: list[Event]) -> None:
        st = eng.state
        for e in events:
            if isinstance(e, TurnStarted):
                self.seen.clear()
            if isinstance(e, Activated):
                assert e.side == side, f"side {e.side} activated while side {side} decided"
                if self.once:
                    twice = self.seen.intersection(e.figures)
                    assert not twice, f"{sorted(twice)} activated twice in turn {st.turn}"
                    self.seen.update(e.figures)
        assert st.turn >= self.turn, f"turn went back from {self.turn} to {st.turn}"
        self.turn = st.turn
        limit = st.max_turns if st.outcome is None else st.max_turns + 1
        assert st.turn <= limit, f"turn {st.turn} of {st.max_turns} (outcome {st.outcome})"


def _hook(case: ContractCase, name: str):
    return getattr(case.hooks, name, None) or (lambda *args: None)


def play_checked(case: ContractCase) -> Engine:
    """Play the case's game to the end with every invariant checked; returns the engine."""
    with registered(case.decl):
        eng = Engine.new(case.ruleset, case.scenario, case.seed, dict(case.options))
        agents = {s: RandomAgent(case.seed * 7 + s) for s in eng.state.side_ids()}
        check_state, check_step = _hook(case, "check_state"), _hook(case, "check_step")
        log = ActivationLog(eng)
        check_table(eng)
        check_state(eng)
        for _ in range(MAX_STEPS):
            side = eng.decider()
            if side is None:
                break
            check_decider(eng, side)
            events = eng.step(agents[side].choose(eng))
            log.step(eng, side, events)
            check_narration(eng, events)
            check_table(eng)
            check_state(eng)
            check_step(eng, side, events)
        st = eng.state
        assert st.outcome is not None, f"no outcome after {len(eng.record.actions)} steps"
        assert st.outcome.winner is None or st.outcome.winner in st.seats(), st.outcome
        assert not st.outcome.scores or len(st.outcome.scores) == len(st.side_ids()), st.outcome
        rec = Record.from_dict(json.loads(json.dumps(eng.record.to_dict())))
        again = Engine.replay(rec, verify=True)
        assert again.state.digest() == st.digest()
        _hook(case, "check_game")(eng, case.variant)
        return eng


CASES = contract_cases()


def test_every_registered_ruleset_and_scenario_is_covered():
    covered = {(c.ruleset, c.scenario) for c in CASES}
    for rid, decl in registry.plugins().items():
        scenarios = decl.load("rules").scenarios()
        assert scenarios, f"{rid} has no scenario"
        assert {(rid, s) for s in scenarios} <= covered


@pytest.mark.parametrize("case", CASES, ids=str)
def test_random_playouts_keep_the_contract(case):
    play_checked(case)


# --------------------------------------------------------------------------- the checks can fail


def _opening(case: ContractCase) -> Engine:
    with registered(case.decl):
        return Engine.new(case.ruleset, case.scenario, case.seed, dict(case.options))


def test_the_table_checks_catch_overlaps_strays_and_vitality():
    eng = _opening(CASES[0])
    a, b = [f for f in eng.state.figures.values() if not f.out][:2]
    check_table(eng)
    home = b.x, b.y
    b.x, b.y = a.x + a.size / 4, a.y
    with pytest.raises(AssertionError, match="overlaps"):
        check_table(eng)
    b.x, b.y = -b.size, -b.size
    with pytest.raises(AssertionError, match="off the table"):
        check_table(eng)
    b.x, b.y = home
    check_table(eng)
    a.vitality = a.max_vitality + 1
    with pytest.raises(AssertionError, match="vitality"):
        check_table(eng)


def test_the_narration_check_catches_raw_keys_and_placeholders():
    def engine_saying(line: str):
        return SimpleNamespace(ruleset=SimpleNamespace(describe=lambda e, s, lang: line), state=None)

    for good in ("Léda se déplace de 3,5 pas.", "Turn 2. Side 1 plays first.", ""):
        check_narration(engine_saying(good), [TurnStarted(turn=2, first_side=1)])
    for bad in ("log.moved.walk", "Léda: mb.log.out", "{who} moved", "log.out {'who': 'x'}"):
        with pytest.raises(AssertionError):
            check_narration(engine_saying(bad), [TurnStarted(turn=2, first_side=1)])


def test_the_activation_log_catches_a_turn_going_back_and_a_second_activation():
    eng = _opening(CASES[0])
    log = ActivationLog(eng)
    fid = next(iter(eng.state.figures))
    side = eng.state.figures[fid].side
    log.step(eng, side, [Activated(side=side, figures=(fid,), actions=1)])
    if log.once:
        with pytest.raises(AssertionError, match="twice"):
            log.step(eng, side, [Activated(side=side, figures=(fid,), actions=1)])
    with pytest.raises(AssertionError, match="side"):
        log.step(eng, side, [Activated(side=side + 1, figures=(), actions=1)])
    log.turn = eng.state.turn + 1
    with pytest.raises(AssertionError, match="turn went back"):
        log.step(eng, side, [])


def test_rulesets_declared_elsewhere_join_the_contract():
    decl = RulesetPlugin(id="contract_sandbox", rules=CASES[0].decl.rules, schemas=CASES[0].decl.schemas,
                         presentation=CASES[0].decl.presentation, builder=CASES[0].decl.builder,
                         rules_pages=CASES[0].decl.rules_pages)
    hooks = SimpleNamespace(SEEDS=(5,), VARIANTS={"short": {"max_turns": 2}})
    cases = [c for c in contract_cases(extra=[decl], hooks={decl.id: hooks}) if c.ruleset == decl.id]
    assert cases and {(c.variant, c.seed, c.options["max_turns"]) for c in cases} == {("short", 5, 2)}
    assert all(c.hooks is hooks for c in cases)
    assert decl.id not in registry.plugins()
    with registered(decl):
        assert decl.id in registry.plugins()
    assert decl.id not in registry.plugins()
