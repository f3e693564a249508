"""Quitting with keys typed ahead: the keys that come after ``q`` (typed in one go, as a fast typist or a
paste does) are dropped while the app closes, in a real terminal. Before, ``q`` then ``new`` on the start
screen opened the new-game screen in an app that was closing, and it crashed (``NoMatches: '#heading'``)."""

from __future__ import annotations

import os
import sys

import pytest

pytest.importorskip("pyte")
from pty_terminal import PtyTerminal  # noqa: E402

pytestmark = pytest.mark.xdist_group("serial")


def test_q_then_new_typed_at_once_quits_cleanly(saves):
    env = {**os.environ, "MEGAMONO_ANIMATIONS": "off", "TERM": "xterm-256color"}
    with PtyTerminal([sys.executable, "-m", "megamono", "--saves", str(saves)], env=env) as term:
        assert term.wait_screen("New game", 30), term.screen()
        term.send("qnew")
        assert term.wait_exit(30) is not None, term.screen()
        assert term.proc.returncode == 0, term.tail()
        assert "unexpected error" not in term.text(), term.tail()
