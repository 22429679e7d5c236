"""Narration of Khârn-Ages events from the text catalogue (assets/i18n/<lang>/kharn_ages.json):
every die with the one kept, its critical success or failure, re-rolls and RC chains, the
armour rolls, the fights, wounds, states, moves with their PA, and the game's end."""
from __future__ import annotations

from game.core import events as ev
from game.core.state import GameState
from game.core.text import catalogue as texts
from game.core.text import number, t

from .cards import cards, label
from .fighter import TOISE


def name(state: GameState, fid, lang: str) -> str:
    f = state.figures.get(str(fid)) if fid is not None else None
    if f is None:
        key = f"ka.source.{str(fid).split(':')[0]}"      # "morsure:<biter>": a bite
        return t(key, lang) if key in texts(lang) else str(fid)
    base = label(state, f, lang) if f.profile in cards(state) else f.profile
    same = [g for g in state.figures.values() if g.profile == f.profile and g.side == f.side]
    return f"{base} {same.index(f) + 1}" if len(same) > 1 else base


def _side(state: GameState, sid, lang: str) -> str:
    side = state.sides.get(int(sid)) if str(sid).lstrip("-").isdigit() else None
    if side is None:
        return str(sid)
    return (side.extras.get("label") or {}).get(lang) or side.name or str(sid)


def rule_text(rule: str, lang: str) -> str:
    """A roll's rule as players name it ("attack.mastery": the attack, re-rolled)."""
    base, _, how = rule.partition(".")
    key = f"ka.rule.{base}"
    text = t(key, lang) if key in texts(lang) else base
    if how:
        hkey = f"ka.rule.how.{how}"
        text = t("ka.rule.with", lang, rule=text, how=t(hkey, lang) if hkey in texts(lang) else how)
    return text


def _dice(event: ev.DiceRolled, state: GameState, lang: str) -> str:
    who = name(state, event.who, lang) if event.who != "setup" else t("ka.source.setup", lang)
    faces = " ".join(str(f) for f in event.faces) or "-"
    args = dict(who=who, rule=rule_text(event.rule, lang), faces=faces, result=event.result)
    line = t("ka.dice.roll", lang, **args)
    if event.crit:
        line += " " + t("ka.dice.rc", lang)
    if event.fumble:
        line += " " + t("ka.dice.ec", lang)
    return line


def _mods(text: str, lang: str) -> str:
    parts = []
    for item in filter(None, text.split(",")):
        k, _, v = item.partition(":")
        key = f"ka.morale.mod.{k}"
        parts.append(f"{t(key, lang) if key in texts(lang) else k} {'+' if int(v) >= 0 else ''}{v}")
    return " ".join(parts)


def describe(event: ev.Event, state: GameState, lang: str = "fr") -> str:
    n = lambda fid: name(state, fid, lang)  # noqa: E731
    if isinstance(event, ev.DiceRolled):
        return _dice(event, state, lang)
    if isinstance(event, ev.TurnStarted):
        return t("ka.log.turn", lang, turn=event.turn, side=_side(state, event.first_side, lang))
    if isinstance(event, ev.Activated):
        return t("ka.log.activated", lang, who=n(event.figures[0]), pa=event.actions)
    if isinstance(event, ev.ActivationEnded):
        return t("ka.log.activation_ended", lang, who=n(event.figures[0]))
    if isinstance(event, ev.ActionDeclared):
        return t(f"ka.log.action.{event.action}", lang, who=n(event.figure),
                 target=", ".join(n(x) for x in event.targets))
    if isinstance(event, ev.Moved):
        if event.mode == "pushed":
            return ""                        # the push's own line says it (ka.log.pushed)
        return t("ka.log.moved", lang, who=n(event.figure), dist=number(event.cost / TOISE, lang))
    if isinstance(event, ev.StatusChanged):
        key = f"ka.log.state.{event.status}.{'on' if event.value else 'off'}"
        return t(key if key in texts(lang) else "ka.log.state.other", lang, who=n(event.figure),
                 value=event.value if not isinstance(event.value, bool) else "")
    if isinstance(event, ev.Wounded):
        return t("ka.log.wounded", lang, who=n(event.figure), n=event.amount, v=event.vitality)
    if isinstance(event, ev.OutOfAction):
        return t("ka.log.out", lang, who=n(event.figure))
    if isinstance(event, ev.CombatResolved):
        key = "ka.log.hit" if event.winner == "attack" else "ka.log.parried"
        return t(key, lang, who=n(event.attackers[0]), target=n(event.defender))
    if isinstance(event, ev.Note):
        args = dict(event.args)
        for k in ("who", "target", "by"):
            if k in args:
                args[k] = ", ".join(n(x.strip()) for x in str(args[k]).split(",")) if args[k] else "-"
        if "mods" in args:                   # a morale test's modifiers, "name:value,..."
            args["mods"] = _mods(str(args["mods"]), lang)
        if "why" in args:
            args["why"] = t(f"ka.morale.why.{args['why']}", lang)
        if "spell" in args:                  # spell ids, by their names (K-R90)
            from .spell_forms import spell_name

            args["spell"] = ", ".join(spell_name(x.strip(), lang) for x in str(args["spell"]).split(","))
        if "piece" in args:                  # a terrain kind
            key = f"ka.terrain.{args['piece']}"
            args["piece"] = t(key if key in texts(lang) else "ka.terrain.other", lang)
        return t(event.key, lang, **args)
    if isinstance(event, ev.GameEnded):
        reason = t(f"ka.reason.{event.reason}", lang)
        if event.winner is None:
            return t("ka.log.draw", lang, reason=reason)
        return t("ka.log.won", lang, side=_side(state, event.winner, lang), reason=reason)
    return t("ka.log.event", lang)
