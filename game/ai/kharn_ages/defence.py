"""The Khârn-Ages AI's defence policy: the hot-seat advisor's ranking of the defences
against a known attack total (``odds.advise_defence``, K-R23), with the price of each PA
spent set by what it would still save before the defender's next activation rather than
a fixed one. The planner answers every ``defend`` decision with ``advise``; a session that
lets the advice answer for a person may call it the same way (``game/ui/advised.py`` plays
the rules' fixed-price advice, ``hints["advised"]``)."""
from __future__ import annotations

from game.ai.kharn_ages import threat as T
from game.core.actions import ActionChoice
from game.core.state import GameState
from game.rulesets.kharn_ages import codes, fight
from game.rulesets.kharn_ages.cards import fighter
from game.rulesets.kharn_ages.odds import advise_defence


def advise(st: GameState, c: ActionChoice, prof: dict | None = None) -> str:
    """The defence to answer ``c`` (a ``defend`` template) with, in the side's view ``st``:
    the advisor's ranking (``odds.advise_defence``, K-R23) with each PA priced at what it
    still saves against the enemies to come (``threat.defence_pa_price``), a blow that
    would fell the defender weighing its fall too; the code offered that matches it."""
    prof = prof or {}
    fght = fight.current(st)
    if fght is None:
        return c.hints["advised"]
    att = fighter(st, st.figures[fght["att"]])
    dfn = fighter(st, st.figures[fght["dfn"]])
    price = T.defence_pa_price(st, dfn, float(prof.get("later", 0.5)))
    build = codes.attack_build(fght["code"])
    aroll = fight._roll_of(att, fght["a"], "melee")
    inc = fight.incoming(att, fght)
    offered = set(c.values)
    ranked = advise_defence(att, dfn, build, aroll, inc, pa_value=price, assault=bool(fght["sit"]["assault"]))
    bonus = float(prof.get("kill_bonus", 10)) * 0.5

    def key(a) -> float:                     # a blow that would fell it weighs its fall too
        hit = a.loss / max(1e-9, 1.0 - a.hold) if a.hold < 1.0 else 0.0
        return a.score + ((1.0 - a.hold) * bonus if hit >= dfn.fig.vitality else 0.0)

    for a in sorted(ranked, key=key):
        d = a.defence
        tries = [d]
        if d is not None and d.chars and not d.discard:
            best = max(d.chars, key=dfn.char)
            tries.insert(0, type(d)(d.chars, shield=d.shield, damage=best))
        for t in tries:
            code = codes.defence_code(t)
            if code in offered:
                return code
    return c.hints["advised"]
