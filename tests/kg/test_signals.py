"""A signal that lands during a store call is delivered after it, under the command's handler."""

from __future__ import annotations

import os
import signal

import pytest

from kgtest.kg.signals import held_signals


def test_ctrl_c_in_the_block_is_raised_after_it() -> None:
    finished = False
    with pytest.raises(KeyboardInterrupt), held_signals():
        os.kill(os.getpid(), signal.SIGINT)
        finished = True  # the call runs to its end
    assert finished and signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_handlers_are_given_back_when_nothing_arrives() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with held_signals():
        assert signal.getsignal(signal.SIGTERM) is not before
    assert signal.getsignal(signal.SIGTERM) is before
