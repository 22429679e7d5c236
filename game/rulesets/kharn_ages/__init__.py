"""Khârn-Ages (book 003, issue 15): the rules core (dice and mastery, exact odds, action
points and walks, zones of control, attacks built from characteristics, the four defences,
armour and shields, shots, throws and the cover bonus, states and effects, collisions,
combat skills, morale tests, casting, generic actions and carcasses), not registered yet.

``IN_PROGRESS = ("rules core and melee game flow built (state, actions, legal_actions/apply, defence and "
               "re-roll decisions, one scenario, two factions, validated data); shooting, throwing, morale "
               "tests, magic and generic rolled actions not in the flow yet; no presentation, builder, "
               "rules pages, planner, AI profiles or registered schemas yet")
