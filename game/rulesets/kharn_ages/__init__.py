"""Khârn-Ages (book 003, issue 15): the rules core (dice and mastery, exact odds, action
points and walks, zones of control, attacks built from characteristics, the four defences,
armour and shields, shots, throws and the cover bonus, states and effects, collisions,
combat skills, morale tests, casting, generic actions and carcasses) and the melee game as
actions (``ruleset.RULESET``: turn and activations, the defence and the re-rolls as
decisions of their side, one scenario, two factions), not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``.
"""
IN_PROGRESS = ("rules core and melee game flow built (state, actions, legal_actions/apply, defence and "
               "re-roll decisions, one scenario, two factions, validated data, a greedy planner); shooting, "
               "throwing, morale tests, magic and generic rolled actions not in the flow yet; no "
               "presentation, builder, rules pages, window forms or registered schemas yet "
               "(docs/kharn_ages_registration.md)")
