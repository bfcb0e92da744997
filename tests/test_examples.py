"""Every documented example runs as written (issue 23), from a temporary copy of examples/.

The examples are collected, not listed: every ``exact-odds ...`` line of every
command's ``--help`` (the click group walked, so a new command is picked up),
of the fenced blocks of README.md and docs/**/*.md (a line starting with
``exact-odds`` or ``$``), and of the "Other examples:" sentences of the docs.
Each runs in ``bash`` from a copy of examples/ and must exit 0 within its time:
60 s, or the time :data:`LIMITS` states for it. The cheap ones (:data:`QUICK`) run in every run of
the suite, the rest with ``-m slow``.

- **Errors.** An example followed in its block by an ``exact-odds ...: error:``
  line shows bad input: it must exit 2 with one line on stderr, the line
  shown (``...`` stands for text left out).
- **Screens** (``live``, ``track --screen``) run in a pseudo-terminal of
  100x32: keys typed, the screen read, ``q`` quits, exit 0.
- **Followers** (``tail -f``) never end by themselves: their first lines
  must appear within the time; then they are stopped.
- **Servers** (``serve``) never end by themselves: each serves on a free
  port (``--port 0``, its port the only word changed), its page and its
  session must answer, then Ctrl-C stops it with exit status 130.
- **Clusters** (``--scheduler tcp://127.0.0.1:8786``) run against a
  ``LocalCluster`` on 127.0.0.1: its address is the only word changed.
- ``exact-odds tables`` runs beside a copy of tables/, as from the
  project's root.

The Quick start's two lines install the package; CI runs them (``.ci/run``),
not this test.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field

import pytest

from conftest import ROOT, with_default_signals

#: The default time of an example, in seconds.
LIMIT = 60

#: The examples every run of the suite runs (about a second each, one or more per command family, and
#: every file of examples/ they read); the errors shown and the follower run every time too. The rest
#: run with ``-m slow``: no example is left out. Times measured on the shared 2-core machine are in
#: the issue 23 report.
QUICK = {
    "exact-odds edge",
    "exact-odds edge --decks inf --exact",
    "exact-odds edge --paytable my_bets.toml",
    "exact-odds edge --shoe Ah,Kd,5c,5s,9h,2d,Qc",
    "exact-odds bet banker --commission 1/25 --format json",
    "exact-odds bet natural_nine --paytable my_bets.toml",
    "exact-odds bet all_red --shoe Ah,Kd,5c,5s,9h,2d,Qc,3h,7s,8d --explain",
    "exact-odds edge --paytable one_heart.toml --variant one_heart --shoe 9h,9s,Kh,Kd,3c,6h,Ac,8s,2d,5h --explain",
    "exact-odds edge --bets lucky8_player,dragon7 --remove 5h,Kd,9c --explain",
    "exact-odds breakeven dragon7 --target-edge 5%",
    "exact-odds breakeven super6_banker --grid 'Banker wins with 6=0..1:1/4' --grid '2=19/20,1'",
    "exact-odds distribution --table cards --format json",
    "exact-odds variants --paytable my_bets.toml --format json",
    "exact-odds banque --format json",
    "exact-odds banque --equilibrium --decks inf --solution correlated --no-theta-table",
    "exact-odds banque --equilibrium --decks inf --theta-range 1/20:1/10:1/100",
    "exact-odds chemin-de-fer --model B2 --decks 6 --exceptional-commissions",
    "exact-odds chemin-de-fer --model A1",
    "exact-odds eor",
    "exact-odds track dealt.log",
    "exact-odds sweep shoes.txt",
    "exact-odds live",
    "exact-odds serve",
    "exact-odds information --group 1 --high 6,7,8,9",
    "exact-odds information --group 1-4 --search",
}

#: Examples that may take longer than :data:`LIMIT`, each with the time it may take (seconds). The
#: times in the comments: the issue 23 report, then the two runs of the slow set of 26 Nov 2026 (issues
#: 22 and 25: two examples at once on the shared 2-core machine at load 5-13). Each shows progress on a
#: terminal (bars, or the names of the tables as they are made) except ``edge --bets all``: its one walk
#: and the card-level bets' tables are a few seconds of CPU on a machine that is not loaded.
LIMITS = {
    "exact-odds report --paytable my_bet.toml --shoes 2000 --jobs 2 -o my_bet.html": 120,  # 18.5 s; 13.3 s
    "exact-odds tables": 120,  # 20.7 s; 46.7 s, 58.1 s
    "exact-odds tables --check": 120,  # 47.0 s and 58.6 s (the default 60 s was too close)
    # about 8 s of CPU (the card-level bets' tables); 12.7 s, 32.1 s, and 59.2 s alone at load 13
    "exact-odds edge --bets all --decks 6": 180,
    "exact-odds tables --out new_tables": 120,  # 16.7 s; 41.1 s
    "exact-odds banque --equilibrium --decks 6 --no-theta-table": 180,  # 34 s; 15.4 s
    "exact-odds banque --equilibrium --punters know-cards --decks 6 --no-theta-table --exact": 300,  # 64 s; 57.8 s
    # 45 s of CPU, 2 min 20 s on the loaded machine; 44.8 s
    "exact-odds banque --equilibrium --punters know-cards --decks 1 --theta 1/4 --no-theta-table --format json": 600,
    # theta 1/2 alone: 34.6 s measured (issue 23; the whole table asks for --allow-slow); 25.9 s
    "exact-odds banque --equilibrium --punters know-cards --decks 1 --no-theta-table": 300,
    # 41 s on a local cluster of two workers at load 10, 62.0 s at load 13 (100,000 shoes, shown before: 208.6 s)
    "exact-odds simulate --shoes 20000 --decks 8 --seed 7 --scheduler tcp://127.0.0.1:8786": 180,
}

#: The loopback address the cluster examples are written with.
CLUSTER = "tcp://127.0.0.1:8786"


@dataclass
class Example:
    """One example: its command line (as bash runs it), where it is shown, and the error line shown after it."""

    command: str
    sources: list[str] = field(default_factory=list)
    error: str | None = None

    @property
    def kind(self) -> str:
        if self.error is not None:
            return "error"
        if re.search(r"exact-odds live\b|exact-odds track .*--screen", self.command):
            return "screen"
        if "tail -f" in self.command:
            return "follow"
        if re.search(r"exact-odds serve\b", self.command):
            return "serve"
        if "--scheduler" in self.command:
            return "cluster"
        return "run"


def _bare(line: str) -> str:
    """The command without its trailing comment and spacing (the key of :data:`QUICK` and :data:`LIMITS`)."""
    return re.sub(r"\s+#\s.*$", "", line).strip()


def help_examples() -> list[tuple[str, str]]:
    """(command, 'exact-odds NAME --help') for every example line of every command's help, and the group's."""
    import click

    from exact_odds.cli import main

    found = []
    with click.Context(main, info_name="exact-odds") as ctx:
        helps = [("exact-odds --help", main.get_help(ctx))]
        for name in main.list_commands(ctx):
            command = main.get_command(ctx, name)
            with click.Context(command, info_name=name, parent=ctx) as sub:
                helps.append((f"exact-odds {name} --help", command.get_help(sub)))
    for where, text in helps:
        for line in text.partition("Examples:")[2].splitlines()[1:]:
            if not line.strip():
                break
            if "exact-odds" in line:
                found.append((_bare(line), where))
    return found


def doc_examples() -> list[tuple[str, str, str | None]]:
    """(command, 'FILE:LINE', the error line shown after it or None) for every example of the docs."""
    found = []
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for path in paths:
        name = path.relative_to(ROOT).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        fence = None
        for n, line in enumerate(lines, 1):
            stripped = line.strip()
            if stripped.startswith("```"):
                fence = None if fence is not None else stripped[3:].strip()
                continue
            if fence is not None:
                if fence not in ("", "sh", "bash", "console", "shell") or "exact-odds" not in stripped:
                    continue
                if stripped.startswith("$ "):
                    command = stripped[2:]
                elif stripped.startswith("exact-odds ") and not stripped.split()[1].endswith(":"):
                    command = stripped
                else:
                    continue
                following = lines[n].strip() if n < len(lines) else ""
                error = following if re.match(r"exact-odds [\w-]+: error: ", following) else None
                found.append((_bare(command), f"{name}:{n}", error))
            elif "Other examples:" in line:
                end = next((k for k in range(n, len(lines)) if not lines[k].strip()), len(lines))
                paragraph = " ".join(lines[n - 1:end]).split("Other examples:", 1)[1].split("Options:")[0]
                for span in re.findall(r"`([^`]*exact-odds [^`]*)`", paragraph):
                    found.append((_bare(span), f"{name}:{n}", None))
    return found


def all_examples() -> list[Example]:
    """Every example once, with every place it is shown."""
    by_command: dict[str, Example] = {}
    for command, where, *error in [*help_examples(), *doc_examples()]:
        example = by_command.setdefault(command, Example(command))
        example.sources.append(where)
        if error and error[0] is not None:
            example.error = error[0]
    return list(by_command.values())


EXAMPLES = all_examples()


def _params(kind: str):
    quick = kind in ("error", "follow")
    return [pytest.param(e, id=e.command, marks=[] if quick or e.command in QUICK else [pytest.mark.slow])
            for e in EXAMPLES if e.kind == kind]


def _env() -> dict:
    """The environment of an example: this Python's exact-odds first on PATH, no colour codes."""
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env.pop("FORCE_COLOR", None)
    return env


