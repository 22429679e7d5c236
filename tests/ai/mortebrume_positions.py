"""Hand-built Mortebrume positions for the AI tests (cm, facing in degrees)."""
from __future__ import annotations

from tests.rulesets.mortebrume.sandbox import act, fig, rect, sandbox, step

PUZZLE_SEEDS = range(20)


def solved(eng, good, level: str = "ai:difficile", seeds=PUZZLE_SEEDS) -> int:
    """How many of the seeds' agents at ``level`` choose a legal action that ``good`` accepts."""
    from game.ai.agents import make_agent

    n = 0
    for seed in seeds:
        a = make_agent(level, seed).choose(eng)
        assert eng.check(a) is None
        n += bool(good(a))
    return n


def back_turned():
    """Our recruit between two enemy recruits in reach: one faces it with a low wall at its
    back, the other shows its back."""
    eng = sandbox([fig(1, "meleien_recrue", 20, 30, 0, name="me"),
                   fig(2, "meleien_recrue", 23.5, 27, 180, name="front"),
                   fig(2, "meleien_recrue", 23.5, 33, 0, name="back")],
                  terrain=[rect("w", "muret", 25.3, 22, 1.5, 8)])
    step(eng, act("activate", "me"))
    return eng


def heavy_blow():
    """Guéorwen's greatsword swings at a Shiméien recruit at the heavy band (3 cm): taking
    it means 5 wounds on 5 physique; a dodge (7 + D10 against 6 + D8) mostly works."""
    eng = sandbox([fig(1, "shimeien_recrue", 20, 30, 0, name="me"),
                   fig(2, "gueorwen", 25.5, 30, 180, name="brute")], to_act=2)
    step(eng, act("activate", "brute"))
    step(eng, act("strike", "brute", "me", value="epee_deux_mains"))
    return eng


def wounded_lord():
    """Our lord is down to 3 physique, a destiny point in reserve, the enemy far in the mist."""
    eng = sandbox([fig(1, "meleien_seigneur", 10, 30, 0, name="lord"),
                   fig(1, "meleien_recrue", 10, 40, 0, name="rec"),
                   fig(2, "meleien_recrue", 65, 30, 180, name="far")], destiny=(1, 0))
    eng.state.figures["lord"].vitality = 3
    return eng


def crossbow(hidden_at=None):
    """A fragile sprite 22 cm from a crossbowman in a 15 cm mist (seen by a companion):
    walking straight at it ends inside its sight and range. ``hidden_at``: an extra enemy
    placed in the mist, unseen by side 1."""
    figs = [fig(1, "farfadet", 10, 30, 0, name="sprite"),
            fig(1, "meleien_recrue", 38, 42, 270, name="watch"),
            fig(2, "thanigiste_arbaletrier", 35, 30, 180, name="xbow")]
    if hidden_at is not None:
        figs.append(fig(2, "thanigiste_recrue", hidden_at[0], hidden_at[1], 180, name="ghost"))
    eng = sandbox(figs, mist=15)
    step(eng, act("activate", "sprite"))
    return eng


def about_face(ghosts=((8, 70), (70, 8), (70, 70))):
    """Our lord (without a reserved action: its choices are moves and blows) turns its
    back on an enemy recruit its companion sees through a 15 cm mist: the way to it lies
    behind the lord, where neither of ours can see. ``ghosts``: enemies none of side 1
    sees (moved about by the hidden-information tests)."""
    figs = [fig(1, "thanigiste_seigneur", 30, 30, 180, name="me"),
            fig(1, "meleien_recrue", 52, 18, 90, name="watch"),
            fig(2, "meleien_recrue", 45, 30, 180, name="prey")]
    for i, (x, y) in enumerate(ghosts):
        figs.append(fig(2, "thanigiste_recrue", x, y, 180, name=f"ghost{i}"))
    eng = sandbox(figs, mist=15)
    step(eng, act("activate", "me"))
    return eng


def after_casting():
    """Issue 17, a game lost to greedy (pierre_de_brume, seed 1, seats swapped, turn 3): our
    pyromancer has cast and may still walk half of what is left; a crossbowman stands 24 cm
    away in a 20 cm mist (seen by a companion), an enemy recruit closer. Any step forward
    ends nearer the crossbow: staying (or stepping back) is right."""
    figs = [fig(1, "meleien_pyromancien", 20, 30, 0, name="pyro"),
            fig(1, "meleien_recrue", 22, 40, 0, name="mate"),
            fig(2, "thanigiste_arbaletrier", 46.5, 30, 180, name="xbow"),
            fig(2, "thanigiste_recrue", 36, 42, 180, name="rec")]
    eng = sandbox(figs, mist=20)
    step(eng, act("activate", "pyro"))
    eng.state.activation.update({"acted": True, "spell": True})
    return eng


