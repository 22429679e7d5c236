"""A figure's actions in an activation (the book's base actions, B-R10, B-R12): which kinds
it may take now, how far it moves, engagement (bases in contact), the facing a move ends
with, the engaged figures turning to their enemies, and pushes (ties, Repousse, Poussée).

Kinds: ``move`` (path + final facing), ``run`` (two actions, one straight line, facing the
way it ran), ``crawl`` (half speed, path + facing), ``stand`` (a figure down), ``aim``,
``shoot``, ``fight``, ``psi`` (a power, its id as the value), ``nothing``; ``end`` closes a
partial activation of a Héros or a Légende vivante (B-R18). Attribute actions, offered to
the figures whose catalogue entries carry them (an ``action`` effect, B-R50): ``zigzag``
(two actions, the base move in a straight line, Svg- against shots), ``tir_precis`` (two
actions, an aimed shot that ignores cover and figures in the way), ``priere`` (a test: Svg-
for the turn and a bonus on the rest of the activation), ``soin`` (a test: a wounded friend
in contact is whole again); ``leap`` for a figure that may leap (Bondissant, a jet pack,
Bond psi: one straight flight of 8 pas, B-R54); and the attribute actions ``feats`` handles
by their catalogue ``use`` (named by the attribute's id: ``etourdissement``, ``camouflage``,
``tirer_en_courant``...). A figure may also fight an enemy of a friend it touches
(Soutien, ``supported_foes``)."""
from __future__ import annotations

import math
from collections.abc import Sequence

from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared import push as P
from game.rulesets._shared.engagement import engaged_with
from game.rulesets._shared.facing import facing_all, heading_to, in_front

from . import figures as F
from .activation import action_type, can_take
from .effects import PENDING, ask, base_move, flags, leap_pas
from .psi import _EFFECTS as POWER_EFFECTS
from .terrain import may_leap

MOVE, RUN, CRAWL, STAND, AIM, SHOOT, FIGHT, PSI, NOTHING, END, LEAP = (
    "move", "run", "crawl", "stand", "aim", "shoot", "fight", "psi", "nothing", "end", "leap")
ZIGZAG, PRECISE, PRAYER, AID, GUARD = "zigzag", "tir_precis", "priere", "soin", "gardien"
WAIT = "wait"                            # a guardian lets the chance go and stays on alert
MOVES = (MOVE, RUN, CRAWL, ZIGZAG, LEAP)
STRAIGHT = (RUN, ZIGZAG)                 # moves in one straight line, facing the way they go
SHOTS = (SHOOT, PRECISE)
FACINGS = tuple(range(0, 360, 15))      # the final facings a move offers, in degrees
STRAIGHT_MM = 0.5                        # how far a run's points may stray from one line

Point2 = tuple[float, float]


def engaged(state: GameState, table: Table, fig: Figure) -> list[Figure]:
    """The enemies in base contact with the figure."""
    return engaged_with(state, table, fig, F.CONTACT_MM)


def move_mm(fig: Figure, kind: str) -> float:
    """A move's allowance in mm: the base move (5 pas, Rapide 8, Lent 3, Lourd one less),
    doubled for a run, halved for a crawl, as it is for a zig-zag."""
    base = base_move(F.fighter(fig)) * F.PAS
    if kind == LEAP:
        return leap_pas(F.fighter(fig)) * F.PAS
    return {MOVE: base, RUN: 2 * base, CRAWL: base / 2, ZIGZAG: base}[kind]


def attribute_actions(fig: Figure) -> dict[str, dict]:
    """The actions the figure's attributes give (attribute id -> its action effect), those
    of attributes it holds only as a test level included (a first-aid kit's Soin)."""
    f = F.fighter(fig)
    out = {origin: e for origin, e in ask(f, "action")}
    held = {a for a, _ in ask(f, "grant_test")}
    for w in f.melee_weapons() + f.ranged_weapons():
        held |= set(w.tests)
    for aid in sorted(held - set(out)):
        acts = [e for e in f.cat[aid].effects if e["do"] == "action"]
        if acts:
            out[aid] = acts[0]
    return out


