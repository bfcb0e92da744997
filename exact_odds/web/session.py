"""Sessions of ``serve``: a shoe in play kept by name, every card written to its log file at once.

A :class:`Session` is a :class:`~exact_odds.in_play.track.table.Table` (the one
engine of ``track`` and ``live``) with redo and a file. After every card,
undo, redo or reset the whole log is written again, atomically
(:func:`exact_odds.files.write_text`), in ``track``'s log format
(:func:`~exact_odds.in_play.track.log.log_text`): one coup per line, a comment
saying how to replay it. ``exact-odds track`` reads the same file, and a
session opened again (a reload, a restart) replays it through a new table.

Nothing here knows of HTTP: :mod:`exact_odds.web.app` turns a
:class:`SessionError` into a status and one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from exact_odds.bets.paytable import PayTable
from exact_odds.files import write_text
from exact_odds.in_play.track.log import Card, LogError, Undo, log_text, parse_token, read_log
from exact_odds.in_play.track.table import Count, CountError, DetailNeeded, Table
from exact_odds.names import unknown
from exact_odds.report.track import without_line
from exact_odds.rules.shoe import Shoe

#: A session's name: letters, digits, '_' and '-', at most 40 (it names a file: no '/', no '..').
NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: The longest card text taken (``10h``), with room for spaces around it.
MAX_CARD_TEXT = 8
#: A session file's suffix.
SUFFIX = ".log"
#: The largest session file read, in bytes (a whole 8-deck shoe is about 1.3 KB; an edited file may be anything).
MAX_FILE = 1 << 20
#: The most sessions one folder holds (each a page can start with one request).
MAX_SESSIONS = 200


class SessionError(ValueError):
    """A request a session cannot take; the message says what is wrong and how to fix it."""


class UnknownSession(SessionError):
    """No session of that name (neither open nor in the folder)."""


class Conflict(SessionError):
    """The session changed since the page asking last saw it (another tab), or its file does not fit."""


class SessionFileError(Conflict):
    """A session file that cannot be replayed on this shoe (dealt from another shoe, or edited)."""


@dataclass(frozen=True)
class Setup:
    """What every session of one ``serve`` shares: the shoe at the start, the bets and the count;
    ``replay`` is the ``track`` command line that replays a session file (written in its comment)."""

    shoe: Shoe
    keys: tuple[str, ...]
    bets: tuple[PayTable, ...]
    count: Count | None = None
    replay: str = "exact-odds track"

    def table(self) -> Table:
        table = Table(self.shoe, self.bets, self.count)
        table.start()
        table.price_cards()
        return table


def check_name(name: object) -> str:
    """``name`` if it can name a session, else :class:`SessionError` saying what a name may hold."""
    if not isinstance(name, str) or not NAME.fullmatch(name):
        shown = repr(name) if not isinstance(name, str) or len(name) <= 40 else repr(name[:40] + "...")
        raise SessionError(f"{shown} cannot name a session: use 1 to 40 letters, digits, '_' or '-'")
    return name


class Session:
    """One named shoe in play, written to ``folder/NAME.log`` after every change.

    ``version`` counts the changes since the session was opened: a change
    asked for by a page that saw another version is refused
    (:class:`Conflict`), so two tabs clicking at once cannot deal a card
    twice by mistake."""

    def __init__(self, name: str, folder: Path, setup: Setup):
        self.name = check_name(name)
        self.path = Path(folder) / (name + SUFFIX)
        self.setup = setup
        self.version = 0
        self.redo_cards: list[str] = []  #: cards taken back, the last first to come again
        self.table = setup.table()
        if self.path.exists():
            self._replay()

    # --- reading and writing the file ----------------------------------------------------------
    def _replay(self) -> None:
        try:
            if self.path.stat().st_size > MAX_FILE:
                raise SessionFileError(f"session {self.name!r}: its file {self.path.name} is over {MAX_FILE} bytes, "
                                       "far more than a shoe holds; choose another session")
            text = self.path.read_text(encoding="utf-8")
            table = Table(self.setup.shoe, self.setup.bets, self.setup.count)
            for _ in table.enter_all(read_log(text.splitlines())):  # every coup priced as track prices it
                pass
            self.table = table
        except (LogError, CountError) as exc:
            raise SessionFileError(f"session {self.name!r}: its file {self.path.name} does not fit "
                                   f"{self.setup.shoe.describe()} ({exc}); start serve with the shoe and bets it "
                                   "was dealt with, or choose another session") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SessionFileError(f"session {self.name!r}: its file {self.path.name} cannot be read "
                                   f"({getattr(exc, 'strerror', None) or exc})") from None

    def log(self) -> str:
        """The session's log as written to its file (what ``track`` reads)."""
        coups = [c.cards for c in self.table.coups] + [self.table.current]
        return log_text(coups, (f"exact-odds serve, session {self.name}: {self.setup.shoe.describe()}",
                                f"replay: {self.setup.replay} {self.path.name}"))

    def save(self) -> None:
        write_text(self.path, self.log())

    @property
    def cards(self) -> list[Card]:
        """Every card dealt so far, in order."""
        return [c for coup in self.table.coups for c in coup.cards] + list(self.table.current)

    # --- changes ---------------------------------------------------------------------------------
    def check_version(self, version: object) -> None:
        """:class:`Conflict` unless ``version`` is this session's (None: not checked)."""
        if version is None:
            return
        if isinstance(version, bool) or not isinstance(version, int):
            raise SessionError(f"version must be a whole number (the session's last version seen), not {version!r}")
        if version != self.version:
            raise Conflict(f"session {self.name!r} changed in another tab or window (version {self.version}, "
                           f"this page saw {version}); the page now shows it as it is: check it and try again")

    def deal(self, text: object, version: object = None, keep_redo: bool = False) -> None:
        """Deal the card ``text`` (``9h``, ``K``, ``T``, ``0``), then write the file; the session is as it
        was if the card is refused or the file cannot be written."""
        self.check_version(version)
        card = self._card(text)
        try:
            self.table.enter(card)
        except DetailNeeded as exc:
            raise SessionError(without_line(str(exc))) from None
        except (LogError, CountError) as exc:
            raise SessionError(without_line(str(exc))) from None
        try:
            self.save()
        except OSError:
            self.table.enter(Undo(0, "u"))
            raise
        self.table.price_cards()
        if not keep_redo:
            self.redo_cards.clear()
        self.version += 1

    def _card(self, text: object) -> Card:
        if not isinstance(text, str):
            raise SessionError(f"a card is text such as '9h', 'K', 'T' or '0', not {type(text).__name__}")
        t = text.strip()
        if not t or len(t) > MAX_CARD_TEXT or len(t.split()) != 1:
            shown = repr(t) if len(t) <= 12 else repr(t[:12] + "...")
            raise SessionError(f"{shown} is not one card: give one card such as '9h', 'K', 'T' or '0'")
        try:
            token = parse_token(t, self.table.in_play.seen + 1)
        except LogError as exc:
            raise SessionError(without_line(str(exc))) from None
        if isinstance(token, Undo):
            raise SessionError(f"{t!r} is not a card: undo has its own button (or the key u)")
        return token

    def undo(self, version: object = None) -> None:
        """Take back the last card (it can be dealt again by :meth:`redo`)."""
        self.check_version(version)
        if not self.cards:
            raise SessionError("nothing to undo: no card has been dealt in this session")
        events = self.table.enter(Undo(0, "u"))
        card = events[0][1].card
        try:
            self.save()
        except OSError:
            self.table.enter(card)
            raise
        self.table.price_cards()
        self.redo_cards.append(card.text)
        self.version += 1

    def redo(self, version: object = None) -> None:
        """Deal again the last card taken back by :meth:`undo`."""
        self.check_version(version)
        if not self.redo_cards:
            raise SessionError("nothing to redo: no card has been taken back since the last card dealt")
        self.deal(self.redo_cards[-1], keep_redo=True)
        self.redo_cards.pop()

    def reset(self, version: object = None) -> None:
        """Start the shoe again: every card dealt is forgotten (the file keeps none)."""
        self.check_version(version)
        old = self.table
        self.table = self.setup.table()
        try:
            self.save()
        except OSError:
            self.table = old
            raise
        self.redo_cards.clear()
        self.version += 1