def walled_off():
    """Issue 17, a game lost to greedy (pierre_de_brume, seed 2, turn 3): a wounded mist
    caster stands behind our dryad and sprite, the mist stone's rock beside them; our wolf
    plans its best blow on the caster, but no way around them fits its base. The sprite
    next to the caster can strike."""
    figs = [fig(1, "dryade", 26.2, 36.1, 72, name="dryad"),
            fig(1, "loup_brume", 30.1, 29.6, 57, name="wolf"),
            fig(1, "farfadet", 31.2, 35.8, 297, name="sprite"),
            fig(2, "shimeien_brumiste", 27.8, 40.8, 281, name="caster"),
            fig(2, "shimeien_recrue", 38.9, 41.3, 204, name="rec")]
    eng = sandbox(figs, terrain=[rect("rock", "rocher", 36, 36, 3, 3)])
    eng.state.figures["caster"].vitality = 4
    return eng


STONE = {"type": "hold", "at": (37.5, 37.5), "radius": 8, "target": 3}


def _table(scenario: str) -> list:
    """The terrain of one of the game's scenarios."""
    from game.core.engine import Engine

    return list(Engine.new("mortebrume", scenario, 1).state.terrain)


def behind_the_wall():
    """Issue 17, a game lost to greedy (pierre_de_brume, seed 2, turn 4; it stood there to
    turn 7): our troll stands behind a low wall, the fight and the mist stone (a rock)
    beyond it. No straight step brings it nearer: the way is round the wall's end."""
    figs = [fig(1, "troll_des_tourbes", 37, 21.1, 139, name="troll"),
            fig(1, "korrigan_lanceur", 34.6, 33.4, 282, name="thrower", activated=True),
            fig(1, "loup_brume", 26.3, 38.4, 0, name="wolf", activated=True,
                reserved_used=True),
            fig(2, "shimeien_seigneur", 32.1, 31.9, 108, name="lord", activated=True),
            fig(2, "shimeien_veteran", 32.2, 39.6, 349, name="veteran", activated=True),
            fig(2, "shimeien_recrue", 36.6, 41.4, 226, name="rec", activated=True),
            fig(2, "shimeien_recrue", 33.6, 36.3, 289, name="rec2", activated=True)]
    eng = sandbox(figs, victory=dict(STONE), terrain=_table("pierre_de_brume"))
    eng.state.turn = 4
    eng.state.max_turns = 8
    step(eng, act("activate", "troll"))
    return eng


def lone_holder():
    """Issue 17 (pierre_de_brume, seed 2): our wolf is the only one of ours at the mist
    stone, an enemy recruit beside it; a wounded archer farther off invites a blow that
    would leave the stone to the enemy at the turn's end (the last turn, 0 to 0)."""
    figs = [fig(1, "loup_brume", 37.5, 31, 0, name="wolf"),
            fig(1, "korrigan_lanceur", 12, 12, 0, name="mate", activated=True),
            fig(2, "shimeien_recrue", 43, 35, 180, name="holder", activated=True),
            fig(2, "shimeien_archer", 50, 22, 180, name="archer", activated=True)]
    eng = sandbox(figs, victory=dict(STONE),
                  terrain=[rect("stone", "rocher", 35.5, 35.5, 4, 4)])
    eng.state.turn = eng.state.max_turns = 8
    eng.state.figures["archer"].vitality = 2
    step(eng, act("activate", "wolf"))
    return eng


def stun_awaits():
    """Issue 17, games lost to greedy (pierre_de_brume): our side holds the hand; a
    Shiméien lord still to act, its chilling chant in reach of our bog troll, would stun
    it before it acts, as it did turn after turn while the troll waited behind the wolf.
    The wolf, far from the lord, has a recruit to strike: it loses nothing by waiting."""
    return sandbox([fig(1, "troll_des_tourbes", 20, 30, 0, name="troll"),
                    fig(1, "loup_brume", 20, 50, 0, name="wolf"),
                    fig(2, "shimeien_recrue", 30, 52, 180, name="rec"),
                    fig(2, "shimeien_seigneur", 45, 30, 180, name="lord")], mist=25)
