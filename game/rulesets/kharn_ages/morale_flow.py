"""Morale in the game: when the témérité and effroi tests of ``morale`` are taken, what their
failures do on the table, and the decision to spend a mastery die for good after a failed
roll (K-R80 to K-R87).

Triggers:
- step 4 of an activation (``open_activation``): every témérité test still pending is taken
  again (its source gone: dropped), a new one against each terrifying enemy in the figure's
  zone of control, one when it is the last of its side (a pass: RC on 9-10 until the next
  turn, K-R19), and every effroi test still pending (its source gone: the fright lifts);
- a walk or an assault entering a terrifying enemy's zone (``entered``): the figure stops at
  the edge and tests at once; a failure costs half its PA left and keeps it out (K-R18);
- a melee attack between a figure and one causing effroi (``melee``): each side of the
  exchange facing an effroi-causer tests before the attack, once a turn per source.

Modifiers: +1 in the aura of the figure's leader (I toises from the leader's centre to the
nearest point of the figure's base), +2 per friend in the figure's zone against terror.

Failures follow the ladder of K-R45 and the fright table of K-R46; "flee" runs V toises
straight away from the source (stopping at the first obstacle or the table edge), the free
attacks are ``free_attack`` decisions aimed at the one figure (``context["target"]``).
Ralliement (témérité) and the effroi rescue (the figure's own die, or a level-3 friend's in
its aura) are a ``morale`` decision of the figure's side after a failed roll: ``rally``
(value: ``self`` or the friend's id) or ``accept``.

The running tests wait in ``state.extras["ka"]["morale"]``: ``queue`` (tests to take, the
first maybe already failed and awaiting the decision) and ``then`` (what follows: the
activation's refill, or the attack that was declared)."""
from __future__ import annotations

import math
from typing import Any

from game.core.events import Activated, Moved, Note, OutOfAction
from game.core.state import Decision, Figure, GameState
from game.rulesets._shared.areas import WITHIN_EPS, gaps
from game.rulesets._shared.push import away, push

from . import morale as M
from .attacks import builds
from .cards import KEY, fighter, fighters
from .codes import attack_code
from .dice import flat_roll
from .fighter import TOISE, Fighter
from .states import may_act, refresh

DECISION = "morale"              # Decision.kind after a failed roll that a die could save
RALLY, ACCEPT = "rally", "accept"
SELF = "self"
LAST, FIRE, MORSURE = "last", "fire", "morsure"
BASE_THRESHOLD = 10
BACK_OFF_MM = 1.0                # a figure kept out of a zone stands this far before its edge


# ------------------------------------------------------------------ who frightens whom
def terror_threshold(f: Fighter) -> int | None:
    """The témérité threshold against this figure: its card's terror value, else 10 + its
    level; None when it causes no terror."""
    if not f.has("terreur"):
        return None
    value = f.profile.skills.get("terreur")
    return int(value) if value is not None else BASE_THRESHOLD + f.level


def effroi_threshold(f: Fighter) -> int | None:
    """The effroi threshold this figure imposes: its card's (its value, else 10 + its level) or
    a spell's dread while it lasts, the higher (K-R132)."""
    return M.effroi_caused(f, BASE_THRESHOLD)


def aura_mm(f: Fighter) -> float:
    """The aura's radius: I toises from the centre of the base."""
    return f.char("I") * TOISE


def in_aura(holder: Fighter, other: Figure) -> bool:
    """``other`` within ``holder``'s aura: its base reaches within I toises of the centre."""
    return math.dist(holder.fig.pos, other.pos) - other.radius <= aura_mm(holder) + WITHIN_EPS


def leader_of(state: GameState, f: Fighter) -> Fighter | None:
    """The leader of the figure's band still in play (not the figure itself)."""
    for fig in state.figures_of(f.fig.side):
        if fig.id != f.id and fig.status.get("leader"):
            return fighter(state, fig)
    return None


def in_leader_aura(state: GameState, f: Fighter) -> bool:
    lead = leader_of(state, f)
    return lead is not None and in_aura(lead, f.fig)