class Sessions:
    """The sessions of one ``serve``: each a file ``NAME.log`` in ``folder``, opened when first asked for."""

    def __init__(self, folder: str | Path, setup: Setup):
        self.folder = Path(folder)
        self.setup = setup
        self.open: dict[str, Session] = {}

    def names(self) -> list[str]:
        """Every session: open, or with a file in the folder."""
        on_disk = {p.name[: -len(SUFFIX)] for p in self.folder.glob("*" + SUFFIX) if p.is_file()}
        return sorted({n for n in on_disk if NAME.fullmatch(n)} | set(self.open))

    def get(self, name: object) -> Session:
        """The session ``name``; :class:`UnknownSession` (with the closest names) if there is none."""
        name = check_name(name)
        if name not in self.open:
            if not (self.folder / (name + SUFFIX)).is_file():
                raise UnknownSession(unknown("session", name, self.names(), "open it with New to start it"))
            self.open[name] = Session(name, self.folder, self.setup)
        return self.open[name]

    def create(self, name: object) -> Session:
        """The session ``name``, started (and its file written) if there is none yet."""
        name = check_name(name)
        if name in self.open or (self.folder / (name + SUFFIX)).is_file():
            return self.get(name)
        if len(self.names()) >= MAX_SESSIONS:
            raise SessionError(f"there are {MAX_SESSIONS} sessions already, the most a folder holds here: open one "
                               f"of them, or remove some files from {str(self.folder)!r}")
        session = Session(name, self.folder, self.setup)
        session.save()
        self.open[name] = session
        return session

    def __repr__(self) -> str:
        return f"Sessions({str(self.folder)!r}: {len(self.names())} sessions)"


__all__ = ["Conflict", "Session", "SessionError", "SessionFileError", "Sessions", "Setup", "UnknownSession",
           "check_name"]
