"""DiceRolled's optional marks (kept dice, critical successes, critical failures): absent from
old rolls and their dictionaries, filled by RuleContext.roll when a rule says how; and the
shared dice modules stay free of pygame."""
from __future__ import annotations

import subprocess
import sys

from game.core.context import Marks
from game.core.events import DiceRolled

from .helpers import scripted


def test_a_roll_without_marks_is_as_before():
    e = DiceRolled(who="a", rule="melee", sides=6, faces=(3, 6), target=4, result=1)
    assert (e.kept, e.crit, e.fumble) == ((), (), ())
    assert e.to_dict() == {"who": "a", "rule": "melee", "sides": 6, "faces": (3, 6), "target": 4, "result": 1,
                           "mods": (), "against": None, "kind": "dice"}
    ctx = scripted(5, 2)
    assert ctx.roll("a", "melee", 2, target=4) == [5, 2]
    old = ctx.events[0]
    assert old == DiceRolled(who="a", rule="melee", sides=6, faces=(5, 2), target=4, result=1)


def test_the_context_records_the_marks_a_rule_gives():
    ctx = scripted(10, 1, 7)
    ctx.roll("a", "attack", 3, sides=10, judge=max,
             marks=lambda fs: Marks(kept=(fs.index(max(fs)),), crit=(0,), fumble=(1,)))
    e = ctx.events[0]
    assert (e.kept, e.crit, e.fumble, e.result) == ((0,), (0,), (1,), 10)
    d = e.to_dict()
    assert (d["kept"], d["crit"], d["fumble"]) == ((0,), (0,), (1,))


def test_shared_dice_modules_do_not_import_pygame():
    code = ("import sys, game.rulesets._shared.d20, game.rulesets._shared.keep, game.rulesets._shared.nd10; "
            "print(','.join(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pymunk', 'pygame_gui')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
