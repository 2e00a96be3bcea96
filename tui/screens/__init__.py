"""The screens of the league app, one per module."""