def supported_foes(state: GameState, table: Table, fig: Figure) -> list[Figure]:
    """Soutien: enemies engaged with a friend in base contact with the figure, which it may
    fight without touching them (B-R58)."""
    if "support" not in flags(F.fighter(fig)):
        return []
    mine = {e.id for e in engaged(state, table, fig)}
    out: dict[str, Figure] = {}
    for o in state.figures_of(fig.side):
        if o.id == fig.id or o.out or table.distance(fig.id, o.id) > F.CONTACT_MM:
            continue
        for e in engaged(state, table, o):
            if e.id not in mine:
                out[e.id] = e
    return [out[k] for k in sorted(out)]


def wounded_friends(state: GameState, table: Table, fig: Figure) -> list[Figure]:
    """Friends in base contact who have lost vitality (for Soin)."""
    return [o for o in state.figures_of(fig.side) if o.id != fig.id and o.vitality < o.max_vitality
            and table.distance(fig.id, o.id) <= F.CONTACT_MM]


def done_this_turn(fig: Figure) -> list[str]:
    return list(fig.status.get("done", ()))


def type_key(kind: str, value: object = None) -> str:
    """What the no-repeat rule compares: each power is its own type (B-R10)."""
    return str(value) if kind == PSI and value else kind


def may(fig: Figure, kind: str, value: object = None) -> bool:
    """Enough actions left and no forbidden repeat; doing nothing may be repeated
    (B-R36: it spends an action, it is not an action type). A guardian reacting (B-R17)
    may take any kind of one action, whatever it has spent."""
    if fig.status.get("reacting"):       # a guardian's one action out of its activation
        return kind not in (NOTHING, GUARD) and action_type(type_key(kind, value))[1] == 1
    total = F.allowance(fig)[0]
    if kind == NOTHING:
        return int(fig.status.get("spent", 0)) < total
    return can_take(F.fighter(fig), done_this_turn(fig), type_key(kind, value), int(fig.status.get("spent", 0)))


def usable_powers(fig: Figure) -> list[str]:
    """The powers the figure may use: Psi-sensitive, with a power whose effects the rules
    resolve (Bond psi's leap is still to come, effects.PENDING)."""
    f = F.fighter(fig)
    if "psi" not in flags(f):
        return []
    return [p for p in F.powers(fig) if all(_built(f, e) for e in f.cat[p].effects) and may(fig, PSI, p)]


def _built(f, effect: dict) -> bool:
    if effect["do"] not in POWER_EFFECTS:
        return False
    if effect["do"] == "grant":       # the attribute granted must do something already
        return not all(e["do"] in PENDING for e in f.cat[effect["attribute"]].effects)
    return True


def kinds(state: GameState, table: Table, fig: Figure) -> list[str]:
    """The action kinds open to the figure now (targets and paths are checked apart)."""
    f = F.fighter(fig)
    foes = engaged(state, table, fig)
    down = bool(fig.status.get("down"))
    out = []
    if not down:
        out += [MOVE, RUN]
    out.append(CRAWL)
    if down:
        out.append(STAND)
    if f.ranged_weapons():
        out.append(AIM)
        if not foes:
            out.append(SHOOT)
    if foes or supported_foes(state, table, fig):
        out.append(FIGHT)
    if not down and leap_pas(f) > 0 and may_leap(fig):
        out.append(LEAP)
    extra = attribute_actions(fig)
    if ZIGZAG in extra and not down:
        out.append(ZIGZAG)
    if PRECISE in extra and f.ranged_weapons() and not foes:
        out.append(PRECISE)
    if PRAYER in extra:
        out.append(PRAYER)
    if AID in extra and wounded_friends(state, table, fig):
        out.append(AID)
    if GUARD in extra and F.actions_left(fig) == 1:      # its last action
        out.append(GUARD)
    from . import feats  # it builds on this module
    out += feats.open_uses(state, table, fig)
    out = [k for k in out if may(fig, k)]
    if usable_powers(fig):
        out.append(PSI)
    return [*out, NOTHING] if may(fig, NOTHING) else out


