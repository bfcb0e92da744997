"""Where the work of ``simulate`` and ``sweep`` runs: local processes, or a Dask cluster.

Both are a standard :class:`concurrent.futures.Executor`:

* ``jobs`` local processes: a :class:`~concurrent.futures.ProcessPoolExecutor`
  of forked processes that ignore Ctrl-C (:func:`exact_odds.in_play.workers.parallel.process_executor`);
* a Dask cluster, ``Dask("tcp://host:8786")``: the executor of a
  ``dask.distributed`` client (``pip install "exact_odds[dask]"``; see
  docs/cluster.md for starting ``dask scheduler`` and ``dask worker``).

:func:`connect` opens the client within a bounded time and turns every
failure (no dask, a malformed address, nobody listening, a peer that is not
a Dask scheduler: one that never answers, or answers HTTP) into one
:class:`SchedulerError`. The client's own connect bounds only the TCP
connection, not the handshake after it, so the handshake is read here first,
within the same time limit. :func:`disconnect` closes it, cancelling what is
still pending when the caller stopped early; the workers belong to the
cluster, not to this process, so nothing is left running here.
"""

from __future__ import annotations

import logging
import socket
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

#: Seconds to wait for a scheduler to answer before giving up.
CONNECT_SECONDS = 5.0
#: Seconds to wait for the client to close.
CLOSE_SECONDS = 1.0
#: Largest first message (the handshake) a scheduler is believed to send, in bytes: a Dask
#: scheduler's is a few hundred; a peer announcing more speaks another protocol (HTTP's first
#: eight bytes read as 3 EiB, which the client tried to allocate).
MAX_HANDSHAKE_BYTES = 1 << 20


class SchedulerError(ValueError):
    """A Dask scheduler that cannot be used: dask missing, a malformed address, or no answer."""


class DaskMissing(SchedulerError):
    """``dask.distributed`` is not installed."""


@dataclass(frozen=True)
class Dask:
    """Run on the Dask cluster whose scheduler is at ``address``: a value of ``jobs``
    (:func:`exact_odds.in_play.workers.parallel.run`, ``simulate``, ``price_shoes``) in place of a
    number of local processes. ``timeout``: seconds to wait for the scheduler to answer."""

    address: str
    timeout: float = CONNECT_SECONDS

    def __post_init__(self) -> None:
        object.__setattr__(self, "address", check_scheduler(self.address))
        if isinstance(self.timeout, bool) or not isinstance(self.timeout, (int, float)) or not self.timeout > 0:
            raise TypeError(f"timeout must be a number of seconds > 0, not {self.timeout!r}")


@dataclass
class Cluster:
    """A connection to a Dask scheduler: its executor, and the threads of its workers."""

    address: str
    client: Any
    executor: Executor
    #: worker threads when connected (tasks that can run at once)
    threads: int


def check_scheduler(scheduler: str) -> str:
    """``scheduler`` if it is a non-empty address string (``tcp://host:port``, ``host:port``), stripped."""
    if not isinstance(scheduler, str):
        raise TypeError(f"scheduler must be an address string such as 'tcp://10.0.0.5:8786', "
                        f"not {type(scheduler).__name__}")
    if not scheduler.strip() or any(c.isspace() for c in scheduler.strip()):
        raise SchedulerError(f"{scheduler!r} is not a scheduler address; give one such as tcp://10.0.0.5:8786")
    return scheduler.strip()


def _quiet() -> None:
    """Keep distributed's own log lines (connection retries, closing) off the user's terminal:
    failures reach the caller as exceptions."""
    for name in ("distributed", "distributed.client", "distributed.comm", "distributed.core",
                 "distributed.batched", "distributed.scheduler", "distributed.worker", "tornado",
                 "tornado.application"):  # (distributed sets this one to ERROR itself: not "tornado"'s child then)
        logging.getLogger(name).setLevel(logging.CRITICAL)


def connect(target: Dask) -> Cluster:
    """A client of the Dask scheduler at ``target.address``, connected within ``target.timeout`` seconds."""
    address, timeout = target.address, target.timeout
    from exact_odds.punto_banco.features import numpy_or_none

    numpy_or_none()  # numpy first, with BLAS single-threaded (distributed would import it as it is)
    try:
        from distributed import Client  # optional: the dask extra
    except ImportError:
        raise DaskMissing("the Dask scheduler needs dask.distributed; install it with: "
                          "pip install \"exact_odds[dask]\"") from None
    _quiet()
    _knock(address, timeout)
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except MemoryError:  # a peer's message claiming more than memory (one past the handshake read here)
        raise SchedulerError(f"{address} is not a Dask scheduler (its message claimed more bytes than this "
                             "machine has); check the address and port") from None
    except (OSError, TimeoutError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if "Timed out" in reason or isinstance(exc, TimeoutError):
            reason = f"no answer within {timeout:g} s"
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} ({reason}); is "
                             "'dask scheduler' running there, and the port open?") from None
    except (ValueError, TypeError) as exc:
        client = None
        raise SchedulerError(f"{address!r} is not a scheduler address ({exc}); "
                             "give one such as tcp://10.0.0.5:8786") from None
    try:
        threads = sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values())
    except BaseException:
        disconnect(Cluster(address, client, client.get_executor(pure=False), 0), early=True)
        raise
    return Cluster(address, client, client.get_executor(pure=False), max(threads, 1))


