"""The generic actions and skills played as actions of an activation (issue 16, item 4;
K-R110 to K-R118), beside those ``flow`` has always played (walk, alert, bandage, devour...):

- ``detect`` (2 PA): a natural 8+ on the kept die reveals every hidden enemy within the
  figure's aura (objective mastery may re-roll it);
- ``antidote`` (2 or 4 PA): the figure or a friend in its zone, poisoned (``generic.antidote``);
  ``bandage_friend`` (2 or 4 PA): a bleeding friend in its zone (the figure's own bleeding is
  ``flow``'s ``bandage``);
- ``take_off_armour`` (3 PA): a manufactured armour comes off for good;
- ``loot`` (1 PA, never a Khârn): one item from a carcass in the zone, then the carcass goes;
  a Fang first tests its témérité at 10 + Le sang m'attire, and on a failure devours the
  carcass for that PA instead; ``eat`` (3 PA, the figure free) the food it took: 2D5 hit points;
- ``put_out_fire`` (1 PA, water within the zone) or ``smother_flames`` (2 PA, no water): the
  figure's own fire or a friend's in its zone;
- ``warlord`` (Chef de guerre X, once a game, 0 PA): at the start of its activation, +1 PA per
  friend in its aura, at most X; ``sacrifice`` (0 PA): at the start of a figure's activation, a
  friend with Sacrifice X (once between its own activations) loses X hit points for good and
  the figure gains 1 PA. Both only before the activation's first other action.

Bookkeeping: ``state.activation["acted"]`` once an action other than those two was taken;
``status["food"]`` (food carried), ``status["shot_by"]`` (shooters whose ammunition was spent
on the figure, for looting it back)."""
from __future__ import annotations

from shapely.geometry import Point, Polygon

from game.core.actions import ActionChoice
from game.core.events import Note, StatusChanged
from game.core.state import Figure, GameState
from game.rulesets._shared import nd10

from . import carcass, generic, skills
from . import cover as CV
from . import morale as M
from . import morale_flow as MF
from .cards import fighter
from .dice import flat_roll
from .fighter import TOISE, Fighter
from .moves import action_cost, spend
from .states import heal, may_act

DETECT, ANTIDOTE, UNARMOUR, LOOT, EAT = "detect", "antidote", "take_off_armour", "loot", "eat"
BANDAGE_FRIEND = "bandage_friend"
PUT_OUT, SMOTHER = "put_out_fire", "smother_flames"
WARLORD, SACRIFICE = "warlord", "sacrifice"
KINDS = (WARLORD, SACRIFICE, DETECT, ANTIDOTE, BANDAGE_FRIEND, PUT_OUT, SMOTHER, UNARMOUR, LOOT, EAT)
OPENING = (WARLORD, SACRIFICE)        # only before the activation's first other action
KEEP_HIDING = (DETECT, ANTIDOTE, BANDAGE_FRIEND, PUT_OUT, SMOTHER, UNARMOUR, EAT, WARLORD, SACRIFICE)
DETECT_PA, UNARMOUR_PA, LOOT_PA, EAT_PA = 2, generic.TAKE_OFF_PA, 1, 3
LOOT_BASE = 10                        # the Fang's témérité threshold before Le sang m'attire
ITEMS = ("kouronnes", "food", "ammunition")   # the chipped weapon is out of scope (K-R114)


# ------------------------------------------------------------------ who and what is near
def opened(state: GameState) -> bool:
    """The running activation has taken no action yet (Chef de guerre, Sacrifice)."""
    act = state.activation
    return act is not None and not act.get("acted")


def friends(state: GameState, f: Fighter) -> list[Figure]:
    return [o for o in state.figures_of(f.fig.side) if o.id != f.id]


def in_zone_or_self(state: GameState, table, f: Fighter) -> list[Figure]:
    """The figure and its friends within its zone of control."""
    return [f.fig, *MF.in_zone(table, f, friends(state, f))]


def aura_friends(state: GameState, f: Fighter) -> int:
    return sum(1 for o in friends(state, f) if MF.in_aura(f, o))


def hidden_in_aura(state: GameState, f: Fighter) -> list[Figure]:
    return [e for e in state.enemies_of(f.fig) if e.status.get(CV.HIDDEN) and MF.in_aura(f, e)]


def water_near(state: GameState, f: Fighter) -> bool:
    """Water (a terrain piece tagged ``water``) within the figure's zone of control."""
    here = Point(f.fig.pos)
    reach = f.fig.radius + max(f.zdc, 0.5) * TOISE + 0.05
    return any("water" in piece.tags and Polygon(piece.points).distance(here) <= reach for piece in state.terrain)


