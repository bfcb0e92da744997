"""The ``serve`` command: the shoe in play as a page in a browser, each session kept in a ``track`` log.

It parses the shoe, bet and count options as ``track`` does, opens the
sessions folder (:class:`exact_odds.web.session.Sessions`), binds the
address itself (so a port in use is one line) and runs the Starlette app of
:mod:`exact_odds.web.app` under uvicorn until Ctrl-C. Needs the ``web``
extra (``pip install 'exact_odds[web]'``); nothing else imports it.
"""

from __future__ import annotations

import socket

import click

from exact_odds.cli.app import InputError, Interrupted, input_errors
from exact_odds.cli.in_play import bets_option
from exact_odds.cli.options import shoe_options
from exact_odds.cli.shoe_in_play import chosen_count, count_option, start_shoe
from exact_odds.web.hosts import is_loopback


def replay_command(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text) -> str:
    """The ``track`` command line that replays a session file of this ``serve``: the shoe, bet and count
    options as given (pay-table files by their whole path)."""
    import os
    import shlex

    parts = ["exact-odds", "track"]
    options = [("--decks", decks), ("--shoe", shoe_counts), ("--remove", remove), ("--variant", variant)]
    options += [("--paytable", os.path.abspath(p)) for p in paytables or ()]
    options += [("--bets", bets), ("--commission", commission), ("--count", count_text)]
    for option, value in options:
        if value is not None:
            parts += [option, shlex.quote(str(value))]
    return " ".join(parts)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port``; :class:`InputError` if it cannot be had."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as exc:
        raise InputError(f"--host {host!r}: no such address ({exc}); use 127.0.0.1 or this machine's address") from None
    sock = socket.socket(info[0], socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
        sock.listen(128)
    except OSError as exc:
        sock.close()
        raise InputError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); choose another --port "
                         "(0 picks a free one)") from None
    return sock


def open_sessions(folder, first, setup):
    """The sessions in ``folder`` (made if need be), ``first`` started or resumed; :class:`InputError` if not."""
    from pathlib import Path

    from exact_odds.web.session import SessionError, Sessions

    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"--sessions {folder!r}: cannot make the folder ({exc.strerror or exc})") from None
    sessions = Sessions(folder, setup)
    try:
        sessions.create(first)
    except SessionError as exc:
        raise InputError(f"--session {first}: {exc}") from None
    except OSError as exc:
        raise InputError(f"--sessions {folder!r}: cannot write the session file ({exc.strerror or exc})") from None
    return sessions


@click.command("serve")
@shoe_options()
@bets_option
@count_option
@click.option("--sessions", "folder", default="exact-odds-sessions", show_default=True, metavar="DIR",
              type=click.Path(file_okay=False), help="The folder of the session files (NAME.log, track's log "
                                                     "format), made if need be.")
@click.option("--session", "first", default="default", show_default=True, metavar="NAME",
              help="The session the page opens first (letters, digits, _ and -); the page can open others.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Anything but this machine's loopback exposes the sessions, "
                   "without a password, to everyone who can reach it (a warning is printed).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535),
              help="The port to listen on (0: any free port, printed).")
@click.option("--high", metavar="VALUES", default="6,7,8,9", show_default=True,
              help="The High group of an edge sorter's next cards (the page's High/Low buttons; "
                   "docs/methods/information.md).")
@input_errors
def serve(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text, folder, first, host, port,
          high):
    """The shoe in play in a browser: tap the cards dealt, see the exact odds of the next coup.

    Serves a page (on http://127.0.0.1:8000/ by default) with the 52 cards
    and how many of each are left: tap a card, or type it (9h, K, T, 0 for
    any ten-value card), to deal it; undo, redo and reset. For every chosen
    bet it shows the exact expected value, house edge and win probability
    of the next coup, priced as 'track' prices them (+EV highlighted), the
    running and true count of --count, and the coups so far as a bead
    plate. High and Low mark what an edge sorter sees of the next cards
    (--high), and show every bet's EV given it. Every card is written at once to the session's file in the
    --sessions folder, in track's log format, so a reload or a restart
    resumes it and 'exact-odds track' replays it. Several sessions are kept
    by name. Ctrl-C stops it. Needs the web extra (pip install
    'exact_odds[web]'); the page works offline.

    \b
    Examples:
      exact-odds serve                                   # 8 decks, Banker, Player, Tie
      exact-odds serve --bets banker,player,tie,player_pair,banker_pair,dragon7 --count dragon7
      exact-odds serve --decks 6 --session table3 --port 8001
    """
    try:
        import uvicorn

        from exact_odds.web.app import create_app
    except ImportError:
        raise InputError("serve needs Starlette and uvicorn: pip install 'exact_odds[web]'") from None
    from exact_odds.cli.live import table_bets
    from exact_odds.web.session import SessionError, Setup, check_name

    try:
        check_name(first)
    except SessionError as exc:
        raise InputError(f"--session: {exc}") from None
    from exact_odds.cli.information import parse_values

    high_set = parse_values(high)
    keys, chosen = table_bets(variant, bets, paytables, commission)
    start = start_shoe(decks, shoe_counts, remove)
    count = chosen_count(count_text, start, keys, chosen)
    replay = replay_command(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text)
    setup = Setup(start, tuple(keys), tuple(chosen), count, replay)
    sock = bind(host, port)  # first: a port in use or an unknown host leaves nothing behind
    try:
        sessions = open_sessions(folder, first, setup)
    except InputError:
        sock.close()
        raise
    loopback = is_loopback(host)
    if not loopback:
        click.echo(f"warning: serving on {host}: anyone who can reach this machine can see and change the "
                   "sessions (there is no password); use the default --host 127.0.0.1 to keep them here", err=True)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"serving http://{shown}:{sock.getsockname()[1]}/ (session {first}, files in {folder}); "
               "Ctrl-C stops", err=True)
    server = uvicorn.Server(uvicorn.Config(create_app(sessions, first, loopback, high_set), log_level="warning",
                                           lifespan="off"))
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        raise Interrupted() from None
    finally:
        sock.close()
    if server.should_exit:
        raise Interrupted()
