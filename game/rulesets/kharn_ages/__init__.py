"""Khârn-Ages (book 003, issue 15): the rules core (dice and mastery, exact odds, action
points and walks, attacks built from characteristics, the four defences, armour and shields,
states and effects), not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``.
"""
IN_PROGRESS = ("rules core only: no state flow, actions, shooting, morale, magic, skills beyond "
               "the combat ones, catalogue, scenarios, presentation, builder, narration, rules "
               "pages or planner yet")
