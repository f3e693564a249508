"""The rules text the app shows ships inside the package and covers every rule area."""

from megamono.docs import rules_text


def test_rules_text_covers_every_area():
    text = rules_text()
    for heading in ("(G)", "(T)", "(S)", "(R)", "(B)", "(M)", "(A)", "(X)", "(J)", "(K)", "(D)", "(E)",
                    "House rules"):
        assert heading in text
    assert text.lower().count("our choice") >= 15