def in_zone(table, f: Fighter, others: list[Figure]) -> list[Figure]:
    """Those of ``others`` within the figure's zone of control (edge to edge)."""
    if not others or not f.zdc:
        return []
    return [o for o, g in zip(others, gaps(table, f.fig, others)) if g <= f.zdc * TOISE + WITHIN_EPS]


def friends_in_zone(state: GameState, table, f: Fighter) -> int:
    friends = [o for o in state.figures_of(f.fig.side) if o.id != f.id]
    return len(in_zone(table, f, friends))


def terrifying_in_zone(state: GameState, table, f: Fighter) -> list[Fighter]:
    foes = [fighter(state, e) for e in state.enemies_of(f.fig)]
    scary = [e for e in foes if terror_threshold(e) is not None]
    near = {o.id for o in in_zone(table, f, [e.fig for e in scary])}
    return [e for e in scary if e.id in near]


def last_of_side(state: GameState, f: Fighter) -> bool:
    """The only one of its side still in play, its friends fallen (a band of one never
    "finds itself" alone, K-R81)."""
    band = [g for g in state.figures.values() if g.side == f.fig.side]
    return len(band) > 1 and [g.id for g in band if not g.out] == [f.id]


def helpers(state: GameState, f: Fighter) -> list[Fighter]:
    """Level-3 friends in the figure's aura with a mastery die left (the effroi rescue)."""
    out = []
    for fig in state.figures_of(f.fig.side):
        if fig.id == f.id:
            continue
        h = fighter(state, fig)
        if h.level >= 3 and M.spare_dice(h) and in_aura(f, fig):
            out.append(h)
    return out


# ------------------------------------------------------------------ the running tests
def data(state: GameState) -> dict[str, Any]:
    return state.extras.setdefault(KEY, {}).setdefault("morale", {})


def busy(state: GameState) -> bool:
    m = state.extras.get(KEY, {}).get("morale") or {}
    return bool(m.get("queue") or m.get("then"))


def passed(f: Fighter) -> list[str]:
    return f.status.setdefault("morale_passed", [])


def _test(kind: str, who: str, source: str, need: int, why: str, *, terror: bool = True,
          back: tuple[float, float] | None = None) -> dict[str, Any]:
    t = {"test": kind, "who": who, "source": source, "need": int(need), "why": why, "terror": terror}
    if back is not None:
        t["back"] = [float(back[0]), float(back[1])]
    return t


def open_activation(state: GameState, ctx, f: Fighter) -> None:
    """Step 4 of the activation, then steps 5-6 (``refresh``) and the activation's start."""
    m = data(state)
    m["queue"] = activation_tests(state, ctx, f)
    m["then"] = {"kind": "activation", "who": f.id}
    run(state, ctx)


def activation_tests(state: GameState, ctx, f: Fighter) -> list[dict[str, Any]]:
    """The tests due at the start of the figure's activation, in order (K-R80)."""
    out: list[dict[str, Any]] = []
    s = f.status
    for src in list(s.get("temerity", {})):
        other = state.figures.get(src)
        if other is not None:
            need = terror_threshold(fighter(state, other)) if not other.out else None
            if need is None:
                M.temerity_passed(f, src)
                ctx.emit(Note(key="ka.morale.gone", args={"who": f.id, "by": src}))
                continue
            out.append(_test("temerity", f.id, src, need, "again"))
        elif src == LAST and not last_of_side(state, f):
            M.temerity_passed(f, src)
        else:
            out.append(_test("temerity", f.id, src, BASE_THRESHOLD, "again", terror=False))
    if not M.temerity_immune(f):
        for e in terrifying_in_zone(state, ctx.table, f):
            if e.id not in s.get("temerity", {}) and e.id not in passed(f):
                out.append(_test("temerity", f.id, e.id, terror_threshold(e), "zone"))
    if last_of_side(state, f) and LAST not in passed(f) and LAST not in s.get("temerity", {}):
        out.append(_test("temerity", f.id, LAST, BASE_THRESHOLD, LAST, terror=False))
    for src in list(s.get("effroi", {})):
        other = state.figures.get(src)
        if other is None or other.out:
            M.effroi_passed(ctx, f, src)
            ctx.emit(Note(key="ka.morale.gone", args={"who": f.id, "by": src}))
            continue
        out.append(_test("effroi", f.id, src, effroi_threshold(fighter(state, other)) or BASE_THRESHOLD, "again"))
    return out


