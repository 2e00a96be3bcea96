"""A season: calendar, schedule, game day, standings, postseason, titles, awards, careers,
the farm, injuries and the pennant odds."""
