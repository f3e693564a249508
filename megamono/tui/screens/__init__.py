"""Full screens of the app: start, setup, game, manage, saves, game over, help."""
