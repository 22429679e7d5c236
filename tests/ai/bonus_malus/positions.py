"""More hand-built Bonus / Malus positions (pas; facing in degrees, 0 = +x), each opening
our figure ``me``'s activation (side 1): the beacon next to a strong melee enemy, and a
beast of the neutral group that hunts the enemy, not us."""
from __future__ import annotations

from tests.ai.bonus_malus_positions import SHOOTER, _open
from tests.rulesets.bonus_malus.helpers import PAS, game, man

BEACON = (12 * PAS, 10.5 * PAS)


def beacon_by_the_brute(y: float = 6.0):
    """Extraction: our runner stands ``y`` pas down the table, the beacon 4.5 pas ahead of
    it; an enemy swordsman in armour (Combat 2) stands less than a pas beyond the beacon.
    Picking the beacon up ends the activation at the swordsman's feet: it charges, takes
    our runner out and the beacon falls to its team."""
    return _by_the_brute(man("me", 1, 12, y, 90, equipment=["pistolet"], **SHOOTER))


def beast_on_the_enemy(moved: bool = True):
    """Accrochage: our gunman has moved (``moved``: its last action left); a prowler of
    the neutral group (hostile within 12 pas) stands 9 pas in front of our gunman, within
    its pistol's long range; the enemy is 7 pas beyond the prowler, out of our range, and
    is its prey (the nearest). The prowler harms none of ours: a shot at it takes nothing
    from the enemy and may spare it."""
    st = game(man("me", 1, 12, 2, 90, equipment=["pistolet"], **SHOOTER),
              man("beast", 3, 12, 12, 90, competences={"initiative": 1, "combat": 0, "moral": -1},
                  attributes={"ferocite": None, "rapide": None, "robuste": None}),
              man("foe", 2, 12, 20, 270, equipment=["pistolet"], **SHOOTER),
              neutral=(3,))
    st.sides[3].extras["agent"] = {"radius": 12 * PAS}
    return _open(st, "me", done=["move"] if moved else (), spent=int(moved))


def beast_on_us(moved: bool = True):
    """The same gunman and prowler, but the enemy stands far off (out of its radius): we are its prey,
    and it may charge next turn. A shot at it now is worth taking."""
    st = game(man("me", 1, 12, 2, 90, equipment=["pistolet"], **SHOOTER),
              man("beast", 3, 12, 10, 90, competences={"initiative": 1, "combat": 0, "moral": -1},
                  attributes={"ferocite": None, "rapide": None, "robuste": None}),
              man("foe", 2, 22, 23, 270, equipment=["pistolet"], **SHOOTER),
              neutral=(3,))
    st.sides[3].extras["agent"] = {"radius": 12 * PAS}
    return _open(st, "me", done=["move"] if moved else (), spent=int(moved))


def beacon_among_friends():
    """Extraction, from a lost game: the same runner, beacon and swordsman, but two more of
    ours stand within the swordsman's reach. It may strike any of them, yet the one that
    picks the beacon up is the one it goes for: the runner must not count on its friends
    drawing the blow."""
    return _by_the_brute(man("me", 1, 12, 6, 90, equipment=["pistolet"], **SHOOTER),
                         man("pal", 1, 9.5, 9.5, 90, equipment=["pistolet"], **SHOOTER),
                         man("pal2", 1, 14.5, 9.5, 90, equipment=["pistolet"], **SHOOTER))


def _by_the_brute(*ours):
    """Extraction: ``ours`` (the runner "me" first, to act), the armoured swordsman less
    than a pas beyond the beacon, and a far dagger man."""
    st = game(*ours, man("brute", 2, 12, 12.2, 270, equipment=["epee_sonique", "armure"],
                         competences={"initiative": 1, "combat": 2, "moral": 1}),
              man("foe", 2, 2, 22, 270, equipment=["dague"]))
    st.extras["objective"] = {"type": "extraction", "point": [BEACON[0], BEACON[1]]}
    st.extras["zones"] = {"1": [[0, 0, 24, 4]], "2": [[0, 20, 24, 4]]}
    return _open(st, "me")


def the_breaking_shot():
    """Our rifleman has moved (its shot left); the enemy team has lost two of its four, so
    its next loss puts it past half lost and the other survivor tests its Moral once (a
    failure: it flees for good). Its chief (a pistol, Moral-) and its grunt (a dagger,
    Moral 2+) stand in the open at the same range, worth the same. Shot down, the grunt
    leaves the chief a test it fails three times in four; shot down, the chief leaves the
    grunt one it fails once in eight: the grunt is the shot, though the chief is the one
    who could shoot back."""
    gone = [man(f"gone{k}", 2, 20 + k, 23, 270, equipment=["dague"]) for k in (1, 2)]
    for g in gone:
        g.out = True
    st = game(*gone,
              man("me", 1, 12, 4, 90, equipment=["fusil_plasma"], **SHOOTER),
              man("chief", 2, 8, 14, 270, equipment=["pistolet", "armure_legere"],
                  competences={"tir": 1, "moral": -1}),
              man("grunt", 2, 16, 14, 270, equipment=["dague"], competences={"moral": 2}))
    return _open(st, "me", done=["move"], spent=1)


