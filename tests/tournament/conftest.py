"""The attack bot files are data for the tournament, never modules for pytest to import."""

collect_ignore = ["attacks"]
