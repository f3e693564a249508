"""Player-facing texts shipped with the package (the in-game rules screen reads them)."""

from importlib import resources


def rules_text() -> str:
    """The rules screen's Markdown text (``rules.md`` in this package)."""
    return (resources.files(__name__) / "rules.md").read_text(encoding="utf-8")
