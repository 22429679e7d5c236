"""The fighting actions on the table: a fight (or a group attack, or a free attack on a
figure down or stunned), a shot (range bands, cover, shots into a melee, Cadence, areas and
deviation) and a psi power, each resolved by the rules core with the table's distances,
then its pushes and changed states applied. Dice go through ``ctx.roll``; what happened is
told as events (``CombatResolved``, ``Note``); wounds and falls are reported by the flow."""
from __future__ import annotations

from game.core.context import RuleContext
from game.core.events import CombatResolved, Note
from game.core.state import Figure, GameState
from game.geometry.table import Table
from game.rulesets._shared.areas import within
from game.rulesets._shared.cover import CoverScale, cover
from game.rulesets._shared.facing import in_front
from game.rulesets._shared.keep import TEST_THRESHOLD, roll_level

from . import actions as A
from . import figures as F
from . import melee, psi, shooting, stealth, terrain, zone
from .damage import damage_roll
from .effects import attribute_level, flags
from .fighter import Fighter
from .melee import Fight
from .saves import Attack

COVER = CoverScale(((1 / 3, "light"), (2 / 3, "heavy")), none="none")   # B-R33
HIDDEN_BY_FIGURE = 2 / 3      # hidden more than this by figures: shoot the nearer one (B-R49)


def pas(table: Table, a: Figure, b: Figure) -> float:
    """Edge-to-edge distance in pas."""
    return 0.0 if a.id == b.id else table.distance(a.id, b.id) / F.PAS


# ------------------------------------------------------------------ melee
def fight(ctx: RuleContext, state: GameState, table: Table, fig: Figure, foe: Figure) -> None:
    att = F.fighter(fig)
    foes = A.engaged(state, table, fig)
    start = len(ctx.events)
    stealth.exposed(fig)
    if foe.id not in {e.id for e in foes}:           # Soutien: a friend's enemy (B-R58)
        dfn = F.fighter(foe)
        res = melee.fight(ctx, att, dfn, attacker_engaged=max(1, len(foes)),
                          defender_engaged=len(A.engaged(state, table, foe)), supported=True)
        _told(ctx, table, att, dfn, res, start)
        return
    if "group_attack" in flags(att) and len(foes) > 1:
        fighters = [F.fighter(e) for e in foes]
        results = melee.group_fight(ctx, att, fighters)
        for e, res in zip(fighters, results):
            start = _told(ctx, table, att, e, res, start)
        return
    dfn = F.fighter(foe)
    res = melee.fight(ctx, att, dfn, attacker_engaged=len(foes),
                      defender_engaged=len(A.engaged(state, table, foe)))
    _told(ctx, table, att, dfn, res, start)


def _after_roll(ctx: RuleContext, start: int, rule: str, nth: int = 1) -> int:
    """Where an outcome is told: right after the ``nth`` roll of ``rule`` from event
    ``start`` (before the tests and damage that follow it)."""
    seen = 0
    for i in range(start, len(ctx.events)):
        if getattr(ctx.events[i], "rule", None) == rule:
            seen += 1
            if seen == nth:
                return i + 1
    return len(ctx.events)


def _told(ctx: RuleContext, table: Table, att: Fighter, dfn: Fighter, res: Fight,
          start: int | None = None) -> int:
    """Tell a fight (its outcome right after its Combat rolls) and apply its push; returns
    where the events of the next phase of a group attack start."""
    at = len(ctx.events) if start is None else _after_roll(ctx, start, "combat", 2)
    if res.attacker is None:
        ctx.events.insert(at, Note(key="bm.log.free_attack", args={"who": att.id, "target": dfn.id}))
    else:
        side = None if res.winner is None else ("attack" if res.winner == att.id else "defence")
        ctx.events.insert(at, CombatResolved(attackers=(att.id,), defender=dfn.id,
                                             hits_attack=res.attacker.value,
                                             hits_defence=res.defender.value, winner=side))
    if res.winner is None:
        A.tie_push(table, att.fig, dfn.fig, res.push_apart)
        ctx.emit(Note(key="bm.log.tie", args={"who": att.id, "target": dfn.id}))
        return at + 1
    winner, loser = (att, dfn) if res.winner == att.id else (dfn, att)
    if res.budget_spent:
        ctx.emit(Note(key="bm.log.no_damage_roll", args={"who": winner.id}))
    _aftermath(ctx, table, winner, loser, res.aftermath)
    return at + 1


