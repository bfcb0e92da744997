"""Options shared by several commands: the shoe, the output format, input files.

Each parser turns the user's text into a library value, or raises
:class:`~exact_odds.cli.app.InputError` naming the option.
"""

from __future__ import annotations

import sys
from fractions import Fraction

import click

from exact_odds.cli.app import InputError
from exact_odds.report.emit import DEFAULT_FORMAT, formats
from exact_odds.rules.shoe import Shoe, ShoeError, split_entries
from exact_odds.text import NumberError, exact_fraction, shown, whole_number

# --- shared options -----------------------------------------------------

class InputFile(click.File):
    """A text file to read, or '-' for standard input (UTF-8; a byte-order mark is skipped).

    Refuses '-' when standard input is closed (click would fail with a
    traceback), so the message says what to give instead."""

    def __init__(self):
        super().__init__("r", encoding="utf-8-sig")

    def convert(self, value, param, ctx):
        if value == "-" and sys.stdin is None:
            self.fail("standard input is closed; give a file name instead of '-'", param, ctx)
        return super().convert(value, param, ctx)


class WholeNumber(click.IntRange):
    """A whole number option in ASCII digits (:func:`exact_odds.text.whole_number`), within
    ``min``..``max`` as :class:`click.IntRange` says; click's own ``int`` takes any Unicode
    digits (``--shoes ٣`` ran three shoes)."""

    name = "integer"

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            try:
                value = whole_number(value)
            except NumberError as exc:
                self.fail(str(exc), param, ctx)
        return super().convert(value, param, ctx)


def not_text(stream) -> InputError:
    """The one-line error for an input file that is not UTF-8 text."""
    name = getattr(stream, "name", None)
    if not isinstance(name, str) or name in ("-", "<stdin>"):
        name = "standard input"
    return InputError(f"{name} is not UTF-8 text; give a plain text file")


#: Most decks a command takes. Measured: at 10**800 decks the six-card counts
#: pass the 4300 digits Python will print ('bet' and 'distribution' failed with
#: a ValueError traceback) and banque ran past two minutes; at 10**21 banque
#: takes ~13 s. Long before 10**18 decks the odds agree with the infinite deck
#: ('--decks inf') to more digits than any table prints.
MAX_DECKS = 10**18


def parse_decks(text: str) -> int | None:
    """'inf' (None) or a whole number of decks from 1 to :data:`MAX_DECKS` (leading zeros allowed)."""
    t = text.strip().lower()
    if t in ("inf", "infinite", "infinity"):
        return None
    try:
        d = whole_number(t, max_digits=len(str(MAX_DECKS)))
    except NumberError as exc:
        if exc.too_large:
            d = MAX_DECKS + 1
        else:
            raise InputError(f"--decks must be a whole number >= 1 or 'inf', not {text!r}") from None
    if d < 1:
        raise InputError(f"--decks must be a whole number >= 1 or 'inf', not {text!r}")
    if d > MAX_DECKS:
        digits = len(t.lstrip("+").lstrip("0"))
        raise InputError(f"--decks: at most 10^18 decks (a {digits}-digit number was given); "
                         "for the limit of ever more decks use --decks inf")
    return d


#: Most deck counts one --decks list may hold (side by side they must still read as one table).
MAX_DECK_LIST = 12


def parse_deck_list(text: str) -> tuple[int | None, ...]:
    """'1,6,8,inf': deck counts side by side, each as :func:`parse_decks` reads it, each once."""
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        raise InputError("--decks is empty; give deck counts such as 1,6,8,inf")
    if any(not p for p in parts):
        raise InputError(f"--decks {shown(text, 60)} has an empty entry; give deck counts such as 1,6,8,inf")
    if len(parts) > MAX_DECK_LIST:
        raise InputError(f"--decks lists {len(parts)} deck counts; at most {MAX_DECK_LIST} fit side by side")
    decks = tuple(parse_decks(p) for p in parts)
    seen = set()
    for p, d in zip(parts, decks):
        if d in seen:
            raise InputError(f"--decks lists {p} twice; give each deck count once")
        seen.add(d)
    return decks


def parse_fraction(text: str, option: str, expected: str) -> Fraction:
    """An exact fraction typed for ``option`` (:func:`exact_odds.text.exact_fraction`): '1/20', '0.05', '5%'."""
    try:
        return exact_fraction(text)
    except NumberError as exc:
        if exc.too_large:
            raise InputError(f"{option}: {exc}; give {expected}") from None
        raise InputError(f"{option} must be {expected}, not {shown(text, 60)}") from None


def check_shoe_size(shoe: Shoe, what: str) -> Shoe:
    """Refuse a shoe of more cards than :data:`MAX_DECKS` decks (see there)."""
    if not shoe.is_infinite and shoe.size > 52 * MAX_DECKS:
        raise InputError(f"{what}: at most 52 x 10^18 cards (10^18 decks); for the limit use --decks inf")
    return shoe


