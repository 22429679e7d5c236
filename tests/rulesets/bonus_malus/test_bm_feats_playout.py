"""Seeded random games with the round-2 mechanics on the table (attribute actions, unseen
figures, leaps, walls and water, guns on the move, reload, backstab, support, a spectre):
every action an agent picks is accepted, no exception, figures never overlap and stay on
the table, vitality stays within its track, and every event is told in both languages."""
from __future__ import annotations

import itertools
import re

import pytest

from game.ai.agents import RandomAgent
from game.core.dice import pcg_seed
from game.core.engine import Engine
from game.core.record import Record
from game.core.state import TerrainPiece
from game.rulesets.bonus_malus.ruleset import RULESET

from .helpers import PAS, game, man

RAW_KEY = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*")


def piece(pid, x0, y0, x1, y1, tags, kind):
    return TerrainPiece(id=pid, kind=kind, tags=list(tags),
                        points=[[x0 * PAS, y0 * PAS], [x1 * PAS, y0 * PAS], [x1 * PAS, y1 * PAS], [x0 * PAS, y1 * PAS]])


def table_game(seed: int):
    base = {"competences": {"initiative": 0, "combat": 1, "tir": 1, "moral": 1, "psi": 1}}
    figs = [
        man("a1", 1, 6, 3, 90, attributes={"etourdissement": 0, "camouflage": 0, "bondissant": None},
            equipment=["arbalete"], **base),
        man("a2", 1, 10, 3, 90, attributes={"pistolero": None, "tirer_en_courant": None, "coup_dans_le_dos": None},
            equipment=["pistolet_plasma", "petit_pistolet_plasma"], **base),
        man("a3", 1, 14, 3, 90,
            attributes={"imposition_mains": 0, "magnetisme": 0, "soutien": None, "personnage": None},
            equipment=["epee", "bouclier", "armure"], **base),
        man("a4", 1, 18, 3, 90, attributes={"sensible_psi": None, "bond_psi": None, "lecture_pensees": 0,
                                            "malaise": 0, "bannissement": 0}, equipment=["lame_energie"], **base),
        man("b1", 2, 6, 21, 270, attributes={"furtif": 0, "charge_en_tirant": None, "marcheur_agile": None},
            equipment=["pistolet", "epee"], **base),
        man("b2", 2, 10, 21, 270, attributes={"expert_fouet": 0, "amphibie": None, "indecelable": None},
            equipment=["fouet", "jet_pack"], **base),
        man("b3", 2, 14, 21, 270, attributes={"spectre": None}, **base),
        man("b4", 2, 18, 21, 270, attributes={"deplacement_limite": None, "lourd": None, "tireur_costaud": None},
            equipment=["fusil", "bouclier"], **base),
    ]
    terrain = [
        piece("mur", 2, 9, 22, 9.2, ["linear"], "wall"),
        piece("riviere", 0, 12, 24, 13.5, ["water"], "water"),
        piece("rochers", 4, 15, 8, 17, ["blocks_sight", "blocks_movement"], "rocks"),
        piece("bois", 15, 5, 19, 7, ["cover", "difficult"], "wood"),
    ]
    st = game(*figs, terrain=terrain, turns=3)
    st.rng = pcg_seed(seed, stream=7)
    eng = Engine(RULESET, st, Record("bonus_malus", 1, "test", seed))
    return eng, {s: RandomAgent(seed * 7 + s) for s in (1, 2)}


@pytest.mark.parametrize("seed", [11, 13])
def test_random_games_with_every_new_mechanic_end_cleanly(seed):
    eng, agents = table_game(seed)
    st = eng.state
    kinds, steps = set(), 0
    while st.outcome is None:
        side = eng.decider()
        action = agents[side].choose(eng.view_for(side))
        assert eng.check(action) is None, action
        kinds.add(action.kind)
        for event in eng.step(action):
            for lang in ("fr", "en"):
                text = RULESET.describe(event, st, lang)
                assert text and "{" not in text and not RAW_KEY.search(text), (lang, event, text)
        steps += 1
        assert steps < 3000
        live = [f for f in st.figures.values() if not f.out]
        for a, b in itertools.combinations(live, 2):
            assert (a.x - b.x) ** 2 + (a.y - b.y) ** 2 >= (a.radius + b.radius - 0.05) ** 2
        for f in live:
            assert f.radius - 0.5 <= f.x <= st.width - f.radius + 0.5
            assert f.radius - 0.5 <= f.y <= st.height - f.radius + 0.5
        assert all(0 <= f.vitality <= f.max_vitality for f in st.figures.values())
    assert kinds & {"leap", "etourdissement", "camouflage", "furtif", "tirer_en_courant", "charge_en_tirant",
                    "imposition_mains", "magnetisme", "lecture_pensees", "malaise", "expert_fouet", "rechargement"}
