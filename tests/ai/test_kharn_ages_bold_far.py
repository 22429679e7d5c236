"""Khârn-Ages AI puzzle: a slow figure far from the enemy, its side level at 0-0 with two
turns left, walks in (``bold_far``). Game 34 of ``sim`` normal v random on *La lisière
d'Euthéria* (seed 518), turn 3: the Tembos stood still from turn 2 and the game ended 0-0.
The Tembo elder, once it has rallied and thrown, walks toward the Guild instead of ending
its activation."""
from __future__ import annotations

from game.ai.agents import make_agent
from game.core.actions import Action
from game.core.engine import Engine
from game.rulesets.kharn_ages.flow import data

SEEDS = range(10)   # measured on 20: it walks in 20 of 20, the control in none
# where everyone stood (mm) and what of their state matters, when the elder's turn came
TABLE = {
    'k1_00_ancien_tembo': (103.4, 69.8, {'pa': 6, 'walks': 0, 'alert': False}),
    'k1_01_protecteur_d_adansonia': (224.0, 99.9, {'pa': 5, 'walks': 0, 'alert': False}),
    'k1_02_jeune_tembo': (340.6, 70.0, {'pa': 4, 'walks': 0, 'alert': False, 'spells': [
        {'spell': 'ecorce', 'by': 'k1_03_pretresse_khemiste', 'char': 'C', 'delta': 1},
        {'spell': 'ecorce', 'by': 'k1_03_pretresse_khemiste', 'char': 'A', 'delta': 1},
        {'spell': 'egide', 'by': 'k1_03_pretresse_khemiste', 'char': 'A', 'delta': 1}]}),
    'k1_03_pretresse_khemiste': (440.0, 40.0, {'pa': 1, 'walks': 0, 'alert': False}),
    'k1_04_gardien_khemiste': (520.0, 40.0, {'pa': 4, 'walks': 0}),
    'k2_00_maitre_de_guilde': (70.0, 560.0, {'pa': 6, 'walks': 0, 'alert': False, 'armour_off': True}),
    'k2_01_spadassin': (193.2, 381.4, {'pa': 0, 'walks': 3, 'alert': False, 'armour_off': True}),
    'k2_02_brute_de_la_guilde': (255.0, 560.0, {'pa': 5, 'walks': 0, 'alert': False, 'armour_off': True}),
    'k2_03_empoisonneuse': (350.0, 560.0, {'pa': 5, 'walks': 0, 'alert': True}),
    'k2_04_coupe_jarret': (411.0, 542.1, {'pa': 0, 'walks': 1, 'alert': False, 'armour_off': True}),
    'k2_05_arbaletrier_de_la_guilde': (465.1, 458.6, {'pa': 0, 'walks': 1, 'alert': True, 'armour_off': True}),
}


def _turn_three() -> Engine:
    eng = Engine.new("kharn_ages", "lisiere_d_eutheria", 1)
    st = eng.state
    st.turn = 3
    for fid, (x, y, status) in TABLE.items():
        f = st.figures[fid]
        f.x, f.y = x, y
        f.status.update(status)
    data(st)["done"] = ["k1_03_pretresse_khemiste", "k2_01_spadassin"]
    st.to_act = 1
    return eng


def _walks_in(seed: int, bold_far: bool) -> bool:
    eng = _turn_three()
    eng.step(Action("activate", "k1_00_ancien_tembo"))
    agent = make_agent("ai:normal", seed)
    agent.load("kharn_ages")
    agent.profile["bold_far"] = bold_far
    kinds = []
    while eng.decider() == 1 and eng.state.activation is not None and len(kinds) < 6:
        action = agent.choose(eng.view_for(1))
        assert eng.check(action) is None
        kinds.append(action.kind)
        eng.step(action)
    return "walk" in kinds


def test_the_elder_walks_in_when_the_clock_runs_out():
    assert sum(_walks_in(seed, True) for seed in SEEDS) >= 9


def test_control_without_bold_far_it_stays():
    assert sum(_walks_in(seed, False) for seed in SEEDS) <= 2