def _aftermath(ctx: RuleContext, table: Table, winner: Fighter, loser: Fighter, aft) -> None:
    F.sync(loser)
    if aft is None or loser.fig.out:
        return
    if aft.push > 0:
        A.push_away(table, loser.fig, winner.fig.pos, aft.push)
        ctx.emit(Note(key="bm.log.pushed", args={"figure": loser.id, "by": winner.id}))


def backstab(ctx: RuleContext, state: GameState, table: Table, fig: Figure, before: set[str]) -> None:
    """Coup dans le dos (B-R58): a move that ends in contact with an enemy's rear arc, where
    it was not in contact, gives a free attack on that enemy at once."""
    if fig.out or "backstab" not in flags(F.fighter(fig)):
        return
    for e in A.engaged(state, table, fig):
        if e.id in before or e.out or in_front(e, fig.pos):
            continue
        ctx.emit(Note(key="bm.log.backstab", args={"who": fig.id, "target": e.id}))
        _told(ctx, table, F.fighter(fig), F.fighter(e), melee.free_attack(ctx, F.fighter(fig), F.fighter(e)))


def disengage(ctx: RuleContext, state: GameState, table: Table, fig: Figure) -> None:
    """Leaving a melee: the free attacks of every enemy in contact (none with Désengagement
    habile)."""
    foes = [F.fighter(e) for e in A.engaged(state, table, fig)]
    if not foes:
        return
    ctx.emit(Note(key="bm.log.disengages", args={"who": fig.id}))
    leaver = F.fighter(fig)
    for e, res in zip(foes, melee.disengage(ctx, leaver, foes)):
        _told(ctx, table, e, leaver, res)


# ------------------------------------------------------------------ shooting
def weapon_refusal(state: GameState, table: Table, fig: Figure, foe: Figure, wid: str,
                   precise: bool = False) -> str | None:
    """Why this weapon cannot shoot at that figure now (None: it can): it must be an enemy
    in front, within twice the weapon's range, in sight, and not hidden more than two
    thirds by other figures (when they are what hides it; a precise shot may)."""
    f = F.fighter(fig)
    if wid not in f.equipment or f.cat[wid].section != "ranged":
        return "no_weapon"
    if foe.side == fig.side or foe.out:
        return "not_enemy"
    if not in_front(fig, foe.pos):
        return "out_of_arc"
    if wid in fig.status.get("unloaded", ()):
        return "unloaded"
    if stealth.shot_refused(state, table, fig, foe):
        return "unseen"
    w = shooting.weapon(f, f.cat[wid])
    if shooting.band(w, pas(table, fig, foe)) is None:
        return "out_of_range"
    sight = table.sight(fig.id, foe.id)
    if not sight.visible:
        return "no_sight"
    if not precise and sight.figure_blockers and sight.hidden_fraction > HIDDEN_BY_FIGURE \
            and table.hidden_fraction(fig.id, foe.id, ignore=sight.figure_blockers) <= HIDDEN_BY_FIGURE:
        return "hidden_by_figure"
    return None


def rate(fig: Figure, wid: str) -> int:
    """Shots per action of the figure's weapon (Cadence X)."""
    f = F.fighter(fig)
    return shooting.weapon(f, f.cat[wid]).rate


def second_gun(fig: Figure, wid: str) -> str | None:
    """Pistolero (B-R59): the other one-handed gun fired with ``wid`` in the same action."""
    f = F.fighter(fig)
    if "two_guns" not in flags(f) or f.cat[wid].hands != 1:
        return None
    others = [w for w in f.ranged_weapons() if w.id != wid and w.hands == 1
              and w.id not in fig.status.get("unloaded", ())]
    return others[0].id if others else None


def shoot_action(ctx: RuleContext, state: GameState, table: Table, fig: Figure, foes: list[Figure], wid: str,
                 precise: bool = False) -> None:
    """A shooting action: the weapon chosen, and with Pistolero the other one-handed gun
    too, each at Tir- (B-R59), at the same targets where that gun reaches them."""
    other = second_gun(fig, wid)
    if other is None:
        shoot(ctx, state, table, fig, foes, wid, precise)
        return
    pair = (("two_guns", -1),)
    shoot(ctx, state, table, fig, foes, wid, precise, extra=pair)
    reach = [e for e in foes if not e.out and weapon_refusal(state, table, fig, e, other, precise) is None]
    if reach:
        shoot(ctx, state, table, fig, reach, other, precise, extra=pair)


