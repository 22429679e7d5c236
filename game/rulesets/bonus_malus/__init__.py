"""Bonus / Malus (book 002, issue 14): the rules core (levels, saves, melee, shooting, psi,
morale, catalogue and exact odds), the turn as actions (``ruleset.RULESET``), its data files
(``schema``: scenarios, rosters, points) and the warband builder's view, not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``: the presentation, rules pages, planner and AI profiles a
registration needs are still to be written.
"""
IN_PROGRESS = ("turn as actions, data files and builder built; no presentation, rules pages, planner or "
               "AI profiles yet")
