"""Upper bounds on what one command may ask for, kept light: the command line reads them at start-up."""

from __future__ import annotations

MAX_CONVERSATIONS = 10_000
"""Conversation scripts one suite may hold: 1,000 take 2 s and 7.5 MB; 100 million ran for ever."""
MAX_TURNS = 1_000
"""Rounds of one conversation (and I1's farthest distance): 1,000 take 1 s to script; 10,000 took
over two minutes and 3.5 GB, a history no model under test holds."""
