"""The balance lab on Dask: `simulate --dask local` (a LocalCluster on this machine) or
`--dask tcp://host:port` (an existing scheduler, whose workers have intruder_core installed).

Each game is one task running balance.play_job, the same function as one process and
`--jobs`, and the results come back in seed order, so the report is the same byte for byte.
dask.distributed is the optional "lab" extra (`pip install 'intruder-core[lab]'`); it is
imported here only, and only when `--dask` is given: the engine stays standard library only.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from distributed import Client

    from .balance import GameOut, Job

EXTRA = "pip install 'intruder-core[lab]'"


class DaskError(RuntimeError):
    """--dask cannot run: a bad address, or the extra is missing."""


class MissingExtra(DaskError):
    """--dask was asked for without dask.distributed installed."""


def distributed() -> ModuleType:
    """The dask.distributed module, or MissingExtra naming the extra that brings it."""
    try:
        import dask.distributed as dd
    except ImportError as e:
        raise MissingExtra(f"--dask needs dask.distributed, which is not installed ({e}); "
                           f"install the lab extra: {EXTRA}") from None
    return dd


@contextmanager
def client(address: str, workers: int = 0, processes: bool = True) -> Iterator[Client]:
    """A Dask client: of a new LocalCluster with `workers` single-threaded workers (0: one
    per core) when `address` is "local", else of the scheduler at `address`."""
    if address != "local" and "://" not in address:
        raise DaskError(f"--dask takes 'local' or a scheduler address such as "
                        f"tcp://host:8786, not {address!r}")
    dd = distributed()
    if address == "local":
        n = workers if workers > 0 else (os.cpu_count() or 1)
        with dd.LocalCluster(n_workers=n, threads_per_worker=1, processes=processes,
                             dashboard_address=None, silence_logs=logging.ERROR) as cluster, \
                dd.Client(cluster) as c:
            yield c
        return
    with dd.Client(address) as c:
        yield c


def run_jobs(todo: list[Job], address: str, workers: int = 0,
             progress: Callable[[int, int], None] | None = None,
             processes: bool = True) -> list[GameOut]:
    """Play the games as Dask tasks (balance.play_job each); the results in seed order."""
    from .balance import play_job

    dd = distributed()
    out: list[GameOut] = []
    with client(address, workers, processes) as c:
        futures = c.map(play_job, todo, pure=False)
        for fut in dd.as_completed(futures):
            out.append(fut.result())
            if progress:
                progress(len(out), len(todo))
    return sorted(out, key=lambda r: int(r[0]["seed"]))