def _knock(address: str, timeout: float) -> None:
    """Fail at once, with the reason, where a TCP scheduler's port refuses or its host is unknown
    (the client itself would retry until its timeout and then say only that it timed out), and
    within ``timeout`` seconds where the peer is not a Dask scheduler (:func:`_read_handshake`)."""
    from distributed.comm import parse_address
    from distributed.comm.addressing import parse_host_port
    from distributed.comm.registry import get_backend

    try:
        scheme, location = parse_address(address)
        get_backend(scheme)  # an unknown scheme: ValueError naming the known ones
        if scheme != "tcp":
            return
        host, port = parse_host_port(location)
        if not 0 < port < 65536:
            raise ValueError(f"port {port} is not from 1 to 65535")
        deadline = time.monotonic() + timeout
        sock = socket.create_connection((host, port), timeout=timeout)
    except (ValueError, TypeError, OverflowError) as exc:
        raise SchedulerError(f"{address!r} is not a scheduler address ({exc}); "
                             "give one such as tcp://10.0.0.5:8786") from None
    except socket.gaierror:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} (unknown host); "
                             "check the name, or give its IP address") from None
    except (socket.timeout, TimeoutError):
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} (no answer within {timeout:g} s); "
                             "is 'dask scheduler' running there, and the port open?") from None
    except OSError as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} ({exc.strerror or exc}); "
                             "is 'dask scheduler' running there, and the port open?") from None
    with sock:
        _read_handshake(sock, address, deadline, timeout)


def _read_handshake(sock: socket.socket, address: str, deadline: float, timeout: float) -> None:
    """Read the first message a Dask scheduler sends on a new connection (its handshake: eight
    bytes giving the length of what follows, little-endian, then that many), by ``deadline``;
    a peer that sends nothing, closes, or sends something else is not a Dask scheduler."""
    not_dask = (f"{address} is not a Dask scheduler" + " ({}); check the address and port "
                "('dask scheduler' prints it: tcp://HOST:8786 by default)")
    try:
        head = _receive(sock, 8, deadline)
        if head is None:
            raise SchedulerError(not_dask.format("it closed the connection without a word"))
        size = int.from_bytes(head, "little")
        if not 0 < size <= MAX_HANDSHAKE_BYTES:
            said = "it answered in HTTP: a web server, or the scheduler's dashboard" if head.startswith(b"HTTP") \
                else f"its first bytes were {head!r}"
            raise SchedulerError(not_dask.format(said))
        if _receive(sock, size, deadline) is None:
            raise SchedulerError(not_dask.format("it closed the connection in the middle of its first message"))
    except (socket.timeout, TimeoutError):
        raise SchedulerError(f"the peer at {address} accepted the connection but sent no Dask handshake within "
                             f"{timeout:g} s; is it a Dask scheduler ('dask scheduler' prints its address)?") from None
    except OSError as exc:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} ({exc.strerror or exc})") from None


def _receive(sock: socket.socket, n: int, deadline: float) -> bytes | None:
    """Exactly ``n`` bytes from ``sock`` by ``deadline`` (socket.timeout past it), or None at end of stream."""
    parts, got = [], 0
    while got < n:
        sock.settimeout(max(deadline - time.monotonic(), 0.001))
        part = sock.recv(min(n - got, 65536))
        if not part:
            return None
        parts.append(part)
        got += len(part)
    return b"".join(parts)


def mismatch(exc: BaseException) -> SchedulerError | None:
    """The error to raise instead of ``exc`` when ``exc`` says the cluster cannot run this
    code (exact_odds missing there, or another version: the task cannot be unpickled), else None."""
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    if isinstance(exc, ImportError) or (isinstance(exc, RuntimeError) and "deserializ" in str(exc)) or (
            isinstance(exc, AttributeError) and "Can't get attribute" in str(exc)):
        return SchedulerError(f"the cluster cannot run this exact_odds ({text}); install the same version on "
                              "the scheduler and every worker (docs/cluster.md)")
    return None


def disconnect(cluster: Cluster, early: bool) -> None:
    """Close the client; if ``early`` (the caller stopped: Ctrl-C, an error), cancel the tasks
    still queued or running for it first, and wait for nothing."""
    try:
        cluster.executor.shutdown(wait=not early)
    except BaseException:
        if not early:
            raise
    finally:
        try:
            cluster.client.close(timeout=CLOSE_SECONDS)
        except BaseException:  # closing is best effort: the scheduler drops a vanished client
            pass