def _rock(x0: float, y0: float, x1: float, y1: float):
    from game.core.state import TerrainPiece

    return TerrainPiece(id="rock", kind="rocks", tags=["blocks_sight", "blocks_movement"],
                        points=[[x0 * PAS, y0 * PAS], [x1 * PAS, y0 * PAS], [x1 * PAS, y1 * PAS],
                                [x0 * PAS, y1 * PAS]])


def the_gunner_goes_for_the_chief():
    """Side 1's secret pick, from a lost game (Première partie): an enemy gunner (plasma
    gatling, three shots) faces our chief (40 points, a pistol, out of range) and a cheap
    rifleman (12 points) who has a shot at it; a rock stands within the chief's move. Both
    of ours are in the gunner's reach, but its blow is worth far more on the chief: that is
    where it goes. The chief acts first (out of its sight); the rifleman's shot can wait."""
    from game.rulesets.bonus_malus import flow
    from tests.rulesets.bonus_malus.helpers import engine

    st = game(man("me", 1, 12, 9, 90, equipment=["pistolet_plasma"], attributes={"personnage": None}, **SHOOTER),
              man("pal", 1, 6, 9, 90, equipment=["fusil_plasma"], **SHOOTER),
              man("gun", 2, 12, 21, 270, equipment=["mitrailleuse_plasma", "armure_lourde"]),
              terrain=[_rock(14.5, 10.5, 17.5, 12.5)])
    st.extras["points"] = {"me": 40.0, "pal": 12.0, "gun": 32.0}
    assert st.pending and st.pending[-1].kind == flow.PICK and st.pending[-1].side == 1
    return engine(st)


def cornered(x: float = 0.6, y: float = 0.6):
    """Le nid, from a lost game: our gunman stands in a table corner (its activation
    opening), an enemy swordsman three pas off on the diagonal."""
    st = game(man("me", 1, x, y, 45, equipment=["pistolet"], **SHOOTER),
              man("brute", 2, x + 3, y + 3, 225, equipment=["epee_sonique"]))
    return _open(st, "me")


def the_shot_after_a_move():
    """Side 1's secret pick, turn one (Première partie's race: who shoots first): our
    gunman (pistol, range 5) stands out of range of an enemy in the open, but a move brings
    it within range this activation; our clubman has nobody near. Nobody threatens either:
    the pick goes to the figure with a move and a shot in it."""
    from game.rulesets.bonus_malus import flow
    from tests.rulesets.bonus_malus.helpers import engine

    st = game(man("club", 1, 20, 3, 90, equipment=["matraque"]),
              man("rifle", 1, 4, 3, 90, equipment=["pistolet_plasma"], **SHOOTER),
              man("prey", 2, 4, 16, 270, equipment=["dague"]),
              man("other", 2, 22, 22, 270, equipment=["dague"]))
    assert st.pending and st.pending[-1].kind == flow.PICK and st.pending[-1].side == 1
    return engine(st)


def held_by_the_sword():
    """Accrochage, from a game lost to random: our gunman stands base to base with an enemy
    swordsman (nobody else in that melee), its activation opening."""
    st = game(man("me", 1, 12, 12, 0, equipment=["pistolet", "armure"], **SHOOTER),
              man("brute", 2, 12, 12, 180, equipment=["epee_sonique"], competences={"combat": 1}))
    me, brute = st.figures["me"], st.figures["brute"]
    brute.x = me.x + me.radius + brute.radius
    return _open(st, "me")


def the_seer_in_range():
    """Side 1's secret pick: our seer (Psi 1, Psi arc: range 10, no gun) stands 8 pas from
    an enemy in the open, out of its move; our clubman has nobody near, and nobody threatens
    either. The seer's blast is its whole plan (the quick plan, which knows shots and
    charges only, sees nothing there): the pick goes to it."""
    from game.rulesets.bonus_malus import flow
    from tests.rulesets.bonus_malus.helpers import engine

    st = game(man("seer", 1, 4, 4, 90, competences={"psi": 1}, attributes={"sensible_psi": None, "arc_psi": None},
                  equipment=["dague"]),
              man("club", 1, 20, 3, 90, equipment=["matraque"]),
              man("prey", 2, 4, 13, 270, equipment=["dague"]),
              man("other", 2, 22, 22, 270, equipment=["dague"]))
    assert st.pending and st.pending[-1].kind == flow.PICK and st.pending[-1].side == 1
    return engine(st)


HIDDEN_BEACON = (8.6, 10.3)


def beacon_behind_the_rock():
    """Extraction, from a lost game (the beacon behind a building): our runner stands 2
    pas down the table, no enemy near; a rock (blocking movement) stands between it and
    the beacon, which lies just beyond the rock's far side. A straight run at the beacon
    goes through the rock (the rules refuse it); the run that goes for the rock's corner
    ends a couple of pas from the beacon."""
    st = game(man("me", 1, 12, 2, 90, equipment=["pistolet"], **SHOOTER),
              man("foe", 2, 2, 22, 270, equipment=["dague"]),
              terrain=[_rock(7.9, 7.3, 10.1, 8.6)])
    st.extras["objective"] = {"type": "extraction", "point": [HIDDEN_BEACON[0] * PAS, HIDDEN_BEACON[1] * PAS]}
    st.extras["zones"] = {"1": [[0, 0, 24, 4]], "2": [[0, 20, 24, 4]]}
    return _open(st, "me")
