"""Narration of events in plain French or English, from the text catalogue."""
from __future__ import annotations

from game.core import events as ev
from game.core.state import GameState
from game.core.text import data_name, number, t


def _name(state: GameState, fid: str | None) -> str:
    if fid is None:
        return "?"
    f = state.figures.get(fid)
    return f.name if f else fid


def mods_text(mods, lang: str) -> str:
    """Modifiers of a threshold as the player reads them: a modifier raising the number to
    roll makes the roll harder, one lowering it makes it easier (never a bare "+1")."""
    parts = []
    for key, value in mods:
        if key == "rank" or not value:
            continue
        parts.append(t("log.mod.harder" if value > 0 else "log.mod.easier", lang,
                       name=t("mod." + key, lang), n=abs(value)))
    return ", ".join(parts)


def describe(event: ev.Event, state: GameState, lang: str = "fr") -> str:
    n = lambda fid: _name(state, fid)  # noqa: E731
    if isinstance(event, ev.DiceRolled):
        faces = " ".join(str(f) for f in event.faces) or "-"
        mods = mods_text(event.mods, lang)
        key = f"log.dice.{event.rule}"
        rank = dict(event.mods).get("rank", 1)
        sixes = sum(1 for f in event.faces if f == 6) if event.rule == "melee" else 0
        return t(key, lang, who=n(event.who), against=n(event.against), n=len(event.faces), rank=rank,
                 target=event.target, faces=faces, result=_result(event, lang),
                 mods=f" ({mods})" if mods else "",
                 extra=t("log.explode", lang, n=sixes) if sixes else "")
    if isinstance(event, ev.TurnStarted):
        return t("log.turn", lang, turn=event.turn, side=event.first_side)
    if isinstance(event, ev.Activated):
        names = ", ".join(n(f) for f in event.figures)
        mode = "static" if event.mode == "single" and event.actions == 0 else event.mode
        return t(f"log.activated.{mode}", lang, figures=names, n=event.actions)
    if isinstance(event, ev.ActivationEnded):
        failed = "lang.activation_failed_group" if len(event.figures) > 1 else "log.activation_failed"
        return t("log.activation_ended" if event.success else failed, lang,
                 figures=", ".join(n(f) for f in event.figures))
    if isinstance(event, ev.ActionDeclared):
        return t(f"log.action.{event.action.split(':')[0]}", lang, who=n(event.figure),
                 target=", ".join(n(x) for x in event.targets),
                 power=t("power." + event.action.split(":")[-1], lang),
                 partners=", ".join(n(x) for x in event.partners))
    if isinstance(event, ev.Moved):
        return t(f"log.moved.{event.mode}", lang, who=n(event.figure),
                 dist=number(event.cost / 25.0, lang))
    if isinstance(event, ev.StatusChanged):
        state_key = "on" if event.value else "off"
        return t(f"log.status.{event.status}.{state_key}", lang, who=n(event.figure),
                 value=data_name(event.value, lang))
    if isinstance(event, ev.Wounded):
        return t("log.wounded", lang, who=n(event.figure), amount=event.amount, v=event.vitality)
    if isinstance(event, ev.OutOfAction):
        return t("log.out", lang, who=n(event.figure))
    if isinstance(event, ev.CombatResolved):
        who = ", ".join(n(a) for a in event.attackers)
        key = {"attack": "log.combat.attack", "defence": "log.combat.defence"}.get(event.winner, "log.combat.tie")
        return t(key, lang, attackers=who, defender=n(event.defender), a=event.hits_attack,
                 d=event.hits_defence)
    if isinstance(event, ev.ReactionChosen):
        return t(f"log.reaction.{event.reaction.split(':')[0]}", lang, who=n(event.figure),
                 against=n(event.against))
    if isinstance(event, ev.TokenChanged):
        return t(f"log.token.{event.change}", lang, who=n(event.figure))
    if isinstance(event, ev.GameEnded):
        if event.winner is None:
            return t("log.game_draw", lang, reason=t("reason." + event.reason, lang))
        return t("log.game_won", lang, side=event.winner, reason=t("reason." + event.reason, lang))
    if isinstance(event, ev.Note):
        args = {k: (n(v) if k in ("figure", "by") else _local(v, lang)) for k, v in event.args.items()}
        return t(event.key, lang, **args)
    return event.kind


def _local(value, lang: str):
    """A {"fr": ..., "en": ...} text from data, in the wanted language."""
    if isinstance(value, dict) and "fr" in value:
        return value.get(lang) or value["fr"]
    return value


def _result(event: ev.DiceRolled, lang: str) -> str:
    if isinstance(event.result, bool):
        return t("log.success" if event.result else "log.failure", lang)
    if event.rule == "damage":
        return t("log.damage_wound" if event.result else "log.damage_down", lang)
    if event.rule in ("shoot", "melee", "reroll"):
        return t("log.hits", lang, n=event.result)
    if event.rule == "save":
        return t("log.saved", lang, n=event.result)
    return str(event.result)
