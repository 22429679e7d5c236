"""One decision's picture of the table, built from the deciding side's view only: allies,
enemies, goals, and cached estimates (exact odds of attacks, threat at a point). Nothing
here reads the real game state or its dice stream."""
from __future__ import annotations

import math

import numpy as np

from game.core import odds as core
from game.core.activation import first_side_of_turn
from game.core.state import Figure, GameState
from game.rulesets.evenor import movement, odds, shooting, stats
from game.rulesets.evenor.stats import PAS

KNOCK_DOWN = 0.25   # worth of knocking a figure down, relative to taking it out


def edge_distance(a: Figure, pos, b: Figure) -> float:
    """Edge-to-edge distance between ``a`` standing at ``pos`` and ``b`` (round bases)."""
    return max(0.0, math.dist(pos, b.pos) - a.radius - b.radius)


class World:
    """``deep`` (difficile): an enemy's reach is a move then a charge (two rungs of its
    ladder), and an enemy that has already acted this turn threatens only if it acts
    before us next turn."""

    def __init__(self, view: GameState, table, side: int, deep: bool = False):
        self.state, self.table, self.side = view, table, side
        self.deep = deep
        self.allies = view.figures_of(side)
        self.enemies = [f for f in view.figures.values() if f.side != side and not f.out]
        self.vic = view.extras.get("victory", {})
        self.kind = self.vic.get("type", "extermination")
        self.max_value = max([stats.value_do(f) for f in view.figures.values()] + [1])
        self._fight: dict = {}
        self._shot: dict = {}
        self._threat: dict = {}
        self._menace: dict = {}
        self._reach: dict = {}
        self.partners: dict = {}   # coordinated chargers' paths (charges.partner_paths)
        self.charge_choices: dict = {}   # figure id -> its charge template (planner._group_charges)
        # the hunt: more Orichalque home than the enemy (issue 17: normal brought one token
        # home, then lost every figure, and greedy, which carries none, drew at the limit)
        sides = view.sides
        self.ahead = self.kind == "orichalque" and side in sides and all(
            sides[side].score > sd.score for s, sd in sides.items() if s != side)
        self.runner_side = None
        if self.kind == "escape":
            role = self.vic.get("role")
            self.runner_side = next((s for s, sd in view.sides.items() if sd.role == role), None)
            # in the ambush nobody gains by waiting: the runners must run, the ambushers catch them
            self.deep = False

    # --- values
    def value(self, f: Figure) -> float:
        """What a figure is worth to the AI in DO: its cost, more for a Meneur or a carrier."""
        v = float(stats.value_do(f))
        if stats.is_leader(f):
            v *= 1.25
        if any(t.carrier == f.id for t in self.state.tokens):
            v *= 1.5
        if self.runner_side is not None and f.side == self.runner_side:
            v *= 1.3
        return v

    def damage_value(self, o, target: Figure) -> float:
        """Expected DO taken from ``target`` by an attack with odds ``o`` (a figure knocked
        down, by a blow or a shot, fights at C+2, is easier to shoot and loses its step)."""
        wounds = max(0.0, o.expected_loss - o.p_out * target.vitality)
        return self.value(target) * (o.p_out + 0.5 * wounds / max(1, target.max_vitality)
                                     + KNOCK_DOWN * o.p_down)

    def carries(self, f: Figure) -> bool:
        """Does ``f`` carry an Orichalque token (in the hunt)?"""
        return self.kind == "orichalque" and any(t.carrier == f.id for t in self.state.tokens)

    def runs(self, f: Figure) -> bool:
        """Is ``f`` one of the runners of an ambush (who win by leaving the table)?"""
        return self.runner_side is not None and f.side == self.runner_side

    def escapes(self, f: Figure, pos) -> bool:
        """Would runner ``f`` standing at ``pos`` leave the table (touching an exit edge)?"""
        if not self.runs(f):
            return False
        return movement.touches_exit(self.state, f, pos, self.vic.get("exit_edges"))

    # --- exact odds, cached per decision
    def fight(self, attacker: Figure, defender: Figure, charged: bool):
        key = (attacker.id, defender.id, charged)
        if key not in self._fight:
            self._fight[key] = odds.fight(self.state, self.table, [attacker], defender,
                                          charged=charged)
        return self._fight[key]

    def shot(self, shooter: Figure, target: Figure, weapon: int, moving: bool = False,
             aimed: bool = False):
        key = (shooter.id, target.id, weapon, moving, aimed)
        if key not in self._shot:
            self._shot[key] = odds.shot(self.state, self.table, shooter, target, weapon,
                                        moving=moving, aimed=aimed)
        return self._shot[key]

    def best_shot(self, shooter: Figure, target: Figure, moving=False, aimed=False, idxs=None):
        """(odds, weapon index) of the best weapon in range, or (None, None)."""
        if shooting.targetable(self.state, self.table, shooter, target) is not None:
            return None, None
        best = (None, None)
        for i in idxs if idxs is not None else shooting.weapons_in_range(
                self.state, self.table, shooter, target):
            if i not in shooting.weapons_in_range(self.state, self.table, shooter, target):
                continue
            o = self.shot(shooter, target, i, moving, aimed)
            if best[0] is None or o.p_out + o.expected_loss > best[0].p_out + best[0].expected_loss:
                best = (o, i)
        return best

    def shot_back(self, shooter: Figure, target: Figure) -> float:
        """Chance that the target of a shot from where ``shooter`` stands passes its
        Reaction, shoots back (its first weapon in range, as the rules pick it) and puts
        the shooter out of action (issue 17: an Amazon archer traded long shots with a
        better marksman, lost the exchange and the game to the random agent)."""
        if shooting.targetable(self.state, self.table, target, shooter) is not None:
            return 0.0
        idxs = shooting.weapons_in_range(self.state, self.table, target, shooter)
        if not idxs:
            return 0.0
        o = self.shot(target, shooter, idxs[0])
        react = min(1.0, max(0.0, (7 - stats.reaction(self.state, target)) / 6))
        return react * o.p_out

    # --- threat: the chance to be put out of action by the enemy's next activations
    def threat(self, fig: Figure, pos, cover: bool = False, engaged=None) -> float:
        """``engaged``: (enemy id, chance it survives) when ``fig`` ends in contact with
        that enemy (after a charge): it then threatens as an engaged foe, if alive."""
        key = (fig.id, round(pos[0]), round(pos[1]), cover, engaged)
        hit = self._threat.get(key)
        if hit is None:
            hit = self._threat[key] = self.threats(fig, [pos], cover, engaged)[0]
        return hit

    def threats(self, fig: Figure, points, cover: bool = False, engaged=None) -> list[float]:
        """Threat at several points, with one batched line-of-sight query for shooters
        (three rays per shooter and point: the centre and both sides of the base)."""
        shooters = [e for e in self.enemies if _can_shoot(e)]
        los = None
        if shooters and points:
            starts, ends = [], []
            for e in shooters:
                for p in points:
                    dx, dy = p[0] - e.x, p[1] - e.y
                    n = math.hypot(dx, dy) or 1.0
                    ox, oy = -dy / n * fig.radius * 0.8, dx / n * fig.radius * 0.8
                    for k in (-1, 0, 1):
                        starts.append(e.pos)
                        ends.append((p[0] + k * ox, p[1] + k * oy))
            clear = self.table.rays_clear(np.array(starts, dtype=float), np.array(ends, dtype=float),
                                          exclude_ids=[fig.id] + [e.id for e in shooters])
            los = np.asarray(clear).reshape(len(shooters), len(points), 3).any(axis=2)
        out = []
        for j, p in enumerate(points):
            sight = {e.id: bool(los[i, j]) for i, e in enumerate(shooters)} if los is not None else {}
            out.append(self._threat_at(fig, p, cover, sight, engaged))
        return out

    def _later(self) -> float:
        """Weight of a threat from an enemy that has already acted this turn: it strikes
        next turn, first only if its side starts that turn (or we have nothing left)."""
        st = self.state
        first = st.extras.get("first_side", 1)
        nxt = first_side_of_turn(first, st.turn + 1, st.side_ids())
        return 0.8 if nxt != self.side else 0.45

    def _melee_reach(self, e: Figure, d: float) -> tuple[float, bool]:
        """(chance ``e`` gets into contact, whether by a charge) at ``d`` mm edge to edge."""
        if d <= 1.0:
            return 1.0, False
        r = self._reach.get(e.id)
        if r is None:
            slow = stats.slow_move(e) + 0.5 * PAS
            r = self._reach[e.id] = (slow, core.ladder(stats.ladder(self.state, e, 1)),
                                     slow + stats.fast_move(e),
                                     core.ladder(stats.ladder(self.state, e, 2)))
        if d <= r[0]:
            return r[1], True
        if self.deep and d <= r[2]:
            return r[3], True
        return 0.0, False

    def _threat_at(self, fig: Figure, pos, cover: bool, sight: dict, engaged=None) -> float:
        ps = []
        later = self._later() if self.deep else 1.0
        for e in self.enemies:
            if e.status.get("prone") and e.status.get("activated"):
                continue
            d = edge_distance(fig, pos, e)
            alive = 1.0
            if engaged is not None and e.id == engaged[0]:
                d, alive = 0.0, engaged[1]
            p = 0.0
            reach, charged = self._melee_reach(e, d)
            if reach > 0:
                p = reach * self.fight(e, fig, charged).p_out
            if _can_shoot(e):
                p = max(p, self._shot_threat(e, fig, pos, d, cover, sight))
            p *= alive
            if self.deep and e.status.get("activated"):
                p *= later
            if p > 0:
                ps.append(p)
        if not ps:
            return 0.0
        ps.sort(reverse=True)
        return min(1.0, ps[0] + 0.35 * sum(ps[1:]))

    def _shot_threat(self, e: Figure, fig: Figure, pos, d: float, cover: bool, sight) -> float:
        best = 0.0
        for _, w in stats.ranged_weapons(e):
            z = w.range[2] * PAS
            moving = d > z
            if d > z + stats.slow_move(e):
                continue
            if not sight.get(e.id, True):
                continue
            band = shooting.band(w, max(0.0, d - (stats.slow_move(e) if moving else 0.0)))
            t = stats.profile(e).T + {"short": -1, "long": 1}.get(band, 0) + (1 if moving else 0)
            t += 2 if cover else 0
            if stats.has(fig, "grande_cible"):
                t -= 1
            if stats.has(fig, "esquive"):
                t += 1
            if stats.has(fig, "insaisissable") or stats.has(fig, "furtif"):
                t += 2
            n = w.power if (w.enchanted or not stats.has(fig, "ethere")) else 0
            hits = core.pool(n, stats.clamp(t), explode=False, reroll=w.enchanted)
            left = core.after_saves(hits, stats.save_threshold(self.state, fig))
            p_out, _, p_down = odds.damage(left, fig.vitality, in_melee=True)   # damage table
            p_out += KNOCK_DOWN * p_down      # down in the open: a part of being taken out
            p = p_out * (core.ladder(stats.ladder(self.state, e, 1)) if moving else 1.0)
            best = max(best, p)
        return best

    def shot_risk(self, e: Figure, fig: Figure, pos, d: float) -> float:
        """Chance that ``e`` puts ``fig`` (at ``pos``, ``d`` mm away) out with one shot."""
        return self._shot_threat(e, fig, pos, d, False, {}) if _can_shoot(e) else 0.0

    def menace(self, e: Figure) -> float:
        """What an enemy threatens next: the most DO it may take from one of our figures."""
        if e.id not in self._menace:
            best = 0.0
            for a in self.allies:
                d = edge_distance(a, a.pos, e)
                p = 0.0
                reach, charged = self._melee_reach(e, d)
                if reach > 0:
                    p = reach * self.fight(e, a, charged).p_out
                if _can_shoot(e):
                    p = max(p, self._shot_threat(e, a, a.pos, d, bool(a.status.get("cover")), {}))
                best = max(best, p * self.value(a))
            self._menace[e.id] = best
        return self._menace[e.id]

    # --- goals
    def goal_points(self, fig: Figure) -> list[tuple[float, float]]:
        """Where this figure wants to go, best first (objective, home, exit, enemies)."""
        st = self.state
        if self.kind == "orichalque":
            if any(t.carrier == fig.id for t in st.tokens):
                return [self.home(fig)]
            free = [(t.x, t.y) for t in st.tokens if t.carrier is None and t.delivered_by is None]
            carriers = [st.figures[t.carrier].pos for t in st.tokens
                        if t.carrier and st.figures.get(t.carrier)
                        and st.figures[t.carrier].side != fig.side]
            pts = sorted(free + carriers, key=lambda p: math.dist(p, fig.pos))
            if pts:
                return pts
        if self.kind == "escape" and fig.side == self.runner_side:
            edges = self.vic.get("exit_edges") or ["left", "right"]
            pts = []
            if "left" in edges:
                pts.append((0.0, fig.y))
            if "right" in edges:
                pts.append((st.width, fig.y))
            return sorted(pts, key=lambda p: math.dist(p, fig.pos))
        foes = self.enemies
        if self.kind == "escape":
            foes = [e for e in foes if e.side == self.runner_side] or foes
        return [e.pos for e in sorted(foes, key=lambda e: math.dist(e.pos, fig.pos))]

    def home(self, fig: Figure) -> tuple[float, float]:
        zones = self.state.extras.get("zones", {}).get(str(fig.side)) or [[0, 0, 1, 1]]
        best = None
        for x, y, w, h in zones:
            c = ((x + w / 2) * PAS, (y + h / 2) * PAS)
            if best is None or math.dist(c, fig.pos) < math.dist(best, fig.pos):
                best = c
        return best

    def goal_distance(self, fig: Figure, pos) -> float:
        pts = self.goal_points(fig)
        if not pts:
            return 0.0
        if self.kind == "escape" and fig.side == self.runner_side:
            return min(pos[0], self.state.width - pos[0])
        return min(math.dist(pos, p) for p in pts[:3])


def _can_shoot(e: Figure) -> bool:
    return stats.profile(e).T is not None and bool(stats.ranged_weapons(e))
