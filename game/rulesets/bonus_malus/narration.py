"""Narration of Bonus / Malus events from the text catalogue (French and English): each
roll with its dice, the die kept and the level it was rolled at, the fights, shots, powers,
picks and flights."""
from __future__ import annotations

from game.core import events as ev
from game.core.state import GameState
from game.core.text import catalogue as texts
from game.core.text import number, t

from . import figures as F
from .catalogue import catalogue


def _name(state: GameState, fid, lang: str) -> str:
    if not fid:
        return "?"
    f = state.figures.get(str(fid))
    if f is None:
        return str(fid)
    label = f.status.get("label") or {}
    base = label.get(lang) or f.profile
    same = [g for g in state.figures.values() if g.profile == f.profile and g.side == f.side]
    return f"{base} {same.index(f) + 1}" if len(same) > 1 else base


def _side(state: GameState, sid, lang: str) -> str:
    side = state.sides.get(int(sid)) if str(sid).isdigit() else None
    if side is None:
        return str(sid)
    return (side.extras.get("label") or {}).get(lang) or side.name or str(sid)


def _rule(rule: str, lang: str) -> str:
    """A roll's rule as players name it: a catalogue entry's name, else the text catalogue."""
    entries = catalogue().entries
    if rule in entries:
        return entries[rule].name.get(lang, rule)
    key = f"bm.rule.{rule}"
    return t(key, lang) if key in texts(lang) else rule


def _level(event: ev.DiceRolled) -> int:
    return sum(v for _, v in event.mods)


def _level_text(level: int, lang: str) -> str:
    if level == 0:
        return t("bm.level.plain", lang)
    return ("+" if level > 0 else "-") if abs(level) == 1 else f"{abs(level)}{'+' if level > 0 else '-'}"


def _dice(event: ev.DiceRolled, state: GameState, lang: str) -> str:
    who = _side(state, event.who, lang) if event.rule == "side_order" else _name(state, event.who, lang)
    faces = " ".join(str(f) for f in event.faces) or "-"
    rule = _rule(event.rule, lang)
    if event.rule in ("melee_target", "fatal_points", "cut_thrust_points", "deviation", "deviation_direction"):
        return t("bm.dice.plain", lang, who=who, rule=rule, faces=faces)
    args = dict(who=who, rule=rule, faces=faces, kept=event.result,
                level=_level_text(_level(event), lang))
    if event.target is None:
        return t("bm.dice.kept", lang, **args)
    ok = isinstance(event.result, int) and event.result >= event.target
    return t("bm.dice.test_ok" if ok else "bm.dice.test_failed", lang, need=event.target, **args)


def describe(event: ev.Event, state: GameState, lang: str = "fr") -> str:
    n = lambda fid: _name(state, fid, lang)  # noqa: E731
    if isinstance(event, ev.DiceRolled):
        return _dice(event, state, lang)
    if isinstance(event, ev.TurnStarted):
        return t("bm.log.turn", lang, turn=event.turn)
    if isinstance(event, ev.Activated):
        return t("bm.log.activated", lang, who=n(event.figures[0]), n=event.actions)
    if isinstance(event, ev.ActivationEnded):
        return t("bm.log.activation_ended", lang, who=n(event.figures[0]))
    if isinstance(event, ev.ActionDeclared):
        return t(f"bm.log.action.{event.action}", lang, who=n(event.figure),
                 target=", ".join(n(x) for x in event.targets))
    if isinstance(event, ev.Moved):
        return t(f"bm.log.moved.{event.mode}", lang, who=n(event.figure),
                 dist=number(event.cost / F.PAS, lang))
    if isinstance(event, ev.StatusChanged) and event.status == "facing":
        return t("bm.log.faces", lang, who=n(event.figure))
    if isinstance(event, ev.StatusChanged):
        return t(f"bm.log.state.{event.status}.{'on' if event.value else 'off'}", lang, who=n(event.figure))
    if isinstance(event, ev.Wounded):
        return t("bm.log.wounded", lang, who=n(event.figure), n=event.amount, v=event.vitality)
    if isinstance(event, ev.OutOfAction):
        return t("bm.log.out", lang, who=n(event.figure))
    if isinstance(event, ev.CombatResolved):
        att, dfn = n(event.attackers[0]), n(event.defender)
        if event.winner is None:
            return t("bm.log.fight_tied", lang, who=att, target=dfn, a=event.hits_attack)
        win, lose = (att, dfn) if event.winner == "attack" else (dfn, att)
        hi, lo = sorted((event.hits_attack, event.hits_defence), reverse=True)
        return t("bm.log.fight_won", lang, who=win, target=lose, a=hi, b=lo)
    if isinstance(event, ev.Note):
        args = dict(event.args)
        for k in ("who", "target", "figure", "by"):
            if k in args:
                args[k] = n(args[k])
        if "side" in args:
            args["side"] = _side(state, args["side"], lang)
        if "power" in args:
            args["power"] = _rule(str(args["power"]), lang)
        if "order" in args:
            args["order"] = " > ".join(_side(state, s.strip(), lang) for s in str(args["order"]).split(">"))
        if event.key == "bm.log.revealed":
            args["who"] = ", ".join(n(x.strip()) for x in str(event.args["who"]).split(","))
        return t(event.key, lang, **args)
    if isinstance(event, ev.GameEnded):
        reason = t(f"bm.reason.{event.reason}", lang)
        if event.winner is None:
            return t("bm.log.draw", lang, reason=reason)
        return t("bm.log.won", lang, side=_side(state, event.winner, lang), reason=reason)
    return t("bm.log.event", lang, kind=event.kind)
