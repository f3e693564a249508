"""Widgets of the game screen: board, player panels, log and dice."""
