"""Skills that step into a melee exchange as decisions of the game flow (K-R57, K-R42 as
amended by K-R119):

- Bretteur X: once the opponent's melee attack or defence roll is thrown (and its own re-roll
  prompt answered), a swordsman with that roller in its zone of control, its Bretteur not used
  since its activation, may make it re-roll up to X dice of its choice: a ``bretteur``
  decision of the swordsman's side (values: dice indexes, several up to X) or ``skip``;
- Sadique: once the defence is known and the attack hits, the attacker may add X PA to it for
  X damage (before the armour roll): a ``sadique`` decision of its side (values 1 to the PA it
  has left) or ``skip``;
- Autorité: a roller with no mastery die of the domain left may spend one of a friend with
  Autorité (neither terrorised nor frightened, the roller within its aura): the re-roll prompt
  offers it (``context["lender"]``).

The fight records what was asked (``fight["a"]["bretteur"]``, ``fight["d"]["bretteur"]``,
``fight["sadique_asked"]``) so each is asked once."""
from __future__ import annotations

from typing import Any

from game.core.events import Note
from game.core.state import Decision, GameState

from . import dice as D
from . import morale_flow as MF
from .cards import fighter
from .fighter import Fighter

BRETTEUR, SADIQUE = "bretteur", "sadique"
KINDS = (BRETTEUR, SADIQUE)


def swordsman_for(state: GameState, table, fight: dict[str, Any], which: str) -> Fighter | None:
    """The opponent who may force a re-roll of this melee roll (``which``: "a" or "d")."""
    if fight.get("rule", "attack") != "attack" or fight[which].get("bretteur") is not None:
        return None
    roller = fight["att"] if which == "a" else fight["dfn"]
    other = fight["dfn"] if which == "a" else fight["att"]
    s = fighter(state, state.figures[other])
    if not s.has("bretteur") or s.status.get("bretteur_used") or s.fig.out or s.status.get("knocked_out"):
        return None
    return s if MF.in_zone(table, s, [state.figures[roller]]) else None


def ask_bretteur(state: GameState, ctx, fight: dict[str, Any], which: str) -> bool:
    """Push the swordsman's decision when one is due; True when it was."""
    s = swordsman_for(state, ctx.table, fight, which)
    if s is None:
        return False
    fight[which]["bretteur"] = s.id
    roller = fight["att"] if which == "a" else fight["dfn"]
    state.pending.append(Decision(kind=BRETTEUR, side=s.fig.side, figure=s.id,
                                  options=list(range(len(fight[which]["faces"]))),
                                  context={"x": s.skill("bretteur"), "roll": which, "roller": roller}))
    return True


def answer_bretteur(state: GameState, ctx, indexes: tuple[int, ...] | None) -> None:
    """The swordsman forces these dice to be re-rolled (None or empty: it lets the roll be)."""
    from . import fight as FT

    d = state.pending.pop()
    fight = FT.current(state)
    which = d.context["roll"]
    if indexes:
        who, other = (fight["att"], fight["dfn"]) if which == "a" else (fight["dfn"], fight["att"])
        f = fighter(state, state.figures[who])
        domain = FT.attack_domain(fight) if which == "a" else "defence"
        rule = FT.attack_rule(fight) if which == "a" else "defence"
        r = FT._open(state, f, fight[which], rule, domain, other)
        D.bretteur(ctx, r, fighter(state, state.figures[d.figure]), tuple(int(i) for i in indexes))
        fight[which] = {**FT._store(r), "bretteur": d.figure}
        ctx.emit(Note(key="ka.log.bretteur", args={"who": d.figure, "target": who, "n": len(indexes)}))
    else:
        ctx.emit(Note(key="ka.log.skip.bretteur", args={"who": d.figure}))
    FT._rolled(state, ctx)


def ask_sadique(state: GameState, fight: dict[str, Any], hit: bool) -> bool:
    """After a hit is known: the Sadique attacker's decision, once; True when pushed."""
    if not hit or fight.get("rule", "attack") != "attack" or fight.get("sadique_asked"):
        return False
    att = fighter(state, state.figures[fight["att"]])
    if not att.has("sadique") or att.pa < 1:
        return False
    fight["sadique_asked"] = True
    state.pending.append(Decision(kind=SADIQUE, side=att.fig.side, figure=att.id,
                                  options=list(range(1, att.pa + 1)), context={"target": fight["dfn"]}))
    return True


def answer_sadique(state: GameState, ctx, x: int) -> None:
    """X PA more on the hit (0: none); then the exchange concludes."""
    from . import fight as FT

    state.pending.pop()
    fight = FT.current(state)
    fight["sit"]["sadique"] = int(x)
    ctx.emit(Note(key="ka.log.sadique" if x else "ka.log.skip.sadique", args={"who": fight["att"], "n": int(x)}))
    FT.finish_after_sadique(state, ctx, fight)


def lender(state: GameState, f: Fighter, domain: str) -> Fighter | None:
    """A friend with Autorité who may spend its mastery die on the figure's roll (the figure
    has none of the domain left, K-R57)."""
    if D.mastery_die(f, domain) is not None:
        return None
    for fig in state.figures_of(f.fig.side):
        if fig.id == f.id:
            continue
        g = fighter(state, fig)
        if g.has("autorite") and not g.status.get("frightened") and not max(g.status.get("temerity", {}).values(),
                                                                             default=0) \
                and D.mastery_die(g, domain) is not None and MF.in_aura(g, f.fig):
            return g
    return None
