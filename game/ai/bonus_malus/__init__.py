"""The Bonus / Malus planner of the utility AI (see planner.py)."""