def entered(state: GameState, ctx, f: Fighter, foes: tuple[str, ...] | list[str],
            back: tuple[float, float], then: dict[str, Any] | None = None) -> bool:
    """A walk stopped entering these enemies' zones: a témérité test against each terrifying
    one not yet faced down (K-R18). Returns False when none is due (``then`` not taken)."""
    if M.temerity_immune(f):
        return False
    due = []
    for fid in foes:
        e = fighter(state, state.figures[fid])
        need = terror_threshold(e)
        if need is not None and fid not in passed(f):
            due.append(_test("temerity", f.id, fid, need, "enter", back=back))
    if not due:
        return False
    m = data(state)
    m["queue"] = due
    m["then"] = then
    run(state, ctx)
    return True


def queue_tests(state: GameState, tests: list[tuple[str, str]]) -> None:
    """Morsure's témérité tests at 10 (``(who, source)``), taken before anything already
    waiting once the exchange's own decisions are answered (``resume``): a failure of a
    figure with Ralliement is a ``morale`` decision like any other (K-R117)."""
    m = data(state)
    due = [_test("temerity", who, src, BASE_THRESHOLD, MORSURE, terror=False) for who, src in tests]
    m["queue"] = due + list(m.get("queue") or [])


def burned(state: GameState, ctx, f: Fighter) -> bool:
    """A burned non-magician with I under 5 tests its témérité at 10 (K-R54), Ralliement as a
    decision; returns whether a test was queued (and run as far as it could go)."""
    if f.has("magicien") or f.char("I") >= 5 or f.status.get("fire_brave") or f.fig.out:
        return False
    m = data(state)
    m["queue"] = [_test("temerity", f.id, FIRE, M.FIRE_THRESHOLD, FIRE, terror=False), *(m.get("queue") or [])]
    run(state, ctx)
    return True


def melee(state: GameState, ctx, att_id: str, dfn_id: str, code: str, *, assault: bool = False) -> None:
    """A melee attack declared: the effroi tests it calls for first (K-R82), then the attack
    if the attacker still can make it."""
    from . import fight as FT

    due = []
    for me, other in ((att_id, dfn_id), (dfn_id, att_id)):
        f, o = fighter(state, state.figures[me]), fighter(state, state.figures[other])
        need = effroi_threshold(o)
        faced = f.status.setdefault("effroi_faced", {})
        if need is None or M.effroi_immune(f) or other in f.status.get("effroi", {}) \
                or faced.get(other) == state.turn:
            continue
        faced[other] = state.turn
        due.append(_test("effroi", me, other, need, "melee"))
    if not due:
        FT.start(state, ctx, att_id, dfn_id, code, assault=assault)
        return
    m = data(state)
    m["queue"] = due
    m["then"] = {"kind": "melee", "att": att_id, "dfn": dfn_id, "code": code, "assault": assault}
    run(state, ctx)


def resume(state: GameState, ctx) -> bool:
    """Go on with the tests once nothing is owed (a free attack played out); True when
    something ran."""
    from . import fight as FT

    if not busy(state) or state.pending or FT.current(state) is not None:
        return False
    run(state, ctx)
    return True


def run(state: GameState, ctx) -> None:
    """Take the queued tests until one owes a decision (or a free attack), then what follows."""
    m = data(state)
    queue = m.setdefault("queue", [])
    while queue:
        t = queue[0]
        f = fighter(state, state.figures[t["who"]])
        if f.fig.out:
            queue.pop(0)
            continue
        if not t.get("failed"):
            if _roll(state, ctx, f, t):
                queue.pop(0)
                continue
            t["failed"] = True
            options = spend_options(state, f, t)
            if options:
                state.pending.append(Decision(kind=DECISION, side=f.fig.side, figure=f.id, options=options,
                                              context={"test": t["test"], "source": t["source"]}))
                return
        queue.pop(0)
        _fail(state, ctx, f, t)
        if state.pending:
            return
    then = m.pop("then", None)
    if then:
        _follow(state, ctx, then)