@pytest.fixture
def folder(tmp_path):
    """A copy of examples/."""
    work = tmp_path / "examples"
    shutil.copytree(ROOT / "examples", work)
    return work


def run(command: str, cwd, limit: float) -> tuple[subprocess.CompletedProcess, float]:
    """Run ``command`` in bash in ``cwd``; fail (the whole process group killed) past ``limit`` seconds."""
    t = time.perf_counter()
    with subprocess.Popen(["bash", "-c", command], cwd=cwd, env=_env(), stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as p:
        try:
            out, err = p.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            pytest.fail(f"{command!r} took more than {limit} s")
    return subprocess.CompletedProcess(command, p.returncode, out, err), time.perf_counter() - t


def test_examples_are_found_in_every_help_and_in_the_docs():
    """Every command shows examples in its --help; the README and docs show theirs; every example
    named in QUICK and LIMITS is still shown somewhere (no stale entry)."""
    from exact_odds.cli import main

    commands = {re.search(r"exact-odds ([\w-]+)", c).group(1) for c, where in help_examples()
                if where != "exact-odds --help"}
    assert commands == set(main.list_commands(None))
    sources = {w.split(":")[0] for e in EXAMPLES for w in e.sources}
    assert {"README.md", "docs/cli.md", "docs/bets.md", "docs/cluster.md"} <= sources
    assert set(QUICK) | set(LIMITS) <= {e.command for e in EXAMPLES}
    assert {e.kind for e in EXAMPLES} == {"run", "error", "screen", "follow", "serve", "cluster"}


@pytest.mark.parametrize("example", _params("run"))
def test_the_example_runs(example, folder):
    if example.command.startswith("exact-odds tables"):  # it reads tables/ as from the project's root
        shutil.copytree(ROOT / "tables", folder / "tables")
    r, _ = run(example.command, folder, LIMITS.get(example.command, LIMIT))
    assert r.returncode == 0, f"{example.sources}: {r.stderr[-2000:]}"
    assert r.stdout.strip() or re.search(r" -o | --plot |>", example.command), f"{example.sources}: no output"


@pytest.mark.parametrize("example", _params("error"))
def test_the_error_shown_is_the_error_given(example, folder):
    r, _ = run(example.command, folder, LIMIT)
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, f"{example.sources}: {r.stderr}"
    position = 0
    for part in example.error.split("..."):  # '...' stands for text the docs leave out
        found = lines[0].find(part.strip(), position)
        assert found >= 0, f"{example.sources}: shown {example.error!r}, given {lines[0]!r}"
        position = found + len(part.strip())


@pytest.mark.parametrize("example", _params("follow"))
def test_the_follower_shows_its_lines_and_is_stopped(example, folder):
    with subprocess.Popen(["bash", "-c", example.command], cwd=folder, env=_env(), stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True) as p:
        try:
            seen = b""
            deadline = time.monotonic() + LIMIT
            while b"coup 3:" not in seen and time.monotonic() < deadline:  # dealt.log's last coup
                ready, _, _ = select.select([p.stdout], [], [], 1)
                if ready:
                    chunk = os.read(p.stdout.fileno(), 65536)
                    if not chunk:
                        break
                    seen += chunk
            assert b"coup 3:" in seen and p.poll() is None, (seen, p.stderr.read() if p.poll() is not None else "")
        finally:
            os.killpg(p.pid, signal.SIGTERM)
            p.wait(10)


def _on_a_terminal(command: str, cwd, keys: str, size=(100, 32), limit: float = LIMIT) -> tuple[int, str]:
    """Run ``command`` in a pseudo-terminal of ``size``; type ``keys`` once the screen shows, then q.
    Returns the exit status and everything the terminal showed."""
    import fcntl
    import pty
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: a shell in the terminal
        os.chdir(cwd)
        env = _env()
        env["TERM"] = "xterm-256color"
        os.execvpe("bash", ["bash", "-c", command], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    shown = b""
    deadline = time.monotonic() + limit

    def read_until(text: bytes) -> bool:
        nonlocal shown
        while time.monotonic() < deadline:
            if text in shown:
                return True
            ready, _, _ = select.select([fd], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:  # the child is gone
                    return text in shown
                if not chunk:
                    return text in shown
                shown += chunk
        return text in shown

    try:
        assert read_until(b"keys:"), shown[-2000:]
        for key in keys:
            os.write(fd, key.encode())
            time.sleep(0.2)
        assert read_until(b"last coup 1"), shown[-2000:]
        os.write(fd, b"q")
        read_until(b"\x00never")  # to the end of its output
        _, status = os.waitpid(pid, 0)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.close(fd)
    return os.waitstatus_to_exitcode(status), shown.decode("utf-8", "replace")


@pytest.mark.parametrize("example", _params("screen"))
def test_the_screen_runs_on_a_terminal(example, folder):
    """The coup of docs/cli.md's live screen (9 K Q 3: Player 9 Q = 9, Banker K 3 = 3) typed, then q."""
    status, shown = _on_a_terminal(example.command, folder, "9kQ3")
    assert status == 0, shown[-2000:]
    assert "live: 1 coup, 4 cards seen" in shown


@pytest.mark.parametrize("example", _params("serve"))
def test_the_server_serves_and_stops(example, folder):
    """The page and the session answer on 127.0.0.1; SIGINT ends it: 'exact-odds: interrupted', status 130."""
    import urllib.request

    command = re.sub(r"\s+--port\s+\d+", "", _bare(example.command)) + " --port 0"
    with subprocess.Popen(with_default_signals(["bash", "-c", f"exec {command}"]), cwd=folder, env=_env(), stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True) as p:
        try:
            line = p.stderr.readline()
            assert line.startswith("serving http://127.0.0.1:"), (example.sources, line, p.poll())
            url = line.split()[1]
            session = re.search(r"--session (\S+)", command)
            with urllib.request.urlopen(url, timeout=LIMIT) as page:
                assert b"exact-odds serve" in page.read()
            with urllib.request.urlopen(f"{url}api/sessions/{session.group(1) if session else 'default'}",
                                        timeout=LIMIT) as state:
                assert b'"cards_left"' in state.read()
            p.send_signal(signal.SIGINT)
            rest = p.communicate(timeout=LIMIT)[1]
        finally:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 130 and rest.strip() == "exact-odds: interrupted", (example.sources, rest)


@pytest.fixture(scope="module")
def cluster():
    """A Dask scheduler on 127.0.0.1 with two worker processes of one thread, as docs/cluster.md starts
    them; its address stands for :data:`CLUSTER`."""
    import distributed  # exact_odds[test] installs it

    with distributed.LocalCluster(host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True,
                                  protocol="tcp", dashboard_address=None) as c:
        yield c.scheduler_address


@pytest.mark.slow
@pytest.mark.parametrize("example", _params("cluster"))
def test_the_cluster_example_runs_on_a_local_cluster(example, folder, cluster):
    assert CLUSTER in example.command, f"{example.sources}: a cluster example uses {CLUSTER}, a loopback address"
    r, _ = run(example.command.replace(CLUSTER, cluster), folder, LIMITS.get(example.command, LIMIT))
    assert r.returncode == 0, f"{example.sources}: {r.stderr[-2000:]}"
