"""The Orichalque hunt is won by tokens carried home, not by wiping the other band out: a
carrier within reach of home brings its token back rather than charging a foe."""
from __future__ import annotations

from game.core.state import Token
from tests.ai.test_puzzles import _rate
from tests.rulesets.evenor.sandbox import fig, sandbox


def test_a_carrier_brings_its_token_home_rather_than_charge():
    def build():
        eng = sandbox([fig(1, "deimos", 9, 3), fig(2, "borva", 12.5, 3, prone=True),
                       fig(2, "cerd", 20, 20)], victory={"type": "orichalque"})
        st = eng.state
        d = st.figures["1.deimos"]
        st.tokens = [Token(id="o1", kind="orichalque", x=d.x, y=d.y, carrier=d.id),
                     Token(id="o2", kind="orichalque", x=300.0, y=300.0)]
        return eng

    rate = _rate(build, 1, lambda a: a.kind in ("charge", "end", "fight"),
                 lambda eng, acts: eng.state.sides[1].score == 1)
    assert rate >= 0.95