def parse_shoe_counts(text: str) -> Shoe:
    """13 rank counts (A..K), 52 rank-suit counts, or a card list such as 'Ah,Ah,Kd'."""
    try:
        parts = split_entries(text)
    except ShoeError as exc:
        raise InputError(f"--shoe: {exc}") from None
    numeric = [_looks_numeric(p) for p in parts]
    if parts and all(numeric):
        counts = []
        for p in parts:
            try:
                counts.append(whole_number(p))
            except NumberError as exc:
                if exc.too_large:
                    raise InputError("--shoe: at most 52 x 10^18 cards (10^18 decks); for the limit use --decks inf") from None
                raise InputError(f"--shoe: {p!r} is not a whole number; give 13 counts A,2,...,10,J,Q,K") from None
        try:
            return Shoe.from_counts(counts, label="shoe " + ",".join(str(c) for c in counts))
        except ShoeError as exc:
            raise InputError(f"--shoe: {exc}") from None
    if len(parts) in (13, 52) and any(numeric):
        bad = parts[numeric.index(False)]
        raise InputError(f"--shoe: {bad!r} is not a whole number; give 13 counts A,2,...,10,J,Q,K")
    try:
        return Shoe.from_cards(parts, label=f"{len(parts)} listed cards")
    except ShoeError as exc:
        raise InputError(
            f"--shoe: {exc}; give 13 rank counts (A,2,...,10,J,Q,K), 52 rank-suit counts or a card list"
        ) from None


def _looks_numeric(part: str) -> bool:
    """A count, even a bad one ('-4', '²'): anything but a card name."""
    return part.lstrip("+-").isdigit() or part.lstrip("+-").isnumeric()


def build_shoe(decks: str | None, shoe: str | None, remove: str | None, default_decks: int = 8) -> Shoe:
    """The shoe a command was asked for: --decks or --shoe, less --remove."""
    if decks is not None and shoe is not None:
        raise InputError("give either --decks or --shoe, not both")
    if shoe is not None:
        result = check_shoe_size(parse_shoe_counts(shoe), "--shoe")
    else:
        d = parse_decks(decks) if decks is not None else default_decks
        result = Shoe.infinite() if d is None else Shoe.decks(d)
    if remove:
        if result.is_infinite:
            raise InputError("--remove: cards cannot be removed from the infinite deck; use --decks N or --shoe")
        try:
            cards = split_entries(remove)
        except ShoeError as exc:
            raise InputError(f"--remove: {exc}") from None
        try:
            result = result.remove(cards)
        except ShoeError as exc:
            raise InputError(f"--remove: {exc}") from None
    return result


def build_shoes(decks: str | None, shoe: str | None, remove: str | None, default_decks: int = 8) -> list[Shoe]:
    """The shoes of ``--decks 1,6,8`` (one per deck count, each less --remove), or the one shoe of
    :func:`build_shoe` when --decks names one deck count or --shoe is given."""
    if decks is None or "," not in decks:
        return [build_shoe(decks, shoe, remove, default_decks)]
    if shoe is not None:
        raise InputError("give either --decks or --shoe, not both")
    return [build_shoe("inf" if d is None else str(d), None, remove) for d in parse_deck_list(decks)]


def shoe_options(default_decks: int = 8, lists: bool = False):
    """--decks, --shoe and --remove, as one decorator (``lists``: --decks may list deck counts, :func:`build_shoes`)."""

    def decorate(fn):
        fn = click.option("--remove", metavar="CARDS",
                          help="Cards to take out of the shoe, comma-separated ranks or cards: 5,5,K,A or Ah,Kd.")(fn)
        fn = click.option("--shoe", "shoe_counts", metavar="COUNTS",
                          help="The shoe as 13 rank counts A,2,...,10,J,Q,K, 52 rank-suit counts "
                               "(A of s,h,d,c, then 2, ...), or a card list such as Ah,Ah,Kd.")(fn)
        fn = click.option("--decks", metavar="N|inf",
                          help=f"Number of 52-card decks (a whole number from 1 to 10^18) or 'inf' for the infinite deck. "
                               f"Default {default_decks}." + (" A list such as 1,6,8,inf puts the deck counts side "
                                                               "by side in one table." if lists else ""))(fn)
        return fn

    return decorate


def _budget(ctx, param, value):
    from exact_odds.cards.budget import BudgetError, parse_budget

    if value is None:
        return None
    try:
        return parse_budget(value)
    except BudgetError as exc:
        raise click.BadParameter(str(exc)) from None


def engine_options(fn):
    """--explain and --memory-budget: how card-level bets are priced (exact_odds.cards.engine)."""
    fn = click.option("--memory-budget", "memory_budget", metavar="SIZE", callback=_budget,
                      help="The most memory a card-level bet's plan may take, such as 512MB or 4GB (default "
                           "2GB, or EXACT_ODDS_MEMORY_BUDGET): past it another route is taken, or the bet "
                           "is refused in one line.")(fn)
    fn = click.option("--explain", is_flag=True,
                      help="Say which route priced each bet, why the routes before it declined, its plan "
                           "and its time (in JSON: 'explain' under each bet).")(fn)
    return fn


def quiet_option(fn):
    """--quiet: no progress on standard error (exact_odds.progress; shown only on a terminal anyway)."""
    return click.option("--quiet", "-q", is_flag=True,
                        help="Show no progress (progress, with the time left, goes to standard error on a "
                             "terminal only).")(fn)


class FormatChoice(click.Choice):
    """click.Choice over :func:`~exact_odds.report.emit.formats`, listed when first needed: the list
    is tabulate's, and a command printing the default format never imports tabulate."""

    def __init__(self) -> None:
        self._choices: tuple[str, ...] | None = None
        self.case_sensitive = False

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        if self._choices is None:
            self._choices = tuple(formats())
        return self._choices

    def convert(self, value, param, ctx):
        return value if value == DEFAULT_FORMAT else super().convert(value, param, ctx)


def format_option(fn):
    return click.option(
        "--format", "fmt", default=DEFAULT_FORMAT, show_default=True,
        type=FormatChoice(), metavar="FORMAT",
        help="Output format: any tabulate format (plain, simple, github, grid, latex, html, ...), csv or json.",
    )(fn)


