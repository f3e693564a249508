"""Modal dialogs, one per kind of pending decision (plus pass-the-keyboard and confirmations)."""
