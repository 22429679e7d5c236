"""Swidenth (book 001, issue 13): rules core under construction, not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``: it has no action flow, scenario, presentation nor planner yet.
"""
IN_PROGRESS = "rules core only: no action flow, scenario, presentation or planner yet"