def sacrificers(state: GameState, f: Fighter) -> list[Fighter]:
    """Friends who may make a Sacrifice for the figure now (one that would kill is refused)."""
    out = []
    for o in friends(state, f):
        g = fighter(state, o)
        if g.has("sacrifice") and not g.status.get("sacrifice_used") and may_act(g) \
                and g.fig.vitality > g.skill("sacrifice"):
            out.append(g)
    return out


def ammo_back(state: GameState, f: Fighter, victim: Figure) -> bool:
    """The looter spent ammunition of its own weapon on that carcass (it may take one back)."""
    w = f.profile.ranged
    spent = int(f.status.get("ammo_spent", {}).get(w.id, 0)) if w is not None and w.ammo is not None else 0
    return spent > 0 and f.id in victim.status.get("shot_by", ())


def loot_items(state: GameState, f: Fighter, meals: list[Figure]) -> tuple[str, ...]:
    items = ["kouronnes", "food"]
    if any(ammo_back(state, f, m) for m in meals):
        items.append("ammunition")
    return tuple(items)


# ------------------------------------------------------------------ templates
def choices(state: GameState, ctx, f: Fighter, engaged: bool, meals: list[Figure]) -> list[ActionChoice]:
    """The templates of these actions for the active figure (standing, able to act)."""
    table, fid = ctx.table, f.id
    out: list[ActionChoice] = []
    if opened(state):
        if f.has("chef_de_guerre") and not f.status.get("warlord_used") and aura_friends(state, f):
            out.append(ActionChoice(WARLORD, fid, input="none",
                                    hints={"gain": min(aura_friends(state, f), f.skill("chef_de_guerre"))}))
        givers = sacrificers(state, f)
        if givers:
            out.append(ActionChoice(SACRIFICE, fid, targets=tuple(g.id for g in givers), min_targets=1,
                                    input="target"))
    if action_cost(f, DETECT_PA) <= f.pa and hidden_in_aura(state, f):
        out.append(ActionChoice(DETECT, fid, input="none", hints={"cost": action_cost(f, DETECT_PA)}))
    near = in_zone_or_self(state, table, f)
    sick = tuple(o.id for o in near if o.status.get("poisoned") or int(o.status.get("poison", 0)))
    pas = tuple(p for p in (2, 4) if action_cost(f, p) <= f.pa)
    if sick and pas:
        out.append(ActionChoice(ANTIDOTE, fid, targets=sick, values=pas, min_targets=1, input="form"))
    hurt = tuple(o.id for o in near[1:] if o.status.get("bleeding"))
    if hurt and pas:
        out.append(ActionChoice(BANDAGE_FRIEND, fid, targets=hurt, values=pas, min_targets=1, input="form"))
    burning = tuple(o.id for o in near if o.status.get("fire"))
    if burning:
        kind = PUT_OUT if water_near(state, f) else SMOTHER
        if action_cost(f, generic.ROLLED[kind].pa) <= f.pa:
            out.append(ActionChoice(kind, fid, targets=burning, min_targets=1, input="target",
                                    hints={"cost": action_cost(f, generic.ROLLED[kind].pa)}))
    a = f.profile.armour
    if a is not None and not a.natural and not f.status.get("armour_off") and action_cost(f, UNARMOUR_PA) <= f.pa:
        out.append(ActionChoice(UNARMOUR, fid, input="none", hints={"cost": action_cost(f, UNARMOUR_PA)}))
    if meals and f.profile.faction != "kharn" and action_cost(f, LOOT_PA) <= f.pa:
        out.append(ActionChoice(LOOT, fid, targets=tuple(m.id for m in meals), values=loot_items(state, f, meals),
                                min_targets=1, input="form"))
    if int(f.status.get("food", 0)) > 0 and not engaged and action_cost(f, EAT_PA) <= f.pa:
        out.append(ActionChoice(EAT, fid, input="none", hints={"cost": action_cost(f, EAT_PA)}))
    return out


def refusal(state: GameState, action) -> str | None:
    """A concrete choice the templates cannot rule out alone: looting ammunition from a
    carcass the looter did not shoot."""
    if action.kind == LOOT and action.value == "ammunition":
        f = fighter(state, state.figures[action.actor])
        if not ammo_back(state, f, state.figures[action.target]):
            return "ka.refused.no_ammunition"
    return None


