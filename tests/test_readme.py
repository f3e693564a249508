"""The README's Python examples run as written (the scripting API documentation stays true)."""

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_examples_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README has no python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "it is Bob's decision, not Ann's" in out
    assert "Bob: buy Arctic Avenue for $80, or auction it?" in out


def test_the_screenshots_linked_from_readme_exist():
    """Every SVG README links to is a snapshot the tests keep up to date."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    links = re.findall(r"\]\((tests/tui/__snapshots__/[^)]+\.svg)\)", (root / "README.md").read_text(encoding="utf-8"))
    assert len(links) >= 10
    for link in links:
        assert (root / link).is_file(), link