def answer(state: GameState, ctx, kind: str, value: Any) -> None:
    """The figure's side spends a mastery die for good (``rally``) or lets the failure stand."""
    state.pending.pop()
    m = data(state)
    t = m["queue"][0]
    f = fighter(state, state.figures[t["who"]])
    if kind == RALLY:
        giver = f if value in (None, SELF) else fighter(state, state.figures[str(value)])
        M.spend_for_good(giver)
        m["queue"].pop(0)
        _passed(state, ctx, f, t)
        ctx.emit(Note(key=f"ka.morale.rally.{t['test']}", args={"who": f.id, "target": giver.id}))
    run(state, ctx)


def spend_options(state: GameState, f: Fighter, t: dict[str, Any]) -> list[str]:
    """Who may turn this failure into a pass by a mastery die spent for good (K-R44)."""
    if t["test"] == "temerity":
        return [SELF] if f.has("ralliement") and M.spare_dice(f) else []
    return ([SELF] if M.spare_dice(f) else []) + [h.id for h in helpers(state, f)]


# ------------------------------------------------------------------ one test
def _roll(state: GameState, ctx, f: Fighter, t: dict[str, Any]) -> bool:
    leader = in_leader_aura(state, f)
    src = t["source"]
    against = src if src in state.figures else None
    if t["test"] == "temerity":
        allies = friends_in_zone(state, ctx.table, f) if t["terror"] else 0
        mods = herd(state, f, M.temerity_mods(f, allies=allies, leader=leader, terror=t["terror"]))
    else:
        mods = herd(state, f, M.effroi_mods(f, leader=leader))
    face = flat_roll(ctx, f.id, t["test"], mods, need=t["need"], against=against)
    total = face + sum(v for _, v in mods)
    ok = total >= t["need"]
    key, by = f"ka.morale.{t['test']}", src
    if t["why"] in (MORSURE, FIRE):              # a bite's or a burn's own words (K-R117)
        key, by = f"ka.morale.{t['why']}", src.partition(":")[2]
    ctx.emit(Note(key=f"{key}.{'pass' if ok else 'fail'}",
                  args={"who": f.id, "by": by, "why": t["why"], "face": face, "mods": _mods_text(mods),
                        "total": total, "need": t["need"]}))
    if ok:
        _passed(state, ctx, f, t)
    return ok


HERD = "instinct_gregaire"
HERD_MIN = 3


