"""One Mortebrume decision's picture of the table, from the deciding side's view only:
allies, the enemies it sees (those in the mist are simply absent), values, exact odds of
strikes and shots from any standing point and facing, and the threat at a point."""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from game.ai.mortebrume import odds
from game.core.state import Figure, GameState
from game.geometry.shapes import Base
from game.rulesets._shared.tables import base_of
from game.rulesets.mortebrume import stats
from game.rulesets.mortebrume.stats import CM, CONTACT

RANKS = {"seigneur": 1.3, "chevalier": 1.15, "lanceur": 1.1}


def clip(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def angle_to(a, b) -> float:
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def _to_segment(p, a, b) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    n = ax * ax + ay * ay
    t = 0.0 if n <= 0 else max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / n))
    return math.dist(p, (a[0] + ax * t, a[1] + ay * t))


HOLDER = 3.0      # horde points of the stone's point denied by felling its only holder
LAST_POINT = 3.0  # the stone's point in the last turn, against one earlier
STUN_LOST = 0.4   # share of a fighter still to act that a stun takes (its activation)


class World:
    def __init__(self, view: GameState, table, side: int, profile: dict):
        self.state, self.table, self.side, self.p = view, table, side, profile
        figs = view.figures.values()
        self.allies = [f for f in figs if f.side == side and not f.out]
        self.enemies = [f for f in figs if f.side != side and not f.out]
        self.fallen = [f for f in figs if f.side != side and f.out and not f.status.get("dead")]
        self.mist = stats.mist_radius(view)
        self.vic = view.extras.get("victory", {})
        self.hold = self.vic.get("type") == "hold"
        self.stone = (self.vic["at"][0] * CM, self.vic["at"][1] * CM) if self.hold else None
        self.stone_r = float(self.vic.get("radius", 8)) * CM if self.hold else 0.0
        self.careful = bool(profile.get("threat", True))
        self.max_value = max([self.value(f) for f in figs] + [1.0])
        self._threat: dict = {}
        self._polys: dict = {}
        self._blocks: dict = {}
        self._routes: dict = {}
        self.unseen: list[Figure] = []   # enemies remembered from earlier views (planner)

    # --- the turn limit
    def endgame(self) -> float:
        """How much the turn limit's tiebreak (the most physique left standing) weighs now,
        0 to 1: nothing before the last four turns, all of it in the last; nothing when the
        stone's points already part the sides (issue 17: Dernier debout's lost games were
        decided at the limit by a few points of physique the AI never counted)."""
        st = self.state
        left = st.max_turns - st.turn
        if left > 3 or st.extras.get("turn_limit"):
            return 0.0
        scores = st.extras.get("scores") or {}
        if len({float(v) for v in scores.values()}) > 1:
            return 0.0
        return (1.0, 0.7, 0.4, 0.15)[max(0, left)]

    def physique_margin(self) -> float:
        """Our physique left standing minus the enemy's: those seen and those remembered
        from the side's own earlier views (``unseen``), never read from the true game."""
        ours = sum(f.vitality for f in self.allies)
        theirs = sum(f.vitality for f in self.enemies) + sum(f.vitality for f in self.unseen)
        return float(ours - theirs)

    # --- values
    def value(self, f: Figure) -> float:
        p = stats.profile(f)
        return float(p.cost) * RANKS.get(p.rank, 1.0)

    def tempo(self, f: Figure) -> float:
        """What the fighter's own activation this turn is worth (lost by a riposte...)."""
        if f.status.get("activated") or f.out:
            return 0.0
        return 0.15 * self.value(f)

    # --- hypothetical placement
    @staticmethod
    def placed(f: Figure, pos, facing: float | None = None) -> Figure:
        return dataclasses.replace(f, x=float(pos[0]), y=float(pos[1]),
                                   facing=f.facing if facing is None else float(facing))

    def gap(self, a: Figure, b: Figure) -> float:
        """Edge-to-edge distance of two square bases (exact)."""
        return float(self._poly(a).distance(self._poly(b)))

    def _poly(self, f: Figure):
        key = (f.id, f.x, f.y, f.facing)
        hit = self._polys.get(key)
        if hit is None:
            hit = self._polys[key] = Base(id=f.id, x=f.x, y=f.y, size=f.size, shape=f.shape,
                                          facing=f.facing).polygon()
        return hit

    @staticmethod
    def rough_gap(a: Figure, pos, b: Figure) -> float:
        """A quick under-estimate of the gap (bases taken as their circumscribed circles)."""
        return max(0.0, math.dist(pos, b.pos) - (a.size + b.size) / 2 * 1.2)

    def blocked(self, pos, size: float) -> bool:
        """A base of side ``size`` centred at ``pos`` would overlap movement-blocking
        terrain (its circumscribed circle, a cautious test)."""
        geom = self._blocks.get(size)
        if geom is None:
            import shapely
            from shapely.geometry import Polygon

            pieces = [Polygon(t.points) for t in self.state.terrain if "blocks_movement" in t.tags]
            geom = shapely.union_all(pieces).buffer(size * 0.71, quad_segs=4) if pieces \
                else shapely.Polygon()
            shapely.prepare(geom)
            self._blocks[size] = geom
        import shapely

        return bool(shapely.contains_xy(geom, pos[0], pos[1])) if not geom.is_empty else False

    def seen_by(self, e: Figure, pos, f: Figure) -> bool:
        return self.rough_gap(f, pos, e) <= self.mist

    # --- attacks
    def strike(self, att: Figure, tgt: Figure, wid: str, dist: float, inspired: int = 0):
        """(reaction the target should choose, its odds) for a strike at ``dist``."""
        opts = {r: odds.strike(att, tgt, wid, dist, r, inspired)
                for r in odds.melee_reactions(att, tgt)}
        return odds.best_reaction(opts, tgt, self.value(tgt), att, self.value(att),
                                  self.tempo(tgt) if tgt.side != self.side else 0.0)

    def shot(self, att: Figure, tgt: Figure, wid: str, dist: float, inspired: int = 0):
        opts = {r: odds.shot(att, tgt, wid, dist, r, self.mist, inspired)
                for r in odds.shot_reactions(att, tgt)}
        return odds.best_reaction(opts, tgt, self.value(tgt), att, self.value(att),
                                  self.tempo(tgt) if tgt.side != self.side else 0.0)

    # --- threat: the share of a fighter's worth the enemies may take next
    def threats(self, fig: Figure, points, facings) -> list[float]:
        if not self.careful or not self.enemies or not points:
            return [0.0] * len(points)
        # shooters and casters: both need a clear line to the point (a caster without a
        # bow was never given one, so its spell never counted as a threat: issue 17)
        shooters = [e for e in self.enemies if stats.ranged_weapons(e) or stats.profile(e).spell]
        los = None
        if shooters:
            starts = [e.pos for e in shooters for _ in points]
            ends = [p for _ in shooters for p in points]
            clear = self.table.rays_clear(np.array(starts, dtype=float),
                                          np.array(ends, dtype=float),
                                          exclude_ids=[fig.id] + [e.id for e in self.enemies])
            los = np.asarray(clear).reshape(len(shooters), len(points))
        out = []
        for j, (p, face) in enumerate(zip(points, facings)):
            key = (fig.id, round(p[0]), round(p[1]), round(face or 0.0))
            hit = self._threat.get(key)
            if hit is None:
                sight = {e.id: bool(los[i, j]) for i, e in enumerate(shooters)} if los is not None else {}
                hit = self._threat[key] = self._threat_at(fig, p, face, sight)
            out.append(hit)
        return out

    def threat(self, fig: Figure, pos=None, facing=None) -> float:
        pos = fig.pos if pos is None else pos
        return self.threats(fig, [pos], [fig.facing if facing is None else facing])[0]

    def _threat_at(self, fig: Figure, pos, facing, sight: dict) -> float:
        me = self.placed(fig, pos, facing)
        parts = []
        last = self.state.turn >= self.state.max_turns   # the game ends with this turn
        for e in self.enemies:
            if e.status.get("stunned") or (last and e.status.get("activated")):
                continue   # no blow left in it before the game ends
            w = 0.6 if e.status.get("activated") else 1.0
            g = self.rough_gap(me, pos, e)
            r = 0.0
            reach = stats.walk(e) + CONTACT
            if g <= reach:
                r = self._melee_threat(e, me, g, reach)
            if sight.get(e.id, False):
                r = max(r, self._shot_threat(e, me, g))
                r = max(r, self._spell_threat(e, me, g))
            if r > 0:
                parts.append(r * w)
        if not parts:
            return 0.0
        parts.sort(reverse=True)
        return min(1.0, parts[0] + 0.35 * sum(parts[1:]))

    def _share(self, o, fig: Figure) -> float:
        return min(1.0, o.p_out + 0.5 * o.expected_wounds / max(1, fig.vitality))

    def _melee_threat(self, e: Figure, me: Figure, g: float, reach: float) -> float:
        wid, _ = stats.melee_weapons(e)[0]
        lo, hi = stats.reach_band(wid)
        d = (lo + hi) / 2
        ang = angle_to(me.pos, e.pos)
        front = self.placed(e, (me.x + math.cos(math.radians(ang)) * (me.size + d + 1),
                                me.y + math.sin(math.radians(ang)) * (me.size + d + 1)))
        _, o = self.strike(front, me, wid, d)
        r = self._share(o, me)
        if not stats.from_behind(e, me) and reach - g > 2.5 * me.size:
            back = self.placed(e, (2 * me.x - front.x, 2 * me.y - front.y))
            _, ob = self.strike(back, me, wid, d)
            r = 0.5 * r + 0.5 * self._share(ob, me)
        return r

    def _shot_threat(self, e: Figure, me: Figure, g: float) -> float:
        best = 0.0
        for wid, _ in stats.ranged_weapons(e):
            w = stats.weapon(wid)
            move = 0.0 if w.no_move else stats.walk(e)
            far = min(10 * w.allonge * CM, self.mist)
            if g > far + move:
                continue
            d = max(w.allonge * CM, min(g, 6 * w.allonge * CM), g - move)
            _, o = self.shot(e, me, wid, d)
            best = max(best, self._share(o, me))
        return best

    def _spell_threat(self, e: Figure, me: Figure, g: float) -> float:
        """A hostile caster in sight: its spell's chance to land times its harm."""
        spell = stats.profile(e).spell
        if spell is None or e.status.get("spell_lost") or g > self.mist:
            return 0.0
        sp = stats.spell(spell.id)
        if sp.friendly or sp.effect not in ("wound", "drain", "stun"):
            return 0.0
        rp = odds.raise_needed(e, me, spell.id)
        if rp is None:
            return 0.0
        p_ok, _ = odds.spell(e, me, spell.id, rp, 0, g, True)
        if sp.effect == "wound":
            harm = 1.0 if me.vitality <= sp.amount else 0.5 * sp.amount / max(1, me.vitality)
        elif sp.effect == "drain":
            harm = 1.0 if stats.will(me) <= sp.amount else 0.05
        elif me.status.get("activated"):
            harm = 0.15
        else:
            harm = STUN_LOST   # stunned before it acts: its activation this turn is lost
        return p_ok * harm

    def company(self, fig: Figure, pos) -> float:
        """1 with two companions within 15 cm of ``pos``, 0.5 with one, 0 alone."""
        n = sum(1 for a in self.allies if a.id != fig.id and math.dist(a.pos, pos) <= 15 * CM)
        return min(1.0, n / 2)

    def seen_share(self, fig: Figure, points) -> list[float]:
        """For each point: the share of the enemies close enough to see a fighter there."""
        if not self.enemies:
            return [0.0] * len(points)
        n = len(self.enemies)
        return [sum(1 for e in self.enemies if self.rough_gap(fig, p, e) <= self.mist) / n
                for p in points]

    # --- goals
    def goal_points(self, fig: Figure) -> list[tuple[float, float]]:
        """Where the fighter wants to be: the mist stone, else the nearest enemies, else
        the far side of the table (where the enemy deployed)."""
        pts = []
        if self.hold:
            pts.append(self.stone)
        foes = sorted(self.enemies, key=lambda e: math.dist(e.pos, fig.pos))
        pts.extend(e.pos for e in foes[:3])
        if not pts:
            pts.append(self.enemy_home(fig))
        return pts

    def enemy_home(self, fig: Figure) -> tuple[float, float]:
        """Where the unseen enemy most likely is: our fighters' centre mirrored through the
        table's centre (the hordes deploy on opposite edges)."""
        st = self.state
        own = self.allies or [fig]
        cx = sum(f.x for f in own) / len(own)
        cy = sum(f.y for f in own) / len(own)
        return (st.width - cx, st.height - cy)

    def goal_distance(self, fig: Figure, pos) -> float:
        keep = self.keep_off(fig)
        if keep > 0 and self.enemies:
            near = min(math.dist(pos, e.pos) - (fig.size + e.size) / 2 for e in self.enemies)
            return abs(near - keep)
        if self.hold:
            return max(0.0, self.way(fig, pos, self.stone) - self.stone_r * 0.6)
        pts = self.goal_points(fig)
        if not pts:
            return 0.0
        return min([self.way(fig, pos, pts[0])] + [math.dist(pos, p) for p in pts[1:]])

    def route(self, fig: Figure, goal) -> list[tuple[tuple[float, float], float]]:
        """The corners of the way from ``fig`` to ``goal`` around the terrain (figures
        ignored), each with the length left from it to the goal; [] when the straight line
        is clear (or no way is found). Searched once per fighter and goal in a decision."""
        key = (fig.id, round(fig.x), round(fig.y), round(goal[0]), round(goal[1]))
        hit = self._routes.get(key)
        if hit is not None:
            return hit
        out: list = []
        if self.table is not None:
            me = base_of(fig)
            d = math.dist(fig.pos, goal)
            r0 = 3 * CM if self.hold and tuple(goal) == self.stone else 0.0
            near = (goal[0] + (fig.x - goal[0]) * r0 / d, goal[1] + (fig.y - goal[1]) * r0 / d) \
                if d > r0 else tuple(goal)
            if d > r0 and not self.table.check_path(me, [near], None, others=[]).ok:
                found, end = None, tuple(goal)
                for r in (r0, 5 * CM, 7 * CM):   # the stone is a rock: beside it
                    if r >= d:
                        break
                    end = (goal[0] + (fig.x - goal[0]) * r / d, goal[1] + (fig.y - goal[1]) * r / d)
                    found = self.table.shortest_path(me, end, others=[])
                    if found is not None:
                        break
                if found is not None and len(found[0]) > 2:
                    pts = [tuple(map(float, q)) for q in found[0]]
                    left = math.dist(end, goal)
                    for a, b in zip(reversed(pts[1:]), reversed(pts[:-1])):
                        left += math.dist(a, b)
                        out.append((b, left))
                    out = [(q, d) for q, d in reversed(out)][1:]   # the start is not a corner
        self._routes[key] = out
        return out

    def along(self, fig: Figure, goal, length: float):
        """The point ``length`` along the way round the terrain to ``goal`` (None when
        the straight line is clear)."""
        corners = self.route(fig, goal)
        if not corners:
            return None
        pts = [fig.pos] + [q for q, _ in corners] + [tuple(goal)]
        left = length
        for a, b in zip(pts, pts[1:]):
            d = math.dist(a, b)
            if d >= left:
                r = left / d if d > 0 else 0.0
                return (a[0] + (b[0] - a[0]) * r, a[1] + (b[1] - a[1]) * r)
            left -= d
        return pts[-1]

    def way(self, fig: Figure, pos, goal) -> float:
        """How far ``pos`` is from ``goal`` for ``fig``: straight, or round the terrain's
        corners when a wall or a rock stands between the fighter and the goal (issue 17: a
        troll behind a low wall found no step that brought it nearer in a straight line,
        and stood there four turns)."""
        straight = math.dist(pos, goal)
        corners = self.route(fig, goal)
        if not corners:
            return straight
        # to the far end of the way's nearest leg, then along the way (a straight line to
        # a later corner would cut through the wall)
        legs = [(fig.pos, corners[0][0], corners[0][1])]
        legs += [(a, b, d) for (a, _), (b, d) in zip(corners, corners[1:])]
        legs.append((corners[-1][0], tuple(goal), 0.0))
        _, end, left = min(legs, key=lambda g: _to_segment(pos, g[0], g[1]))
        around = math.dist(pos, end) + left
        if around <= straight + 1.0:
            return around
        key = ("clear", fig.id, round(pos[0]), round(pos[1]), round(goal[0]), round(goal[1]))
        clear = self._routes.get(key)
        if clear is None:
            clear = self._routes[key] = self.table.check_path(
                base_of(self.placed(fig, pos)), [goal], None, others=[]).ok
        return straight if clear else around

    def keep_off(self, fig: Figure) -> float:
        """The distance a shooter or caster would rather keep from the nearest enemy (0 for
        fighters who want contact): beyond a walk and a strike when its weapon or spell
        carries that far, inside its range and the mist."""
        best = 0.0
        for wid, _ in stats.ranged_weapons(fig):
            w = stats.weapon(wid)
            if w.use == "shot":
                a = w.allonge * CM
                best = max(best, min(max(6 * a, 14 * CM), 9.5 * a, self.mist * 0.8))
        spell = stats.profile(fig).spell
        if spell is not None and not fig.status.get("spell_lost"):
            # beyond the strike of the quickest enemy seen (a walk and the contact), which
            # 12 cm was not (issue 17: casters stepped into a charge after casting)
            charge = max((stats.walk(e) + CONTACT for e in self.enemies), default=0.0) + CM
            best = max(best, min(max(12 * CM, charge), self.mist * 0.85))
        return best

    def stone_stake(self, fig: Figure) -> float:
        """How much it matters that ``fig`` ends its activation at the mist stone (0 to 1):
        the point is scored at the turn's end by a side alone near it, so with no other
        companion there it matters most when an enemy stands near (we deny its point),
        and less for a fighter that cannot get there this turn (issue 17: a horde lost
        the stone 0-2 with its fighters 9 to 16 cm away, each of them striking or keeping
        safe instead)."""
        if not self.hold or fig.out:
            return 0.0
        others = any(a.id != fig.id and self.at_stone(a, a.pos) for a in self.allies)
        contest = any(math.dist(e.pos, self.stone) - e.size / 2 <= self.stone_r + 3 * CM
                      for e in self.enemies)
        if others and not contest:
            return 0.15
        # a companion holds it: a second one still matters while the enemy is there too
        # (it must be driven off for the point: issue 17)
        stake = 0.5 if others else 1.0 if contest else 0.6
        reach = 2 * stats.walk(fig) + fig.size / 2
        if math.dist(fig.pos, self.stone) - self.stone_r > reach:
            stake *= 0.3
        return stake

    def stone_input(self, fig: Figure, pos, stake: float | None = None,
                    blow: bool = False) -> float:
        """The ``stone`` consideration at ``pos``: 1 at the stone, less away from it the
        more the stake (``stone_stake``); for a move 0.3 off the stone at no stake, for a
        blow (``blow``) 1 at no stake."""
        if self.at_stone(fig, pos):
            return 1.0
        stake = self.stone_stake(fig) if stake is None else stake
        if blow:
            return 1.0 - 0.85 * stake
        return 0.3 * (1.0 - stake) + 0.08 * stake

    def near_stone(self, f: Figure) -> bool:
        """``f`` stands close enough to the stone to score it (or to deny it)."""
        return self.hold and math.dist(f.pos, self.stone) - f.size / 2 <= self.stone_r

    def holder_worth(self, t: Figure) -> float:
        """What putting enemy ``t`` out is worth at the stone, in horde points: the point
        it would score them at the turn's end, and the point ours near it would score
        instead, shared among the enemies near it; three times that in the last turn
        (issue 17: on Pierre de brume normal never took back a stone the enemy held)."""
        if not self.hold or not self.near_stone(t):
            return 0.0
        holders = sum(1 for e in self.enemies if self.near_stone(e))
        ours = any(self.near_stone(a) for a in self.allies)
        worth = HOLDER * (2.0 if ours else 1.0) / max(1, holders)
        if self.state.turn >= self.state.max_turns:
            worth *= LAST_POINT   # the last turn's point decides the game between level scores
        return worth

    def at_stone(self, fig: Figure, pos) -> float:
        if not self.hold:
            return 0.0
        return 1.0 if math.dist(pos, self.stone) - fig.size / 2 <= self.stone_r - 5.0 else 0.0
