"""The utility AI's Mortebrume planner (decide) with its odds, picture of the table and options."""