# ------------------------------------------------------------------ what they do
def perform(state: GameState, ctx, action) -> None:
    fig = state.figures[action.actor]
    f = fighter(state, fig)
    kind = action.kind
    if kind == WARLORD:
        n = aura_friends(state, f)
        gain = skills.warlord(f, n, now=True)
        ctx.emit(Note(key="ka.log.warlord", args={"who": f.id, "n": gain, "friends": n}))
    elif kind == SACRIFICE:
        giver = fighter(state, state.figures[action.target])
        skills.sacrifice(ctx, giver, f)
        ctx.emit(Note(key="ka.log.sacrifice", args={"who": giver.id, "target": f.id, "n": giver.skill("sacrifice")}))
    elif kind == DETECT:
        detect(state, ctx, f)
    elif kind == ANTIDOTE:
        patient = fighter(state, state.figures[action.target])
        generic.antidote(f, patient, int(action.value))
        ctx.emit(Note(key=f"ka.log.antidote.{int(action.value)}", args={"who": f.id, "target": patient.id}))
    elif kind == BANDAGE_FRIEND:
        patient = fighter(state, state.figures[action.target])
        generic.bandage(f, patient, int(action.value))
        ctx.emit(Note(key=f"ka.log.bandaged.{int(action.value)}", args={"who": f.id, "target": patient.id}))
    elif kind in (PUT_OUT, SMOTHER):
        patient = fighter(state, state.figures[action.target])
        roll = generic.attempt(ctx, f, kind, free=True, target=patient)
        ok = generic.succeeded(kind, roll)
        if ok:
            ctx.emit(StatusChanged(figure=patient.id, status="fire", value=False))
        ctx.emit(Note(key=f"ka.log.fire_out.{'pass' if ok else 'fail'}",
                      args={"who": f.id, "target": patient.id, "total": roll.total,
                            "need": generic.ROLLED[kind].threshold}))
    elif kind == UNARMOUR:
        generic.take_off_armour(f)
        ctx.emit(Note(key="ka.log.armour_off", args={"who": f.id}))
    elif kind == LOOT:
        loot(state, ctx, f, fighter(state, state.figures[action.target]), str(action.value))
    elif kind == EAT:
        spend(f, action_cost(f, EAT_PA))
        f.status["food"] = int(f.status.get("food", 0)) - 1
        gain = heal(f, sum(nd10.roll_derived(ctx, f.id, "food", 5, 2)))
        ctx.emit(Note(key="ka.log.ate", args={"who": f.id, "n": gain}))


def detect(state: GameState, ctx, f: Fighter) -> bool:
    """2 PA; on a natural 8+ every hidden enemy in the aura is seen again (K-R113)."""
    roll = generic.attempt(ctx, f, DETECT)
    ok = generic.succeeded(DETECT, roll)
    found = hidden_in_aura(state, f) if ok else []
    ctx.emit(Note(key=f"ka.log.detect.{'pass' if ok else 'fail'}",
                  args={"who": f.id, "face": roll.total, "target": ",".join(e.id for e in found)}))
    for e in found:
        e.status.pop(CV.HIDDEN, None)
        ctx.emit(Note(key="ka.log.unhidden", args={"who": e.id}))
    return ok


def loot(state: GameState, ctx, f: Fighter, victim: Fighter, item: str) -> None:
    """One item off the carcass; a Fang tests first and devours it on a failure (K-R114)."""
    if f.profile.faction == "fang":
        need = LOOT_BASE + f.skill("le_sang_m_attire")
        mods = MF.herd(state, f, M.temerity_mods(f, leader=MF.in_leader_aura(state, f), terror=False))
        face = flat_roll(ctx, f.id, "temerity", mods, need=need)
        total = face + sum(v for _, v in mods)
        ok = total >= need
        ctx.emit(Note(key=f"ka.log.loot_test.{'pass' if ok else 'fail'}",
                      args={"who": f.id, "total": total, "need": need}))
        if not ok:
            gain = carcass.devour(ctx, f, victim, LOOT_PA)
            ctx.emit(Note(key="ka.log.devoured", args={"who": f.id, "n": gain}))
            return
    ko = carcass.loot(ctx, f, victim, item)
    if item == "food":
        f.status["food"] = int(f.status.get("food", 0)) + 1
    elif item == "ammunition":
        w = f.profile.ranged
        spent = f.status.setdefault("ammo_spent", {})
        spent[w.id] = max(0, int(spent.get(w.id, 0)) - 1)
    ctx.emit(Note(key=f"ka.log.looted.{item}", args={"who": f.id, "target": victim.id, "n": ko}))


def shot_at(state: GameState, shooter: str, target: str) -> None:
    """Remember a shooter whose ammunition was spent on the target (looting it back)."""
    f = fighter(state, state.figures[shooter])
    w = f.profile.ranged
    if w is not None and w.ammo is not None:
        seen = state.figures[target].status.setdefault("shot_by", [])
        if shooter not in seen:
            seen.append(shooter)
