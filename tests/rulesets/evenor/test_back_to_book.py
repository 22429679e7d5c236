"""Evenor as the book writes it (issue 11): Orichalque won by tokens, fear on the free step,
Meneur charismatique, shots that knock down, cover taken in reaction, no turn limit."""
from __future__ import annotations

import pytest

from game.core.errors import UserError
from game.core.state import Token
from game.rulesets.evenor import setup, shooting, stats
from game.rulesets.evenor.victory import outcome
from tests.rulesets.evenor.sandbox import act, fig, rect, rolls, sandbox, step, toward, variant

HUNT = {"type": "orichalque"}


def _hunt(tokens_home: tuple[int, int], left: int, wiped: int | None = None):
    """An Orichalque hunt with ``tokens_home`` already scored, ``left`` tokens still out and,
    optionally, one band wiped out."""
    eng = sandbox([fig(1, "deimos", 3, 3), fig(1, "phobos", 4, 4), fig(2, "lothar", 20, 20)],
                  victory=HUNT)
    st = eng.state
    n = 0
    for side, count in ((1, tokens_home[0]), (2, tokens_home[1])):
        for _ in range(count):
            n += 1
            st.tokens.append(Token(id=f"o{n}", kind="orichalque", x=0.0, y=0.0, delivered_by=side))
        st.sides[side].score = count
    for _ in range(left):
        n += 1
        st.tokens.append(Token(id=f"o{n}", kind="orichalque", x=300.0, y=300.0))
    if wiped is not None:
        for f in st.figures_of(wiped):
            f.out = True
    return st


def test_wiping_out_the_other_band_does_not_win_the_hunt_while_tokens_decide():
    st = _hunt((0, 0), 3, wiped=2)
    assert outcome(st) is None           # the survivors may still carry tokens home


def test_a_wiped_band_that_brought_more_tokens_home_wins_the_hunt():
    st = _hunt((0, 2), 1, wiped=2)       # side 1 can bring one more at best: 1 against 2
    out = outcome(st)
    assert out is not None and out.winner == 2 and out.reason == "orichalque"


def test_the_hunt_ends_as_soon_as_no_token_can_change_the_result():
    out = outcome(_hunt((2, 0), 1))      # both bands stand, 2-0 with one token left
    assert out is not None and out.winner == 1 and out.reason == "orichalque"
    assert outcome(_hunt((1, 0), 1)) is None        # 1-0 with one left: side 2 may still tie
    out = outcome(_hunt((1, 1), 1, wiped=1))        # 1-1, side 1 gone: side 2 may still win
    assert out is None
    st = _hunt((1, 1), 1)
    for f in st.figures.values():
        f.out = True                      # nobody left to carry the last token: a draw
    out = outcome(st)
    assert out is not None and out.winner is None and out.reason == "orichalque"


def test_the_turn_limit_is_a_draw_reported_as_such():
    for victory in (HUNT, {"type": "extermination"}):
        eng = sandbox([fig(1, "deimos", 3, 3), fig(2, "lothar", 20, 20)], victory=victory)
        st = eng.state
        st.figures["2.lothar"].vitality = 1
        st.sides[1].score = 1 if victory is HUNT else 0
        st.tokens = [Token(id="o1", kind="orichalque", x=300.0, y=300.0),
                     Token(id="o2", kind="orichalque", x=320.0, y=320.0)]
        st.extras["turn_limit"] = True
        out = outcome(st)
        assert out is not None and out.winner is None and out.reason == "turn_limit"


def test_the_book_sets_no_turn_limit_only_a_safety_one():
    st = setup.setup("extermination", 3, {})
    assert st.max_turns == setup.SAFETY_TURNS >= 30
    assert setup.setup("extermination", 3, {"max_turns": 12}).max_turns == 12
    for bad in (0, 101, "8", 2.5, True):
        with pytest.raises(UserError):
            setup.setup("extermination", 3, {"max_turns": bad})


def test_the_last_turn_played_ends_the_game_in_a_draw():
    eng = sandbox([fig(1, "deimos", 3, 3), fig(2, "lothar", 20, 20)], turn=8)
    eng.state.max_turns = 8
    step(eng, act("activate", "1.deimos", value=0))
    step(eng, act("pass", "1.deimos"))
    step(eng, act("end"))
    step(eng, act("activate", "2.lothar", value=0))
    step(eng, act("pass", "2.lothar"))
    step(eng, act("end"))
    out = eng.state.outcome
    assert out is not None and out.winner is None and out.reason == "turn_limit"


# --- 2. the free step of a static action and a frightening monster ------------------------
def _beside_the_oni():
    eng = sandbox([fig(2, "oni", 12, 12), fig(1, "deimos", 14.1, 12), fig(2, "lothar", 20, 22),
                   fig(1, "phobos", 2, 2)])
    step(eng, act("activate", "1.deimos", value=0))
    return eng, toward(eng, "1.deimos", "2.oni")


def test_the_free_step_into_contact_with_a_frightening_monster_takes_the_courage_roll():
    eng, touch = _beside_the_oni()
    eng.dice.push(3)                                   # Deimos (4+) fails his courage roll
    ev = step(eng, act("pass", "1.deimos", path=[touch]))
    assert [r.target for r in rolls(ev, "fear")] == [4]
    d = eng.state.figures["1.deimos"]
    assert abs(d.x / 25 - 14.1) < 1e-6                 # already within 4 pas: stays put
    assert not eng.ruleset.table_for(eng.state).contact("1.deimos", "2.oni")