def shot_cover(table: Table, shooter: str, target: str) -> str:
    """The target's cover class from the shooter (B-R33): what blocks sight and the pieces
    that hide without blocking it (woods, ruins), as the shot, its preview and the sight
    lines all count it."""
    return cover(table, shooter, target, COVER, soft=terrain.soft_cover(table)).klass


def shoot(ctx: RuleContext, state: GameState, table: Table, fig: Figure, foes: list[Figure], wid: str,
          precise: bool = False, extra: tuple[tuple[str, int], ...] = ()) -> None:
    """One weapon's shots: Cadence X gives X shots, spread over the chosen targets in turn
    (at most X of them; B-R43); a shot at a target already out of action is lost. A
    precise shot (Tir précis) ignores cover. ``extra``: level modifiers of the action
    (running, charging, two guns). A weapon that is not silent gives the shooter away
    (B-R56); one with Rechargement is empty afterwards."""
    shooter = F.fighter(fig)
    w = shooting.weapon(shooter, shooter.cat[wid])
    stealth.shot_fired(fig, bool(w.entry.get("silent")))
    if "rechargement" in w.entry.attributes:
        fig.status.setdefault("unloaded", []).append(wid)
    for k in range(w.rate):
        foe = foes[k % len(foes)]
        if foe.out:
            continue
        target = _into_melee(ctx, state, table, foe)
        d = pas(table, fig, target)
        if shooting.band(w, d) is None:
            ctx.emit(Note(key="bm.log.missed", args={"who": fig.id, "target": target.id}))
            continue
        klass = shot_cover(table, fig.id, target.id)
        tf = F.fighter(target)
        start = len(ctx.events)
        shot = shooting.shoot(ctx, shooter, tf, w, d, cover=klass, precise=precise, extra=extra)
        told = Note(key="bm.log.hit" if shot.hit.success else "bm.log.missed",
                    args={"who": fig.id, "target": target.id})
        ctx.events.insert(_after_roll(ctx, start, "shot"), told)
        if not shot.hit.success:
            if w.entry.get("deviation") and w.entry.get("zone"):
                landed = zone.deviate(ctx, fig.id, target.pos, F.PAS).point
                _area(ctx, state, table, shooter, w, landed, exclude=())
            continue
        _aftermath(ctx, table, shooter, tf, shot.aftermath)
        if w.entry.get("zone"):
            _area(ctx, state, table, shooter, w, target, exclude=(target.id,))


def _into_melee(ctx: RuleContext, state: GameState, table: Table, foe: Figure) -> Figure:
    """A shot at a figure in a melee hits one of the figures of that melee, drawn by one
    die with as many faces as there are figures (B-R37)."""
    melee_figs = [foe] + [f for f in state.figures.values()
                          if not f.out and f.id != foe.id and table.distance(f.id, foe.id) <= F.CONTACT_MM]
    if len(melee_figs) == 1:
        return foe
    (face,) = ctx.roll(foe.id, "melee_target", 1, sides=len(melee_figs), judge=lambda fs: fs[0])
    return melee_figs[face - 1]


def _area(ctx: RuleContext, state: GameState, table: Table, shooter: Fighter, w, origin,
          exclude: tuple[str, ...]) -> None:
    """Zone X (B-R16): a damage roll on every figure within X pas of the origin."""
    radius = float(w.entry.get("zone", 0)) * F.PAS
    caught = [f for f in within(table, origin, radius, [f for f in state.figures.values() if not f.out])
              if f.id not in exclude]
    for f in caught:
        ctx.emit(Note(key="bm.log.caught", args={"figure": f.id}))
        attack = Attack("shots", shooter.fig.pos, w.pierce, w.shield_bypass)
        damage_roll(ctx, shooter, F.fighter(f), w.degats, attack)


