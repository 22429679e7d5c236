"""Bonus / Malus (book 002, issue 14): the rules core (levels, saves, melee, shooting, psi,
morale, catalogue and exact odds) and the turn as actions on a provisional scenario
(``ruleset.RULESET``), not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``: the scenario and roster files with their schema,
presentation, builder, rules pages, planner and AI profiles a registration needs are still
to be written.
"""
IN_PROGRESS = ("turn as actions built (provisional scenario); no scenario or roster files and schema, "
               "presentation, builder, rules pages, planner or AI profiles yet")
