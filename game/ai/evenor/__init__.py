"""Evenor's side of the utility AI: what a position is worth (threat, cover, objectives),
the options of each decision with their consideration inputs, and reactions."""
