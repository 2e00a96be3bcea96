"""Melting Pot event-mode screens."""
