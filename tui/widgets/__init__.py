"""Reusable widgets of the league app; each carries its DEFAULT_CSS."""
