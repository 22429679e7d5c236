"""Narration of Mortebrume events from the text catalogue (French and English)."""
from __future__ import annotations

from game.core import events as ev
from game.core.state import GameState
from game.core.text import number, t


def _name(state: GameState, fid, lang: str = "fr") -> str:
    if fid is None:
        return "?"
    f = state.figures.get(fid)
    if f is None:
        return str(fid)
    from game.rulesets.mortebrume import stats

    try:
        return stats.profile(f).name.get(lang)
    except KeyError:
        return f.name


def _cm(mm: float, lang: str) -> str:
    return number(mm / 10.0, lang)


def _num(v, lang: str):
    return number(v, lang, None) if isinstance(v, float) else v


def describe(event: ev.Event, state: GameState, lang: str = "fr") -> str:
    n = lambda fid: _name(state, fid, lang)  # noqa: E731
    if isinstance(event, ev.DiceRolled):
        faces = " ".join(str(f) for f in event.faces) or "-"
        apt = dict(event.mods).get("aptitude", 0)
        parts = _total_parts(event, lang)
        return t(f"mb.dice.{event.rule}", lang, who=n(event.who), against=n(event.against),
                 dice=f"{len(event.faces)}D{event.sides}", faces=faces, total=event.result,
                 aptitude=apt, mods=f" ({parts})" if parts else "",
                 sum=sum(event.faces), base=_base(event))
    if isinstance(event, ev.TurnStarted):
        return t("mb.log.turn", lang, turn=event.turn, side=event.first_side)
    if isinstance(event, ev.Activated):
        return t("mb.log.activated", lang, who=", ".join(n(f) for f in event.figures))
    if isinstance(event, ev.ActivationEnded):
        return t("mb.log.activation_ended", lang, who=", ".join(n(f) for f in event.figures))
    if isinstance(event, ev.ActionDeclared):
        kind, _, extra = event.action.partition(":")
        spell = t(f"mb.spell.{extra}", lang) if extra else ""
        return t(f"mb.log.declare.{kind}", lang, who=n(event.figure),
                 target=", ".join(n(x) for x in event.targets), spell=spell)
    if isinstance(event, ev.Moved):
        return t(f"mb.log.moved.{event.mode}", lang, who=n(event.figure), dist=_cm(event.cost, lang))
    if isinstance(event, ev.StatusChanged):
        fig = state.figures.get(event.figure)
        if event.status == "activated" and fig is not None and fig.out:
            return ""                  # a fighter out of combat acts no more anyway
        return t(f"mb.log.status.{event.status}", lang, who=n(event.figure), value=event.value)
    if isinstance(event, ev.Wounded):
        return t("mb.log.wounded", lang, who=n(event.figure), amount=event.amount, v=event.vitality)
    if isinstance(event, ev.OutOfAction):
        return t("mb.log.out", lang, who=n(event.figure))
    if isinstance(event, ev.CombatResolved):
        key = {"attack": "mb.log.passe.attack", "defence": "mb.log.passe.defence"}.get(
            event.winner, "mb.log.passe.both")
        return t(key, lang, attacker=", ".join(n(a) for a in event.attackers),
                 defender=n(event.defender), a=event.hits_attack, d=event.hits_defence)
    if isinstance(event, ev.ReactionChosen):
        return t(f"mb.log.reaction.{event.reaction}", lang, who=n(event.figure),
                 against=n(event.against))
    if isinstance(event, ev.GameEnded):
        reason = t("mb.reason." + event.reason, lang)
        if event.winner is None:
            return t("mb.log.draw", lang, reason=reason)
        return t("mb.log.won", lang, side=event.winner, reason=reason)
    if isinstance(event, ev.Note):
        args = {k: (n(v) if k in ("figure", "other") else _num(v, lang))
                for k, v in event.args.items()}
        if "band" in args:
            args["band"] = t(f"mb.band.{args['band']}", lang)
        if event.key == "mb.note.damage":
            return _damage(args, lang)
        return t(event.key, lang, **args)
    return event.kind


def _total_parts(event: ev.DiceRolled, lang: str) -> str:
    """What an aptitude roll's total is made of: the dice, the aptitude, then each modifier
    and which way it pushes the total (a bonus makes the roll easier, a malus harder)."""
    mods = dict(event.mods)
    parts = []
    if "aptitude" in mods:
        which = "will" if event.rule in ("deploy", "hand") else "skill"
        parts.append(t(f"mb.total.{which}", lang, dice=sum(event.faces), aptitude=mods["aptitude"]))
    for k, v in event.mods:
        if k != "aptitude" and v:
            parts.append(t("mb.mod.easier" if v > 0 else "mb.mod.harder", lang,
                           name=t("mb.mod." + k, lang), n=abs(v)))
    return ", ".join(parts)


def _base(event: ev.DiceRolled) -> int:
    """What a roll's result holds besides its dice (a special strike: the weapon's damage)."""
    return event.result - sum(event.faces) if isinstance(event.result, int) and \
        not isinstance(event.result, bool) else 0


def _damage(args: dict, lang: str) -> str:
    """Damage less armour, and whatever else made the wounds: the armour halved by a blow
    taken, the extra wound of a special strike on a target without armour, the doubling of
    a stunning special strike."""
    why = [t(f"mb.why.{k}", lang) for k in ("halved", "bare", "doubled") if args.get(k)]
    if not why:
        return t("mb.note.damage", lang, **args)
    return t("mb.note.damage_why", lang, **args, why=", ".join(why))
