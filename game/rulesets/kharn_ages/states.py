"""States and lasting effects, and the start and end of an activation (the book's steps 1 to
6 and 8; the témérité / effroi tests are ``morale``'s, run in their place; electric shocks
come with magic).

Effects:
- Bleeding X: X hit points per effect at each activation (Peau dure: each effect once); a
  thrown stone's bleeding bites at one activation only.
- Poison: one at a time; at each activation its malus grows by 1 and applies to V, P, A, C,
  T and I; the figure dies when P, A, C or I falls below 0 through the poison alone.
- Fire: 1 hit point at each activation until put out; those points never heal.
- Frostbite: V and A -2 during the next activation; it does not stack.
States: stunned (1 PA more per action, ends at the next activation), knocked out (on the
ground, no action, no zone of control until the next activation; stacks with stunned), on
the ground (defends normally, must stand up before anything else), terrassé (a carcass).
"""
from __future__ import annotations

from collections.abc import Callable

from game.core.events import StatusChanged

from .armour import wound
from .fighter import POISON_DEATH, Fighter


def set_state(ctx, f: Fighter, name: str, value=True) -> None:
    f.status[name] = value
    if name == "knocked_out" and value:
        f.status["down"] = True
    if name in ("stunned", "knocked_out") and value and f.status.get("berserk"):
        f.status["berserk"] = False
        ctx.emit(StatusChanged(figure=f.id, status="berserk", value=False))
    ctx.emit(StatusChanged(figure=f.id, status=name, value=value))


def add_bleeding(ctx, f: Fighter, x: int) -> None:
    if x > 0:
        f.status.setdefault("bleeding", []).append(int(x))
        ctx.emit(StatusChanged(figure=f.id, status="bleeding", value=sum(f.status["bleeding"])))


def burn(ctx, f: Fighter, amount: int, by: str | None = None) -> bool:
    """Fire damage: hit points that never heal, and the figure burns on (1 point at each
    activation until put out). Returns True when it is terrassé. (A non-magician with I under
    5 then takes a témérité test: ``morale.fire_fright``.)"""
    amount = max(0, int(amount))
    f.status["fire_lost"] = int(f.status.get("fire_lost", 0)) + amount
    if not f.status.get("fire"):
        set_state(ctx, f, "fire")
    return wound(ctx, f, amount, by=by or "fire")


def poison(ctx, f: Fighter) -> None:
    """Poisoned: the malus starts growing at the next activation (one poisoning at a time)."""
    if not f.status.get("poisoned"):
        f.status["poisoned"] = True
        ctx.emit(StatusChanged(figure=f.id, status="poisoned", value=True))


def poison_kills(f: Fighter) -> bool:
    malus = int(f.status.get("poison", 0))
    return any(int(f.profile.chars.get(c, 0)) - malus < 0 for c in POISON_DEATH)


def lasting_effects(ctx, f: Fighter) -> bool:
    """Step 2: bleeding, poison, frostbite, fire. Returns False when the figure dies of them."""
    s = f.status
    bleed = list(s.get("bleeding", [])) + list(s.pop("bleeding_once", []))
    if bleed:
        if f.has("peau_dure"):
            s["bleeding"] = []
        if wound(ctx, f, sum(bleed), by="bleeding"):
            return False
    if s.get("poisoned"):
        s["poison"] = int(s.get("poison", 0)) + 1
        ctx.emit(StatusChanged(figure=f.id, status="poison", value=s["poison"]))
        if poison_kills(f):
            wound(ctx, f, f.fig.vitality, by="poison")
            return False
    s["frost_now"] = bool(s.pop("frost", False))
    if s.get("fire"):
        s["fire_lost"] = int(s.get("fire_lost", 0)) + 1
        if wound(ctx, f, 1, by="fire"):
            return False
    return True


def begin_activation(ctx, f: Fighter, tests: Callable[[], object] | None = None) -> bool:
    """Steps 1-6: lasting effects (step 2), the morale tests the caller runs in ``tests``
    (step 4, ``morale``), then stunned and knocked out wear off (a knocked-out figure stays on
    the ground), and PA (halved or none while terrorised) and mastery dice come back and the
    per-activation counters reset (step 6). Returns False when the figure died or may not act
    (a second témérité failure ends its activation; a third demoralises it)."""
    if not lasting_effects(ctx, f):
        return False
    if tests is not None:
        tests()
        if f.fig.out:
            return False
    return refresh(ctx, f)


def refresh(ctx, f: Fighter) -> bool:
    """Steps 5-6: stunned and knocked out wear off, PA (halved or none while terrorised) and
    mastery dice come back, the per-activation counters reset. False when a second témérité
    failure ends the activation."""
    s = f.status
    for name in ("stunned", "knocked_out"):
        if s.get(name):
            set_state(ctx, f, name, False)
    s["pa"] = refill(f) + int(s.pop("bonus_pa", 0))
    s["mastery_used"] = []
    s["walks"] = 0
    s["attacks"] = 0
    s["assault"] = False
    s["specials_used"] = []
    s["skills_used"] = []
    s["maitre_used"] = False
    s["sacrifice_used"] = False
    s["bretteur_used"] = False
    return terror_level(f) < 2


def terror_level(f: Fighter) -> int:
    """Failures of the worst témérité test still pending (0: none)."""
    return max(f.status.get("temerity", {}).values(), default=0)


def refill(f: Fighter) -> int:
    """PA the figure gets at its activation: all, half (rounded down) once terrorised, none
    after a second failure."""
    worst = terror_level(f)
    return 0 if worst >= 2 else (f.profile.pa // 2 if worst == 1 else f.profile.pa)


def end_activation(ctx, f: Fighter) -> None:
    """Step 8: the "frozen" fright wears off at the end of the activation it lasts to."""
    frozen = int(f.status.get("frozen", 0) or 0)
    if frozen:
        set_state(ctx, f, "frozen", frozen - 1 if frozen > 1 else False)


def may_act(f: Fighter) -> bool:
    """Knocked out or a carcass: no action at all."""
    return not (f.fig.out or f.status.get("knocked_out") or f.status.get("carcass"))


def heal(f: Fighter, amount: int) -> int:
    """Heal up to ``amount``, never past the maximum less what fire and Sacrifice took;
    returns the gain."""
    cap = f.fig.max_vitality - int(f.status.get("fire_lost", 0)) - int(f.status.get("sacrificed", 0))
    gain = max(0, min(int(amount), cap - f.fig.vitality))
    f.fig.vitality += gain
    return gain
