"""The rules of a game in progress, one module per rule a person names (league.engine.game.Game
calls them): plate_appearance, bunt, hit_and_run, steal, x_table, runners."""
