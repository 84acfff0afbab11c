"""Runs ``kafkaks pipeline`` and kills its own process with SIGKILL (as ``kill -9`` would) at one
step of a table run, for tests/test_tables_faults.py::

    python tests/table_crash.py STEP -- pipeline --format iceberg ... LOGDIR DEST

The steps are named by where the process dies:

- ``written``: the run's data files are written, the table's commit is about to start;
- ``inside``: inside the commit: pyiceberg's SQL catalog has written the new metadata file and not
  yet pointed the catalog at it; through a REST catalog, the catalog has taken the commit and the
  answer has not been read;
- ``committed``: the commit is made (pyiceberg's transaction or deltalake's commit returned), and
  nothing after it (clean-up, the summary) has run.

The hooks wrap the libraries' own commit functions (pyiceberg, deltalake, requests), not kafkaks',
so they stay where the commit is whatever kafkaks calls them from. A step that is never reached
leaves the run to finish: the test sees exit 0, not -9, and fails.
"""

from __future__ import annotations

import functools
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

STEPS = ("written", "inside", "committed")


def die() -> None:
    sys.stdout.flush()
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def before(function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def dying(*args: Any, **kwargs: Any) -> Any:
        die()

    return dying


def after(
    function: Callable[..., Any], when: Callable[[Any], bool] = lambda result: True
) -> Callable[..., Any]:
    @functools.wraps(function)
    def dying(*args: Any, **kwargs: Any) -> Any:
        result = function(*args, **kwargs)
        if when(result):
            die()
        return result

    return dying


def install(step: str) -> None:
    """Wrap the commit functions of whichever table library the run uses."""
    import deltalake
    import deltalake.transaction
    import pyiceberg.table
    import requests
    from pyiceberg.catalog import MetastoreCatalog

    commits = [
        (pyiceberg.table.Transaction, "commit_transaction"),
        (pyiceberg.table.CreateTableTransaction, "commit_transaction"),
        (deltalake.transaction, "create_table_with_add_actions"),
        (deltalake.DeltaTable, "create_write_transaction"),
    ]
    if step == "written":
        for owner, name in commits:
            setattr(owner, name, before(getattr(owner, name)))
    elif step == "committed":
        for owner, name in commits:
            setattr(owner, name, after(getattr(owner, name)))
    elif step == "inside":
        # SQL catalog: the new metadata file is written, the catalog's row still names the old one.
        MetastoreCatalog._write_metadata = staticmethod(after(MetastoreCatalog._write_metadata))  # type: ignore[method-assign]

        # REST catalog: the server committed (it answered 200) and the client never read the answer.
        # A commit is a POST to the table's own route (creating one, to the namespace's tables).
        def commit_answered(response: Any) -> bool:
            return response.request.method == "POST" and response.ok and "/tables" in response.url

        requests.Session.post = after(requests.Session.post, commit_answered)  # type: ignore[method-assign]
        # Delta's commit is one put-if-absent of the log entry (local: a temporary file renamed
        # into place), made inside deltalake's Rust code where no hook reaches: dying inside it
        # leaves at most that temporary file, which test_tables_faults.py leaves in _delta_log.
        for owner, name in commits[2:]:
            setattr(owner, name, before(getattr(owner, name)))
    else:
        raise SystemExit(f"usage: table_crash.py {{{','.join(STEPS)}}} -- ARGS")


if __name__ == "__main__":
    step, separator, *arguments = sys.argv[1:]
    assert separator == "--", sys.argv
    install(step)
    from kafkaks.cli.main import main

    sys.exit(main(arguments))
