"""Melting Pot, the troop game run at events (one name for the feature everywhere: troop)."""
