"""Scenes: menu, game table, hand-off, end of game, settings, rules, replay, builder."""
