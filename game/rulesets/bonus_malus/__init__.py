"""Bonus / Malus (book 002, issue 14): the rules core (levels, saves, melee, shooting, psi,
morale, catalogue and exact odds), not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``: the state and actions, scenarios, rosters, presentation,
builder, narration, rules pages, planner and AI profiles a registration needs are still to
be written.
"""
IN_PROGRESS = "no actions, scenarios, presentation, builder, narration, rules pages or planner yet"
