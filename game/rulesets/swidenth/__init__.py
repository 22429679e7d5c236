"""Swidenth (book 001, issue 13): rules, data and the turn as actions, not registered yet.

``IN_PROGRESS`` tells plugin discovery (game.core.plugins) to skip this package until it
declares a complete ``PLUGIN``: the schema, presentation, builder, narration, rules pages,
planner and AI profiles a registration needs are still to be written.
"""
IN_PROGRESS = "no schema, presentation, builder, narration, rules pages or planner yet"
