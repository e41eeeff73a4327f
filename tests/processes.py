"""Helpers for tests that run the command as a real process."""

from __future__ import annotations

import signal


def like_a_terminal() -> None:
    """Give the child Ctrl-C as a terminal would: SIGINT at its default disposition.

    A test run started in the background by a non-interactive shell inherits SIGINT as
    ignored, and an ignored signal stays ignored across exec; a user's shell does not.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)
