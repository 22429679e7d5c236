"""The clock against a team that stays home (``game.ai.clock``): level on points, a team
whose figures never leave their deployment zone makes the approach count as it does when
we are behind (a stand-off is a draw at the turn limit: the squad drew 0-0 in le nid against
a random crew that stayed away). Against a team that came out, level keeps the approach
small."""
from __future__ import annotations

from game.ai.bonus_malus.options import Builder
from game.ai.bonus_malus.world import World
from game.ai.profiles import load_profile
from game.rulesets.bonus_malus.ruleset import RULESET
from tests.rulesets.bonus_malus.helpers import PAS, game, man


def _builder(foe_y: float, turn: int = 4) -> Builder:
    st = game(man("me", 1, 12, 3, 90, equipment=["pistolet"]), man("foe", 2, 12, foe_y, 270, equipment=["pistolet"]))
    st.extras["zones"] = {"1": [[0, 0, 24, 4]], "2": [[0, 20, 24, 4]]}
    st.turn = turn
    prof = load_profile("bonus_malus", "normal")
    return Builder(World(st, RULESET.table_for(st), 1, prof), None, prof, None)


def test_a_team_at_home_is_passive_from_the_second_turn():
    assert _builder(22).w.passive
    assert not _builder(22, turn=1).w.passive
    assert not _builder(12).w.passive          # came out 8 pas


def test_level_against_a_team_at_home_the_approach_grows():
    home, out = _builder(22), _builder(12)
    me = home.w.state.figures["me"]
    step = (me.x, me.y + 4 * PAS)                # 4 pas nearer either foe
    gain_home = home.approach(me, step) - home.approach(me, me.pos)
    gain_out = out.approach(me, step) - out.approach(me, me.pos)
    assert gain_home > 2 * gain_out
