"""Khârn-Ages (book 003, issue 15): the rules core (dice and mastery, exact odds, action
points and walks, zones of control, attacks built from characteristics, the four defences,
armour and shields, shots, throws and the cover bonus, states and effects, collisions,
combat skills, morale tests, casting, generic actions and carcasses), not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``.
"""
IN_PROGRESS = ("rules core only: no game flow (state, actions, legal_actions, apply), cover "
               "geometry, objects other than stones, spell cards, deployment skills, catalogue, "
               "scenarios, presentation, builder, narration, rules pages or planner yet")