def herd(state: GameState, f: Fighter, mods: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Instinct grégaire (the book's Mongo card): the figure's T is the number of figures of
    its side in play with that skill, at least 3 (K-R120)."""
    if not f.has(HERD):
        return mods
    n = max(HERD_MIN, sum(1 for o in state.figures_of(f.fig.side) if HERD in fighter(state, o).profile.skills))
    return [(k, n if k == "T" else v) for k, v in mods]


def _mods_text(mods: list[tuple[str, int]]) -> str:
    """Modifiers as ``name:value`` pairs (the narration names them in the player's language)."""
    return ",".join(f"{k}:{v}" for k, v in mods)


def _passed(state: GameState, ctx, f: Fighter, t: dict[str, Any]) -> None:
    src = t["source"]
    if t["test"] == "effroi":
        M.effroi_passed(ctx, f, src)
        return
    M.temerity_passed(f, src)
    if src not in passed(f):
        passed(f).append(src)
    if src == LAST and t["why"] == LAST:
        f.status["last_stand"] = True            # RC on 9-10 until the next turn (K-R19)
    if src == FIRE:
        f.status["fire_brave"] = True            # fire no longer frightens it (K-R54)


def _fail(state: GameState, ctx, f: Fighter, t: dict[str, Any]) -> None:
    src = t["source"]
    if t["test"] == "temerity":
        n = M.temerity_failed(ctx, f, src)
        if f.fig.out:                            # demoralised: off the table, no carcass
            ctx.emit(OutOfAction(figure=f.id, by=src))
            return
        if t["why"] == "enter":
            lost = M.entering_terror_failed(f)
            if t.get("back"):
                f.fig.x, f.fig.y = t["back"]
            ctx.emit(Note(key="ka.morale.held_back", args={"who": f.id, "by": src, "n": lost}))
        elif n >= 2 and t["why"] != "enter":
            ctx.emit(Note(key="ka.morale.paralysed", args={"who": f.id, "by": src}))
        return
    act = state.activation
    outcome = M.effroi_failed(ctx, f, src, active=act is not None and act.get("figure") == f.id)
    f.status["fright"] = outcome                 # what the card says of the fright
    ctx.emit(Note(key=f"ka.morale.fright.{outcome}", args={"who": f.id, "by": src}))
    other = state.figures.get(src)
    if other is None or other.out:
        return
    o = fighter(state, other)
    if outcome == "flee":
        flee(state, ctx, f, o)
    elif outcome == "source_attacks" and _can_strike(ctx, o, f):
        state.pending.append(Decision(kind="free_attack", side=o.fig.side, figure=o.id,
                                      context={"target": f.id, "standard": True}))
    elif outcome == "victim_attacks" and _can_strike(ctx, f, o):
        state.pending.append(Decision(kind="free_attack", side=f.fig.side, figure=f.id,
                                      context={"target": o.id}))


def _can_strike(ctx, att: Fighter, dfn: Fighter) -> bool:
    from .zones import in_reach

    return may_act(att) and not att.status.get("down") and not dfn.fig.out and in_reach(ctx.table, att, dfn.fig)


def _can_pay(att: Fighter, code: str) -> bool:
    """The declared attack still allowed and paid for (a fright may have taken PA)."""
    from .attacks import check_attack
    from .codes import attack_build
    from .moves import action_cost

    build = attack_build(code)
    return check_attack(att, build) is None and action_cost(att, build.pa) <= att.pa


def flee(state: GameState, ctx, f: Fighter, source: Fighter) -> None:
    """Run V toises straight away from the source, stopping at the first obstacle or the table
    edge (K-R84)."""
    res = push(ctx.table, f.fig, away(source.fig.pos, f.fig.pos), f.speed * TOISE)
    if res.travelled > 0:
        ctx.emit(Moved(figure=f.id, path=(tuple(res.start), tuple(res.end)), cost=res.travelled, mode="fled"))


def standard_codes(f: Fighter) -> list[str]:
    """The two-characteristic builds of a standard attack (the source's free attack)."""
    return [attack_code(b) for b in builds(f, 2)]


# ------------------------------------------------------------------ what follows
def _follow(state: GameState, ctx, then: dict[str, Any]) -> None:
    from . import flow as FL

    kind = then["kind"]
    if kind == "activation":
        fig = state.figures[then["who"]]
        f = fighter(state, fig)
        ok = not fig.out and refresh(ctx, f)
        if not fig.out:
            ctx.emit(Activated(side=fig.side, figures=(fig.id,), actions=f.pa))
        if not ok or fig.out:
            FL.close(state, ctx)
    elif kind == "melee":
        att, dfn = (fighter(state, state.figures[then[k]]) for k in ("att", "dfn"))
        if _can_strike(ctx, att, dfn) and _can_pay(att, then["code"]):   # effroi tests are not taken again
            melee(state, ctx, att.id, dfn.id, then["code"], assault=bool(then.get("assault")))
        else:
            ctx.emit(Note(key="ka.morale.called_off", args={"who": att.id, "target": dfn.id}))


def turn_started(state: GameState) -> None:
    """The last of its side's critical bonus lasts to the start of the next turn (K-R19)."""
    for fig in state.figures.values():
        fig.status.pop("last_stand", None)


def back_off(start: tuple[float, float], path: list[tuple[float, float]]) -> tuple[float, float]:
    """A point just before the end of a walk's path, back along its last leg."""
    pts = [start, *path]
    end = pts[-1]
    prev = next((p for p in reversed(pts[:-1]) if math.dist(p, end) > 1e-6), None)
    if prev is None:
        return end
    d = math.dist(prev, end)
    k = min(1.0, BACK_OFF_MM / d)
    return (end[0] + (prev[0] - end[0]) * k, end[1] + (prev[1] - end[1]) * k)


def fighters_frightening(state: GameState) -> dict[str, Fighter]:
    """Figures in play causing terror or effroi (for the window and the AI)."""
    everyone = fighters(state)
    return {k: f for k, f in everyone.items() if not f.fig.out
            and (terror_threshold(f) is not None or effroi_threshold(f) is not None)}