def test_a_brave_free_step_reaches_the_monster():
    eng, touch = _beside_the_oni()
    eng.dice.push(4)
    ev = step(eng, act("pass", "1.deimos", path=[touch]))
    assert len(rolls(ev, "fear")) == 1
    assert eng.ruleset.table_for(eng.state).contact("1.deimos", "2.oni")


# --- 3. Meneur charismatique ---------------------------------------------------------------
def test_meneur_charismatique_lifts_peu_courageux_and_no_more(monkeypatch):
    variant(monkeypatch, "timide", "deimos", add=["peu_courageux"])
    eng = sandbox([fig(1, "leonidas", 10, 10), fig(1, "timide", 10, 11.5), fig(1, "hylas", 11.5, 10),
                   fig(2, "lothar", 20, 22)])
    st = eng.state
    shy, bold = st.figures["1.timide"], st.figures["1.hylas"]
    plain = st.figures["1.leonidas"]
    assert stats.courage(st, shy) == 5
    step(eng, act("activate", "1.leonidas", value=0, partners=("1.timide",)))
    assert stats.courage(st, shy) == 4                  # no longer Peu courageux: 4+, not 3+
    assert stats.courage(st, bold) == 3 and stats.courage(st, plain) == 3


def test_meneur_charismatique_makes_an_ordinary_figure_courageux():
    eng = sandbox([fig(1, "leonidas", 10, 10), fig(1, "deimos", 10, 11.5), fig(2, "lothar", 20, 22)])
    st = eng.state
    assert stats.courage(st, st.figures["1.deimos"]) == 4
    step(eng, act("activate", "1.leonidas", value=0, partners=("1.deimos",)))
    assert stats.courage(st, st.figures["1.deimos"]) == 3


# --- 4. a shot rolls the damage table ------------------------------------------------------
@pytest.mark.parametrize("face, down, out", [(4, True, False), (5, False, True)])
def test_an_unsaved_shot_rolls_on_the_damage_table(face, down, out):
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "deimos", 12, 12), fig(2, "lothar", 20, 22)])
    step(eng, act("activate", "1.ulysse", value=0))
    eng.dice.push(1,            # Deimos's reaction fails
                  6, 1, 1, 1,   # one hit
                  1,            # save on 4+ fails
                  face)         # the damage roll
    ev = step(eng, act("shoot", "1.ulysse", "2.deimos", value=0))
    assert [r.rule for r in rolls(ev)][-1] == "damage"
    d = eng.state.figures["2.deimos"]
    assert bool(d.status.get("prone")) is down and d.out is out


def test_shot_odds_count_the_knock_down():
    from game.rulesets.evenor import odds

    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "gosai", 12, 12), fig(2, "lothar", 20, 22)])
    st = eng.state
    o = odds.shot(st, eng.ruleset.table_for(st), st.figures["1.ulysse"], st.figures["2.gosai"], 0)
    # Gosaï has no save: each hit is a damage roll, out on 5-6, down on 1-4
    p_none = o.hits[0]
    assert o.p_out + o.p_down == pytest.approx(1 - p_none)
    assert o.p_down > 0 and o.p_out < 1 - p_none


# --- 5. cover taken in reaction ------------------------------------------------------------
def test_cover_taken_in_reaction_holds_against_that_shooter_for_that_activation_only():
    rock = rect("t0", "rocher", 10.9, 11.2, 0.6, 0.9)
    eng = sandbox([fig(1, "ulysse", 3, 12), fig(1, "asteria", 3, 11.2), fig(2, "deimos", 12, 12),
                   fig(2, "lothar", 20, 22)], terrain=[rock])
    st = eng.state
    table = eng.ruleset.table_for(st)
    ulysse, asteria, deimos = (st.figures[f] for f in ("1.ulysse", "1.asteria", "2.deimos"))
    assert "t0" in table.sight("1.asteria", "2.deimos").terrain_blockers
    eng.dice.push(3, 4)
    step(eng, act("activate", "1.ulysse", value=2))
    eng.dice.push(4)
    step(eng, act("shoot", "1.ulysse", "2.deimos", value=0))
    eng.dice.push(1, 1, 1, 1)                                 # all miss
    step(eng, act("react", "2.deimos", value="cover"))

    def covered(shooter) -> bool:
        t = eng.ruleset.table_for(st)
        w = stats.profile(shooter).weapons[0]
        return ("cover", 2) in shooting.threshold(st, t, shooter, deimos, w)[1]

    assert covered(ulysse)                 # the same shooter, later in the same activation
    assert not covered(asteria)            # another shooter: the book gives no cover
    step(eng, act("end"))
    assert not covered(ulysse)             # that activation is over


def test_the_shot_preview_gives_the_chance_to_knock_down():
    from game.core.actions import ActionChoice
    from game.core.text import t
    from game.rulesets.evenor.presentation import EvenorInfo

    eng = sandbox([fig(1, "ulysse", 3, 12), fig(2, "gosai", 12, 12), fig(2, "lothar", 20, 22)])
    st = eng.state
    choice = ActionChoice("shoot", "1.ulysse", targets=("2.gosai",), values=(0,))
    lines = EvenorInfo().odds_preview(st, eng.ruleset.table_for(st), choice, 0, st.figures["2.gosai"],
                                      (), False, "fr")
    head = t("ui.odds.down", "fr", p="").split("{")[0].strip()
    assert any(line.startswith(head) for line in lines), lines