# ------------------------------------------------------------------ psi
def power_refusal(state: GameState, table: Table, fig: Figure, target: Figure, power: str) -> str | None:
    """Why the power cannot be used on that figure now (None: it can): range 0 only on
    oneself; otherwise another figure within range, in front and in sight, a friend for a
    healing power and an enemy for any other (B-R38)."""
    f = F.fighter(fig)
    if power not in A.usable_powers(fig):
        return "no_power"
    reach = float(f.cat[power].get("range", 0))
    if reach <= 0:
        return None if target.id == fig.id else "self_only"
    if target.id == fig.id or target.out:
        return "not_self"
    healing = any(e["do"] == "heal" for e in f.cat[power].effects)
    if healing != (target.side == fig.side):
        return "friend_only" if healing else "not_enemy"
    if pas(table, fig, target) > reach + 1e-9:
        return "out_of_range"
    if not in_front(fig, target.pos) or not table.can_see(fig.id, target.id):
        return "no_sight"
    return None


def use_power(ctx: RuleContext, state: GameState, table: Table, fig: Figure, target: Figure,
              power: str) -> None:
    caster, tf = F.fighter(fig), F.fighter(target)
    out = psi.cast(ctx, caster, tf, power, pas(table, fig, target))
    if not out.test.success:
        ctx.emit(Note(key="bm.log.power_failed", args={"who": fig.id, "power": power}))
        return
    if out.countered_by and out.affected is None:
        ctx.emit(Note(key="bm.log.power_parried", args={"who": target.id, "power": power}))
        return
    if out.countered_by:
        ctx.emit(Note(key="bm.log.power_turned", args={"who": target.id, "power": power}))
    if out.aura is not None:
        _lend_saves(state, table, fig, *out.aura)
    victim = state.figures[out.affected]
    source = fig if victim.id != fig.id else target
    ctx.emit(Note(key="bm.log.power_works", args={"who": fig.id, "power": power, "target": victim.id}))
    if out.push > 0 and not victim.out and victim.id != source.id:
        A.push_away(table, victim, source.pos, out.push)
        ctx.emit(Note(key="bm.log.pushed", args={"figure": victim.id, "by": source.id}))


# ------------------------------------------------------------------ prayer
def pray(ctx: RuleContext, fig: Figure) -> bool:
    """Prière (B-R50): a test at the attribute's level; on a success, Svg- until the turn
    ends and a bonus level on the figure's rolls for the rest of its activation."""
    f = F.fighter(fig)
    lvl = attribute_level(f, A.PRAYER)
    test = roll_level(ctx, fig.id, A.PRAYER, 0 if lvl is None else lvl, threshold=TEST_THRESHOLD)
    ctx.emit(Note(key="bm.log.prayer_heard" if test.success else "bm.log.prayer_unheard", args={"who": fig.id}))
    if not test.success:
        return False
    effect = A.attribute_actions(fig)[A.PRAYER]
    fig.status.setdefault("turn_saves", {})[A.PRAYER] = int(effect.get("save", -1))
    levels = fig.status.setdefault("turn_levels", {})
    levels["all"] = int(levels.get("all", 0)) + int(effect.get("bonus", 1))
    return True


def first_aid(ctx: RuleContext, fig: Figure, friend: Figure) -> bool:
    """Soin (B-R50): a test at the attribute's level (a kit's level when it gives it);
    on a success the friend in contact is whole again."""
    lvl = attribute_level(F.fighter(fig), A.AID)
    test = roll_level(ctx, fig.id, A.AID, 0 if lvl is None else lvl, threshold=TEST_THRESHOLD, against=friend.id)
    if test.success:
        friend.vitality = friend.max_vitality
    ctx.emit(Note(key="bm.log.healed" if test.success else "bm.log.not_healed",
                  args={"who": fig.id, "target": friend.id}))
    return test.success


def _lend_saves(state: GameState, table: Table, fig: Figure, radius: float, level: int) -> None:
    """Méditation de combat (B-R51): every friend within the radius (edge to edge, the
    caster included) has the save until the caster's next activation."""
    for f in [fig, *within(table, fig, radius * F.PAS, state.figures_of(fig.side))]:
        f.status.setdefault("aura_saves", {})[fig.id] = level


def end_lent_saves(state: GameState, fid: str) -> None:
    """The saves a figure lent end as its next activation starts."""
    for f in state.figures.values():
        lent = f.status.get("aura_saves")
        if lent and fid in lent:
            del lent[fid]
