"""Numerical tolerances shared by the geometry modules (millimetres)."""

SIGHT_EPS = 0.01     # sight blockers are shrunk by this: grazing a boundary never blocks
OVERLAP_EPS = 0.01   # bases may interpenetrate this much and still count as "touching"
EDGE_EPS = 1e-6      # tolerance on the table edge and on movement allowances
NAV_MARGIN = 0.05    # extra clearance of path-finding nodes around obstacles
NAV_EXACT_EPS = 0.009  # path-finding tolerates slightly less interpenetration than check_path
