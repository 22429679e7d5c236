"""One Swidenth decision's picture of the table, from the deciding side's view only: allies,
enemies, what each figure is worth, and cached exact odds (``game.rulesets.swidenth.odds``)
of fights and shots, valued on both sides (melee is two-way: the attacker risks the same
damage bands). ``threat`` is what enemies able to come at a point next could take from a
figure there, outnumbering included (the pin)."""
from __future__ import annotations

import math
from dataclasses import replace

from game.ai.clock import foe_stays_home
from game.core.state import Figure, GameState
from game.rulesets.swidenth import actions as A
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import figures as F
from game.rulesets.swidenth import melee, morale, odds, phases, spells, victory
from game.rulesets.swidenth.melee import Fighter, Setup
from game.rulesets.swidenth.odds import Harmed
from game.rulesets.swidenth.shooting import RANGE_BONUS, ShotPlan, range_band

PAS = F.PAS
STUN_WORTH = 0.25       # a stun token (-4 to every roll for a turn and more), as a share of the figure
WOUND_WORTH = 0.6       # a Vitalité lost short of out of action, per Vitalité of the figure
RECOIL_WORTH = 0.03     # being pushed back or pinned by the recoil choice


def clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def harm_value(h: Harmed, fig: Figure, value: float) -> float:
    """Expected points taken from ``fig`` by the harm law ``h``."""
    wounded = max(0.0, h.wounded - h.out)
    stunned = max(0.0, h.stunned - h.wounded)
    return value * (h.out + WOUND_WORTH * wounded / max(1, fig.max_vitality)
                    + STUN_WORTH * stunned + RECOIL_WORTH * h.recoil)


