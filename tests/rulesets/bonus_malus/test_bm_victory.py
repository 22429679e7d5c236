"""How Bonus / Malus games end (victory.py, B-R45, B-R66): points of enemies taken out at the
limit, the extraction beacon picked up, carried, dropped and brought off the opposing edge,
the nest held at consecutive turn ends (contested by any other side, the neutral group
included). Whole games of each scenario are played by the contract (test_bm_contract)."""
from __future__ import annotations

from game.core.events import Note
from game.rulesets.bonus_malus import victory as V
from tests.rulesets.bonus_malus.helpers import PAS, game, man


class Ctx:
    def __init__(self):
        self.events = []

    def emit(self, event) -> None:
        self.events.append(event)


def notes(ctx: Ctx) -> list[str]:
    return [e.key for e in ctx.events if isinstance(e, Note)]


def three_sides(*figures):
    st = game(*figures, neutral=(3,))
    st.extras["zones"] = {"1": [[0, 0, 24, 4]], "2": [[0, 20, 24, 4]]}
    return st


def test_at_the_limit_the_team_that_took_more_points_wins():
    st = three_sides(man("a1", 1, 5, 2), man("a2", 1, 7, 2), man("b1", 2, 5, 22), man("b2", 2, 7, 22),
                     man("n", 3, 12, 12))
    st.extras["points"] = {"a1": 40, "a2": 10, "b1": 15, "b2": 15, "n": 30}
    st.figures["a2"].out = True          # side 2 took 10 points
    st.figures["b1"].out = True          # side 1 took 15 points
    st.figures["n"].out = True           # the neutral group's losses count for nobody
    assert V.scores(st) == {1: 15.0, 2: 10.0, 3: 0.0}
    assert V.decided(st) is None
    st.turn = st.max_turns + 1
    out = V.decided(st)
    assert (out.winner, out.reason, out.scores) == (1, "turns", [15.0, 10.0, 0.0])
    st.figures["a1"].out = True          # now side 2 took 50: it wins, by elimination first
    assert (V.decided(st).winner, V.decided(st).reason) == (2, "elimination")


def test_the_beacon_is_picked_up_carried_dropped_and_brought_off_the_far_edge():
    st = three_sides(man("a1", 1, 12, 12.6), man("a2", 1, 8, 3), man("b1", 2, 12, 14), man("n", 3, 3, 12))
    st.extras["objective"] = {"type": "extraction", "point": [12 * PAS, 12 * PAS]}
    ctx = Ctx()
    V.track(st, ctx)                     # a1's base (half a pas round) touches the point
    obj = st.extras["objective"]
    assert obj["holder"] == "a1" and notes(ctx) == ["bm.log.token_picked"]
    a1 = st.figures["a1"]
    a1.x, a1.y = 10 * PAS, 16 * PAS
    V.track(st, ctx)
    assert obj["point"] == [10 * PAS, 16 * PAS] and obj.get("winner") is None
    a1.out = True                        # falls: the beacon stays where it lies
    V.track(st, ctx)
    assert obj["holder"] is None and obj["point"] == [10 * PAS, 16 * PAS]
    assert notes(ctx)[-1] == "bm.log.token_dropped"
    b1 = st.figures["b1"]                # side 2 deployed at the bottom: it runs for the top
    b1.x, b1.y = 10 * PAS, 16.4 * PAS
    V.track(st, ctx)
    assert obj["holder"] == "b1"
    b1.y = 1.2 * PAS                     # its base 0.7 pas from the top edge: not there yet
    V.track(st, ctx)
    assert obj.get("winner") is None
    b1.y = 0.9 * PAS                     # 0.4 pas: off the table with the beacon
    V.track(st, ctx)
    assert obj["winner"] == 2 and notes(ctx)[-1] == "bm.log.token_out"
    out = V.decided(st)
    assert (out.winner, out.reason) == (2, "extraction")


def test_a_neutral_figure_never_picks_up_the_beacon():
    st = three_sides(man("a1", 1, 5, 2), man("b1", 2, 5, 22), man("n", 3, 12, 12))
    st.extras["objective"] = {"type": "extraction", "point": [12 * PAS, 12 * PAS]}
    V.track(st, Ctx())
    assert st.extras["objective"].get("holder") is None


def test_the_nest_is_won_by_holding_it_alone_at_consecutive_turn_ends():
    st = three_sides(man("a1", 1, 12, 13), man("b1", 2, 5, 22), man("n", 3, 12, 10.5))
    st.extras["objective"] = {"type": "nest", "point": [12 * PAS, 12 * PAS], "radius": 2 * PAS, "hold": 2,
                              "turn": st.turn}
    obj, ctx = st.extras["objective"], Ctx()
    V.track(st, ctx)                     # no turn end yet: nothing counted
    assert obj.get("streak") is None
    st.turn += 1                         # a turn end with the guardian in the nest: contested
    V.track(st, ctx)
    assert (obj["holder"], obj["streak"]) == (None, 0)
    st.figures["n"].out = True
    st.turn += 1
    V.track(st, ctx)
    assert (obj["holder"], obj["streak"], obj.get("winner")) == (1, 1, None)
    st.turn += 1
    V.track(st, ctx)
    assert obj["winner"] == 1 and notes(ctx) == ["bm.log.nest_held", "bm.log.nest_held"]
    assert (V.decided(st).winner, V.decided(st).reason) == (1, "nest")


def test_a_break_in_the_hold_starts_the_count_again():
    st = three_sides(man("a1", 1, 12, 13), man("b1", 2, 12, 16), man("n", 3, 2, 12))
    st.extras["objective"] = {"type": "nest", "point": [12 * PAS, 12 * PAS], "radius": 2 * PAS, "hold": 2,
                              "turn": st.turn}
    obj = st.extras["objective"]
    st.turn += 1
    V.track(st, Ctx())
    assert (obj["holder"], obj["streak"]) == (1, 1)
    st.figures["b1"].y = 14 * PAS        # side 2 comes within the radius: contested
    st.turn += 1
    V.track(st, Ctx())
    assert (obj["holder"], obj["streak"]) == (None, 0)
    st.figures["a1"].out = True
    st.turn += 1
    V.track(st, Ctx())
    assert (obj["holder"], obj["streak"], obj.get("winner")) == (2, 1, None)



def test_the_objective_events_and_reasons_are_told_in_both_languages():
    import re

    from game.core.events import GameEnded
    from game.rulesets.bonus_malus.narration import describe

    st = three_sides(man("a1", 1, 12, 12.6), man("b1", 2, 5, 22), man("n", 3, 3, 12))
    st.extras["objective"] = {"type": "extraction", "point": [12 * PAS, 12 * PAS]}
    ctx = Ctx()
    V.track(st, ctx)
    st.figures["a1"].y = 23.2 * PAS
    V.track(st, ctx)
    st.figures["a1"].out = True
    ctx.emit(Note(key="bm.log.token_dropped", args={"who": "a1"}))
    ctx.emit(Note(key="bm.log.nest_held", args={"side": 2, "n": 1, "hold": 2}))
    ctx.emit(GameEnded(winner=1, reason="extraction"))
    ctx.emit(GameEnded(winner=2, reason="nest"))
    assert len(ctx.events) == 6
    for event in ctx.events:
        for lang in ("fr", "en"):
            text = describe(event, st, lang)
            assert text and "{" not in text and not re.search(r"\bbm\.", text), (lang, text)
    assert describe(ctx.events[0], st, "en") == "a1 picks up the data beacon."
    assert describe(ctx.events[1], st, "fr") == "a1 emporte la balise hors de la table pour 1."
