"""The computer manager: line-ups, the bench, the bullpen and rest."""
