"""The bundled sample leagues (pacific, nippon, mini): plain-file league folders shipped as
package data, found with importlib.resources (storage.plainfiles.sample_league_path).

Regenerate them with `python sample_leagues/generate.py`."""