class World:
    def __init__(self, view: GameState, table, side: int, profile: dict):
        self.state, self.table, self.side, self.p = view, table, side, profile
        self.cat = cat_mod.load()
        self.careful = bool(profile.get("threat", True))
        self.allies = [f for f in view.figures.values() if f.side == side and not f.out]
        self.enemies = [f for f in view.figures.values() if f.side != side and not f.out]
        self.risk_weight = float(profile.get("risk_weight", 1.0))
        self._value: dict[str, float] = {}
        self._fight: dict = {}
        self._engaged: dict[str, list[Figure]] = {}
        self._threat: dict = {}
        self.press = self._press()

    # ------------------------------------------------------------------ values
    def cost(self, f: Figure) -> float:
        wb = f.status.get("warband") or self.state.sides[f.side].roster
        try:
            return float(cat_mod.profile_cost(self.cat, self.cat.profile(wb, f.profile)))
        except (KeyError, AttributeError):
            return 15.0

    def value(self, f: Figure) -> float:
        """Points, more for a Chef (its fall sends its side into Déroute: ours weighs
        ``chef_factor``, theirs ``enemy_chef_factor``), for the enemy whose fall would
        put its side at half strength (Déroute too) and for an enemy caster of harmful
        spells (``caster_factor``: what it would cast next is saved too)."""
        v = self._value.get(f.id)
        if v is None:
            v = self.cost(f)
            if F.rank(f) == "chef":
                mine = f.side == self.side
                v *= float(self.p.get("chef_factor" if mine else "enemy_chef_factor", 1.6))
            if f.side != self.side and self._half_next(f.side):
                v *= 1.2
            if f.side != self.side and self._harmful_caster(f):
                v *= float(self.p.get("caster_factor", 1.0))
            self._value[f.id] = v
        return v

    def _harmful_caster(self, f: Figure) -> bool:
        """Knows a spell that harms from afar (a Fire bolt takes Vitalité whatever the
        armour, a Hold stuns): struck first, it casts no more."""
        return any((self.cat.spells.get(sid) or {}).get("effect") in ("damage", "stun")
                   for sid in f.status.get("spells") or ())

    def _half_next(self, side: int) -> bool:
        n = morale.starting(self.state, side)
        return 2 * (morale.out_count(self.state, side) + 1) >= n > 2 * morale.out_count(self.state, side)

    def _press(self) -> float:
        """How hard the clock presses us, 0 to 1: in a game decided on points at the turn
        limit (no ford), a side that does not lead must go and take some, against a foe
        that stays home (``passive``) more than ever: its fear of being charged fades over
        the last ``press_turns`` turns (``press_passive`` against a foe that stays home; all
        of it in the last turn). A side that leads keeps its caution. Standing off at the
        edge of each other's reach is a draw, and against a side that will not come, a
        loss; against a side that comes, it is how the first blow is won."""
        st = self.state
        if not self.careful or st.extras.get("objective") or not st.max_turns:
            return 0.0
        turns = float(self.p.get("press_turns", 0))
        if self.passive():
            turns = max(turns, float(self.p.get("press_passive", 0)))
        if turns <= 0:
            return 0.0
        mine = sum(victory.points_out(st, o, self.cat) for o in st.opponents(self.side))
        theirs = victory.points_out(st, self.side, self.cat)
        if mine > theirs:
            return 0.0
        left = max(0, st.max_turns - st.turn)
        return clip((turns - left) / turns)

    def passive(self) -> bool:
        """The enemy stays home: from the second turn, its figures in play stand on average
        within ``passive_pas`` of their deployment zones (``game.ai.clock``)."""
        return foe_stays_home(self.state, self.enemies, PAS, float(self.p.get("passive_pas", 2.0)))

    # ------------------------------------------------------------------ geometry
    def engaged(self, f: Figure) -> list[Figure]:
        got = self._engaged.get(f.id)
        if got is None:
            got = self._engaged[f.id] = A.engaged(self.state, self.table, f)
        return got

    @staticmethod
    def gap(a: Figure, pos, b: Figure) -> float:
        return math.dist(pos, b.pos) - a.radius - b.radius

    def acted(self, f: Figure) -> bool:
        """Has acted this turn (or acts in the open phase)."""
        act = self.state.activation
        if act is not None and f.id in act["members"]:
            return True
        return phases.activated(self.state, f)

    def mouv(self, f: Figure) -> float:
        return F.base_stat(f, "mouv") * PAS

    # ------------------------------------------------------------------ melee
    def setup(self, att: Figure, dfn: Figure, n_att: int | None = None, n_dfn: int | None = None,
              concentrated: bool = False, charged: bool = False) -> Setup:
        """The combat setup, with the outnumbering counts replaced when given (a planned
        position rather than the table's)."""
        su = melee.setup(self.state, self.table, att, dfn, concentrated=concentrated, charged=charged,
                         catalogue=self.cat)
        if n_att is None and n_dfn is None:
            return su

        def fix(fi: Fighter, n: int | None) -> Fighter:
            if n is None:
                return fi
            mods = tuple(m for m in fi.mods if m[0] != "outnumbering")
            if n > 0:
                mods += (("outnumbering", melee.OUTNUMBER_BONUS * n),)
            return replace(fi, mods=mods)
        return Setup(fix(su.att, n_att), fix(su.dfn, n_dfn))

    def fight(self, att: Figure, dfn: Figure, n_att: int | None = None, n_dfn: int | None = None,
              concentrated: bool = False, charged: bool = False) -> tuple[float, float, odds.MeleeOdds]:
        """(points the attacker takes, points it risks, the odds) of one combat phase."""
        key = (att.id, dfn.id, n_att, n_dfn, concentrated, charged, F.stun_tokens(att), F.stun_tokens(dfn),
               att.vitality, dfn.vitality)
        hit = self._fight.get(key)
        if hit is None:
            o = odds.melee(self.setup(att, dfn, n_att, n_dfn, concentrated, charged))
            gain = harm_value(o.dfn, dfn, self.value(dfn))
            loss = harm_value(o.att, att, self.value(att))
            hit = self._fight[key] = (gain, loss, o)
        return hit

    def outnumbering(self, foe: Figure, joining: set[str], me: Figure) -> int:
        """Friends of ``me`` that will be engaged with ``foe`` only: those already so
        (``me`` left out) and the figures in ``joining`` (planned to engage it)."""
        n = 0
        for other in self.engaged(foe):
            if other.side == me.side and other.id != me.id and other.id not in joining:
                if [e.id for e in self.engaged(other)] == [foe.id]:
                    n += 1
        return n + len(joining - {me.id})

    # ------------------------------------------------------------------ shots
    def shot_value(self, shooter: Figure, target: Figure, plan) -> tuple[float, odds.ShotOdds]:
        o = odds.shot(plan, F.base_stat(target, "defense"), target.vitality)
        return harm_value(o.target, target, self.value(target)), o

    def rough_shot(self, shooter: Figure, pos, target: Figure, aimed: bool = False, at=None) -> float:
        """A shot's worth from ``pos`` (at the target standing ``at``, by default where it
        is) ignoring sight and cover (for planning a move)."""
        w = cat_mod.ranged_weapon(self.cat, F.kit(shooter))
        if w is None or w.id in shooter.status.get("unloaded", ()):
            return 0.0
        there = target.pos if at is None else at
        band = range_band(max(0.0, math.dist(pos, there) - shooter.radius - target.radius), w.range)
        if band is None:
            return 0.0
        att = F.stat(shooter, "tir") + RANGE_BONUS[band] + (2 if aimed else 0)
        dfn = F.stat(target, "combat")
        key = ("shot", att - dfn, w.damage, F.base_stat(target, "defense"), target.vitality, target.id)
        hit = self._fight.get(key)
        if hit is None:
            plan = ShotPlan(None, w.id, band, None, (("tir", att),), (("combat", dfn),), w.damage)
            hit = self._fight[key] = self.shot_value(shooter, target, plan)[0]
        return hit

    # ------------------------------------------------------------------ threat
    def spell_threat(self, e: Figure, fig: Figure, pos, fresh: bool | None = None) -> float:
        """The best hostile spell ``e`` could cast at ``fig`` standing at ``pos``: from where
        it stands (concentrated when it has yet to act) or after a move toward ``pos``
        (sight left out). A Fire bolt takes Vitalité whatever the armour: a caster is a
        threat to a Chef well beyond the reach of its blows. ``fresh``: as if the caster
        had (or had not) yet to act, whatever it did this turn (next turn's bolt)."""
        known = e.status.get("spells") or ()
        if not known:
            return 0.0
        if fresh is None:
            fresh = not self.acted(e)
        key = ("spell", e.id, fig.id, round(pos[0] / 5), round(pos[1] / 5), fresh)
        hit = self._fight.get(key)
        if hit is not None:
            return hit
        gap = max(0.0, self.gap(fig, pos, e))
        best = 0.0
        for sid in known:
            data = self.cat.spells.get(sid) or {}
            eff = data.get("effect")
            if eff not in ("damage", "stun"):
                continue
            reach = max(float(data.get("range", 0)) * PAS, F.ENGAGE)
            if gap <= reach:
                psy = F.stat(e, "psychisme") + (spells.CONCENTRATION_PSY if fresh else 0)
            elif fresh and gap <= reach + self.mouv(e):
                psy = F.stat(e, "psychisme")
            else:
                continue
            so = odds.spell(eff, psy, F.stat(fig, "psychisme"), damage=int(data.get("damage", 0)),
                            defense=F.base_stat(fig, "defense"), vitality=fig.vitality)
            worth = harm_value(so.target, fig, self.value(fig)) if eff == "damage" \
                else so.stun * STUN_WORTH * self.value(fig)
            best = max(best, worth)
        self._fight[key] = best
        return best

    def shot_threat(self, e: Figure, fig: Figure, pos) -> float:
        """The best shot ``e`` could take at ``fig`` standing at ``pos``: aimed from where it
        stands when it has yet to act (it may concentrate first), or after a move toward
        ``pos`` (sight and cover left to the ``cover`` input)."""
        key = ("shot_threat", e.id, fig.id, round(pos[0] / 5), round(pos[1] / 5), fig.vitality)
        hit = self._fight.get(key)
        if hit is None:
            hit = self._fight[key] = self._shot_threat(e, fig, pos)
        return hit

    def _shot_threat(self, e: Figure, fig: Figure, pos) -> float:
        if cat_mod.ranged_weapon(self.cat, F.kit(e)) is None:
            return 0.0
        best = self.rough_shot(e, e.pos, fig, aimed=not self.acted(e), at=pos)
        d = math.dist(e.pos, pos)
        if d > 1.0:
            step = min(self.mouv(e), max(0.0, d - e.radius - fig.radius - F.ENGAGE - 1.0))
            there = (e.x + (pos[0] - e.x) * step / d, e.y + (pos[1] - e.y) * step / d)
            best = max(best, self.rough_shot(e, there, fig, at=pos))
        return best

    def threat(self, fig: Figure, pos, pinned_by: Figure | None = None) -> float:
        """``exposure`` clipped to [0, 1], weighed ``chef_guard`` times for our Chef (its
        fall sends our side into Déroute)."""
        x = self.exposure(fig, pos, pinned_by)
        if fig.side == self.side and F.rank(fig) == "chef":
            x *= float(self.p.get("chef_guard", 1.0))
        return clip(x)

    def exposure(self, fig: Figure, pos, pinned_by: Figure | None = None) -> float:
        """Net expected points enemies could take from ``fig`` standing at ``pos`` before it
        acts again, over its worth: every enemy free to come into contact (or
        already there) fights it with the outnumbering of the others that can, less what
        they risk back (the fight is two-way); enemies in reach of a shot add theirs.
        Enemies that already acted this turn count half (the next initiative decides).
        Faded by the clock's press (``press``). Not clipped: several attackers may take
        more than the figure is worth."""
        if not self.careful:
            return 0.0
        key = (fig.id, round(pos[0] / 5), round(pos[1] / 5), pinned_by.id if pinned_by else None)
        hit = self._threat.get(key)
        if hit is not None:
            return hit
        v = self.value(fig)
        come = []
        shots = 0.0
        # our Chef also counts the foes two moves away (half): once pinned it cannot leave,
        # and the next turn's foes close in on it (its fall sends our side into Déroute)
        our_chef = fig.side == self.side and F.rank(fig) == "chef"
        far = float(self.p.get("chef_reach", 1.0)) if our_chef else 1.0
        # an enemy caster bolts our Chef from afar turn after turn, engaged or not, whether
        # it has acted this turn or not (it casts again before our Chef can get away):
        # counted in full, as from a caster yet to act (``chef_bolt``)
        bolt = our_chef and bool(self.p.get("chef_bolt", False))
        for e in self.enemies:
            g = self.gap(fig, pos, e)
            if bolt and e is not pinned_by and g > F.ENGAGE + 1.0 and self._harmful_caster(e):
                worth = self.spell_threat(e, fig, pos, fresh=True)
                if worth > 0.0:
                    shots += worth
                    continue
            busy = [x for x in self.engaged(e) if x.id != fig.id]
            late = 0.5 if self.acted(e) else 1.0
            if e is pinned_by or g <= F.ENGAGE + 1.0 or (not busy and g <= self.mouv(e) + F.ENGAGE):
                come.append((e, late))
            elif not busy and far > 1.0 and g <= far * self.mouv(e) + F.ENGAGE:
                come.append((e, 0.5))
            elif not busy:
                shots += late * max(self.shot_threat(e, fig, pos), self.spell_threat(e, fig, pos))
        # a caster (or shooter) able to come strikes from afar when that takes more than
        # its blows would: the High priest's Fire bolt, not its dagger
        for e, late in list(come):
            if e is pinned_by or self.gap(fig, pos, e) <= F.ENGAGE + 1.0:
                continue
            far_worth = max(self.shot_threat(e, fig, pos), self.spell_threat(e, fig, pos))
            if far_worth > 0 and far_worth >= self.fight(e, fig, n_att=0, n_dfn=0, charged=True)[0]:
                come.remove((e, late))
                shots += late * far_worth
        k = len(come)
        loss = counter = 0.0
        # a foe in contact (or the one charged) also meets our friends engaged with it
        # alone: they outnumber it when it fights ``fig`` (``pin_friends``)
        friends = bool(self.p.get("pin_friends", False)) and fig.side == self.side
        for e, late in come:
            far = self.gap(fig, pos, e) > F.ENGAGE + 1
            n_dfn = self.outnumbering(e, set(), fig) if friends and (e is pinned_by or not far) else 0
            gain_e, loss_e, _ = self.fight(e, fig, n_att=k - 1, n_dfn=n_dfn, charged=far)
            loss += late * gain_e
            counter += late * loss_e
        net = loss + shots - float(self.p.get("counter_weight", 0.6)) * counter
        hit = self._threat[key] = max(0.0, net / max(v, 1.0)) * (1.0 - self.press)
        return hit
