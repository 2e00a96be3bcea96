"""Melting Pot event mode: the Textual app, its screens and the service they call."""