def straight(start: Point2, path: Sequence[Point2]) -> bool:
    """Every point of the path on the line from the start to its last point."""
    if not path:
        return False
    end = path[-1]
    length = math.dist(start, end)
    if length <= 1e-9:
        return False
    ux, uy = (end[0] - start[0]) / length, (end[1] - start[1]) / length
    return all(abs((p[0] - start[0]) * uy - (p[1] - start[1]) * ux) <= STRAIGHT_MM for p in path)


def face_engaged(state: GameState, table: Table) -> list[tuple[str, list[str]]]:
    """Engaged figures turn to their enemies (B-R12): all of them in front when one facing
    does it; otherwise, for now, it keeps in front those already there (a newcomer behind
    attacks from behind), else it faces the nearest. Returns the figures whose enemies
    cannot all be in front, with those enemies, when that set is new: their controller may
    then choose (``face_towards``)."""
    ask = []
    for fig in state.figures.values():
        if fig.out:
            continue
        foes = engaged(state, table, fig)
        if not foes:
            fig.status.pop("faced", None)
            continue
        want = facing_all(fig, [e.pos for e in foes])
        if want is None:
            ids = sorted(e.id for e in foes)
            if fig.status.get("faced") != ids:
                fig.status["faced"] = ids
                ask.append((fig.id, ids))
            front = [e.pos for e in foes if in_front(fig, e.pos)]
            want = facing_all(fig, front) if front else None
        if want is None:
            near = min(foes, key=lambda e: math.dist(e.pos, fig.pos))
            want = heading_to(fig.pos, near.pos)
        fig.facing = want
    return ask


def face_towards(state: GameState, table: Table, fig: Figure, chosen: Figure) -> None:
    """The controller's choice: face ``chosen``, keeping one more enemy in front with it
    when one facing can (the nearest such)."""
    others = sorted((e for e in engaged(state, table, fig) if e.id != chosen.id),
                    key=lambda e: math.dist(e.pos, fig.pos))
    for e in others:
        both = facing_all(fig, [chosen.pos, e.pos])
        if both is not None:
            fig.facing = both
            return
    fig.facing = heading_to(fig.pos, chosen.pos)


def push_away(table: Table, fig: Figure, source: Point2, pas: float) -> float:
    """Push the figure ``pas`` straight away from ``source`` (stopping at obstacles);
    returns the mm travelled."""
    res = P.push(table, fig, P.away(source, fig.pos), pas * F.PAS)
    return res.travelled


def tie_push(table: Table, a: Figure, b: Figure, gap_pas: float) -> None:
    """B-R11: each goes half the gap straight away from the other; if one is blocked the
    other makes up the rest (as far as it can)."""
    half = gap_pas / 2
    da = P.push_path(table, _base(a), P.away(b.pos, a.pos), half * F.PAS)
    db = P.push_path(table, _base(b), P.away(a.pos, b.pos), half * F.PAS)
    short_a, short_b = da.shortfall, db.shortfall
    a.x, a.y = da.end
    b.x, b.y = db.end
    others = [o for o in table.bases.values() if o.id not in (a.id, b.id)]
    if short_a > 1e-6 and not short_b:
        P.push(table, b, P.away(a.pos, b.pos), short_a, others=others)
    elif short_b > 1e-6 and not short_a:
        P.push(table, a, P.away(b.pos, a.pos), short_b, others=others)


def _base(fig: Figure):
    from game.rulesets._shared.tables import base_of

    return base_of(fig)
