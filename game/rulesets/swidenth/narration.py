"""Narration of Swidenth events from the text catalogue (French and English): both D20s
with their modifiers, the gap, the damage and the band reached."""
from __future__ import annotations

from functools import lru_cache

import yaml

from game.core import events as ev
from game.core.state import GameState
from game.core.text import number, t
from game.rulesets.swidenth import catalogue as cat_mod
from game.rulesets.swidenth import names

PAS = 25.0


def _name(state: GameState, fid, lang: str) -> str:
    if not fid:
        return "?"
    f = state.figures.get(str(fid))
    return names.figure_name(f, lang) if f is not None else str(fid)


def _mods(event: ev.DiceRolled, lang: str) -> str:
    parts = [f"{t('sw.mod.' + k, lang)} {v:+d}" for k, v in event.mods if v]
    return f" ({', '.join(parts)})" if parts else ""


@lru_cache(maxsize=1)
def _names() -> dict[str, dict[str, str]]:
    """Weapon, armour and spell names by id, per language."""
    doc = yaml.safe_load((cat_mod.HERE / "catalogue.yaml").read_text(encoding="utf-8"))
    return {k: v["name"] for part in ("weapons", "armour", "spells") for k, v in doc[part].items()}


def _equipment_name(item: str, lang: str) -> str:
    return _names().get(item, {}).get(lang, item)


def describe(event: ev.Event, state: GameState, lang: str = "fr") -> str:
    n = lambda fid: _name(state, fid, lang)  # noqa: E731
    if isinstance(event, ev.DiceRolled):
        faces = " ".join(str(f) for f in event.faces) or "-"
        if event.rule == "initiative":
            return t("sw.dice.initiative", lang, side=event.who, faces=faces)
        if event.rule == "fumble_hand":
            return t("sw.dice.fumble_hand", lang, who=n(event.who), faces=faces)
        if isinstance(event.result, bool):
            return t("sw.dice.test_ok" if event.result else "sw.dice.test_failed", lang, who=n(event.who),
                     faces=faces, mods=_mods(event, lang), need=event.target)
        key = "sw.dice.against" if event.against else "sw.dice.roll"
        return t(key, lang, who=n(event.who), against=n(event.against), faces=faces,
                 mods=_mods(event, lang), total=event.result)
    if isinstance(event, ev.TurnStarted):
        return t("sw.log.turn", lang, turn=event.turn, side=event.first_side)
    if isinstance(event, ev.Activated):
        return t("sw.log.activated", lang, who=", ".join(n(f) for f in event.figures))
    if isinstance(event, ev.ActivationEnded):
        return t("sw.log.phase_ended", lang, who=", ".join(n(f) for f in event.figures))
    if isinstance(event, ev.ActionDeclared):
        return t(f"sw.log.deed.{event.action}", lang, who=n(event.figure),
                 target=", ".join(n(x) for x in event.targets))
    if isinstance(event, ev.Moved):
        return t(f"sw.log.moved.{event.mode}", lang, who=n(event.figure),
                 dist=number(event.cost / PAS, lang))
    if isinstance(event, ev.StatusChanged):
        return t("sw.log.stunned", lang, who=n(event.figure), tokens=event.value)
    if isinstance(event, ev.Wounded):
        return t("sw.log.wounded", lang, who=n(event.figure), v=event.vitality)
    if isinstance(event, ev.OutOfAction):
        return t("sw.log.out", lang, who=n(event.figure))
    if isinstance(event, ev.Note):
        args = dict(event.args)
        for k in ("who", "target", "figure"):
            if k in args:
                args[k] = n(args[k])
        if "band" in args:
            args["band"] = t(f"sw.band.{args['band']}", lang)
        for k in ("item", "spell"):
            if args.get(k):
                args[k] = _equipment_name(args[k], lang)
        return t(event.key, lang, **args)
    if isinstance(event, ev.GameEnded):
        if event.winner is None:
            return t("sw.log.draw", lang, reason=t(f"sw.reason.{event.reason}", lang))
        return t("sw.log.won", lang, side=event.winner, reason=t(f"sw.reason.{event.reason}", lang))
    return t("sw.log.event", lang, kind=event.kind)
