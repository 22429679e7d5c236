"""Mortebrume options that are not blows: spells (with the raise the target's resistance
demands, worth their effect) and destiny points (healing a wounded fighter, inspiration
for the next roll of an attack or a dodge)."""
from __future__ import annotations

from game.ai.mortebrume import odds
from game.ai.mortebrume.world import clip
from game.ai.utility import Option
from game.core.actions import Action
from game.rulesets.mortebrume import sight, spells, stats
from game.rulesets.mortebrume.stats import CONTACT


def casts(b, fig, choice) -> list[Option]:
    """The fighter's spell on each target it may reach, with the least raise that beats the
    target's resistance, worth its effect times the chance it lands (dodge included)."""
    w = b.w
    sid = spells.decode(choice.values[0])[0]
    sp = stats.spell(sid)
    out = []
    for tid in choice.targets:
        t = w.state.figures.get(tid)
        if t is None:
            continue
        rp = odds.raise_needed(fig, t, sid)
        if rp is None or spells.encode(sid, rp, 0) not in choice.values:
            continue
        dist = 0.0 if t.id == fig.id else w.gap(fig, t)
        if t.id != fig.id and (dist > w.mist or not sight.line_of_fire(w.state, w.table, fig, t)):
            continue
        hostile = not sp.friendly and t.side != fig.side
        p_ok, _ = odds.spell(fig, t, sid, rp, 0, dist, hostile and not t.status.get("stunned"))
        worth, decision = spell_worth(b, fig, t, sp)
        if worth <= 0:
            continue
        inputs = {"damage" if decision == "attack" else "support": clip(p_ok * worth / b.norm)}
        if decision == "attack":
            inputs["kill"] = p_ok if sp.effect in ("wound", "drain") and worth >= w.value(t) else 0.0
            if w.careful:
                inputs["safety"] = 1.0 - w.threat(fig)
        out.append(Option(Action("cast", fig.id, targets=(tid,), value=spells.encode(sid, rp, 0)),
                          decision, inputs, note=f"p={p_ok:.2f}"))
    return out

def spell_worth(b, fig, t, sp) -> tuple[float, str]:
    w = b.w
    v = w.value(t)
    if t.out:  # a fallen enemy finished off by the spell (worth nothing: Builder.finish)
        return (0.3 * v if b.finish and t.side != fig.side and sp.effect in ("wound", "drain")
                else 0.0), "attack"
    if sp.effect == "wound":
        share = 1.0 if t.vitality <= sp.amount else 0.6 * sp.amount / max(1, t.max_vitality)
        return v * share, "attack"
    if sp.effect == "drain":
        return (v if stats.will(t) <= sp.amount else 0.1 * v), "attack"
    if sp.effect == "stun":
        return (0.5 * v if not t.status.get("activated") else 0.25 * v), "attack"
    if sp.effect == "hinder":
        return (0.15 * v if not t.status.get("activated") else 0.0), "attack"
    if sp.effect == "heal":
        missing = min(sp.amount, t.max_vitality - t.vitality)
        return v * missing / max(1, t.max_vitality), "support"
    if sp.effect == "ward":
        busy = any(w.rough_gap(t, t.pos, e) <= stats.walk(e) + CONTACT for e in w.enemies)
        return (0.3 * v if busy and not t.status.get("ward") else 0.0), "support"
    return 0.0, "support"


def heals(b, choice) -> list[Option]:
    w = b.w
    st = w.state
    reserve = int(st.extras.get("destiny", {}).get(str(w.side), 0))
    late = st.turn >= st.max_turns - 1
    out = []
    for tid in choice.targets:
        f = st.figures.get(tid)
        if f is None or f.out:
            continue
        danger = w.threat(f) if w.careful else 0.0
        for n in choice.values:
            n = int(n)
            back = odds.heal_expected(f, n)
            gain = w.value(f) * back / max(1, f.max_vitality)
            inputs = {"restore": clip(gain / b.norm),
                      "danger": danger,
                      "thrift": 1.0 if late else clip(1.0 - (n - 1) / max(1, reserve))}
            out.append(Option(Action("heal", None, targets=(tid,), value=n), "heal", inputs,
                              note=f"+{back:.1f}"))
    return out

def inspires(b, fig, choice) -> list[Option]:
    """Destiny dice for the fighter's next roll: worth the gain of its best attack."""
    w = b.w
    st = w.state
    if st.pending:
        return inspire_reaction(b, fig, choice)
    act = st.activation or {}
    if act.get("acted"):
        return []
    mine = [(o, again) for o, again in b.attacks if o.action.actor == fig.id]
    if not mine:
        return []
    mine.sort(key=lambda x: -x[0].inputs["damage"])
    sure = []
    for o, again in mine[:6]:   # only attacks whose way there is found (no dice wasted)
        if o.resolve is not None:
            resolved, o.resolve = o.resolve(), None
            if resolved is None:
                o.note = "no path"
                o.inputs["damage"] = 0.0
                continue
            o.action = resolved
        sure.append((o, again))
    if not sure:
        return []
    mine = sure
    base = mine[0][0].inputs["damage"]
    out = []
    reserve = max(1, int(st.extras.get("destiny", {}).get(str(w.side), 0)))
    for n in choice.values[:2]:
        top = 0.0
        for o, again in mine[:4]:
            t = st.figures[o.action.targets[0]]
            _, odd = again(int(n))
            top = max(top, clip(odds.damage_value(odd, t, w.value(t)) / b.norm))
        gain = top - base
        if gain <= 0.02:
            continue
        out.append(Option(Action("inspire", fig.id, value=n), "inspire",
                          {"gain": clip(gain * 2), "thrift": clip(1.0 - (int(n) - 1) / reserve)},
                          note=f"+{gain:.2f}"))
    return out

def inspire_reaction(b, fig, choice) -> list[Option]:
    d = b.w.state.pending[-1]
    ctx = d.context
    if ctx.get("type") != "strike" or "dodge" not in d.options:
        return []
    att = b.w.state.figures.get(ctx.get("attacker"))
    if att is None:
        return []
    wid, dist = ctx["weapon"], float(ctx["dist"])
    v = b.w.value(fig)
    plain = min(odds.damage_value(odds.strike(att, fig, wid, dist, r), fig, v)
                for r in d.options if r in ("dodge", "take"))
    out = []
    reserve = max(1, int(b.w.state.extras.get("destiny", {}).get(str(b.w.side), 0)))
    for n in choice.values:
        helped = odds.damage_value(odds.dodge_strike(att, fig, wid, dist, int(n)), fig, v)
        gain = plain - helped
        if gain > 0.05 * v:
            out.append(Option(Action("inspire", fig.id, value=n), "inspire",
                              {"gain": clip(gain / b.norm),
                               "thrift": clip(1.0 - (int(n) - 1) / reserve)}))
    return out
