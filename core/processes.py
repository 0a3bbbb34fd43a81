"""Whether another process still runs: the one question kgtest asks of the pids it records
(a lingering database, a server serving a workspace, a build's spill file)."""

from __future__ import annotations

import os


def alive(pid: object) -> bool:
    """Whether ``pid`` runs. A child of this process that has ended is reaped first, so a zombie
    does not look alive; a process of another user counts as running."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False
    except ChildProcessError:
        pass  # not a child of this process
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
