"""Writing files without losing or clobbering anything: the one home of how output files are written.

* A regular file (or a new one) is written atomically: to a temporary file
  in the same folder, with the mode a new file would get (the umask), then
  renamed over the target. A reader sees the old file or the new one, never
  half of either; a full disk leaves the old file as it was.
* A symbolic link is followed: its target is what gets written. A link that
  leads back to itself (a loop) is refused, never replaced.
* Anything else that already exists (a device such as /dev/null, a FIFO) is
  written straight through, never replaced by a regular file.
* A folder is refused, and so is a name that can only be a folder's (ending
  in ``/``, ``/.`` or ``/..``: ``-o newdir/`` would otherwise write a file
  called ``newdir``).

:func:`write_chunks` writes a text made piece by piece, each piece as it comes (still atomically).
:func:`write_files` writes several files into one folder the same way, all
or none: every file goes to a temporary folder beside it first, and only
when all are written are they renamed into place.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path


class OutputError(OSError):
    """A file that cannot be written; the message names it and says why."""


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _target(path: Path, shown: str) -> Path:
    """The file ``path`` names, with symbolic links followed (the link itself is kept); a loop
    of links is refused (Python's non-strict realpath would return a link of the loop, which
    the rename then replaced)."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except FileNotFoundError:  # a link to a file not there yet: that file is written
        return Path(os.path.realpath(path))
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise OutputError(f"{shown!r} is a symbolic link that leads back to itself (a loop)") from None
        raise OutputError(f"cannot write {shown!r} ({exc.strerror or exc})") from None


def _names_a_folder(text: str) -> bool:
    """Whether ``text`` ends as only a folder's name does ('out/', 'out/.', '..'): pathlib drops
    the trailing '/' and '.', so ``Path('newdir/')`` is ``newdir``, a file."""
    return os.path.basename(text.rstrip(os.sep + (os.altsep or ""))) in (".", "..") or \
        text.endswith((os.sep, os.altsep or os.sep))


def check_writable(path: str | os.PathLike[str]) -> Path:
    """The file that writing ``path`` will write, refused now if it cannot be (before any work)."""
    p = Path(path)
    text = os.fspath(path)
    if not str(text).strip():
        raise OutputError("the file name is empty")
    if _names_a_folder(str(text)):
        raise OutputError(f"{str(path)!r} names a folder, not a file")
    target = _target(p, str(path))
    if target.is_dir():
        raise OutputError(f"{str(path)!r} is a folder, not a file")
    if target.exists() and not target.is_file():
        return target  # a device or FIFO: written straight through
    folder = target.parent
    if not folder.is_dir():
        raise OutputError(f"cannot write {str(path)!r}: there is no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OutputError(f"cannot write {str(path)!r}: the folder {str(folder)!r} is not writable")
    return target


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, newlines as given) to ``path`` as the module docstring says."""
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` as the module docstring says (a plot, or encoded text)."""
    _write(path, (data,))


def write_chunks(path: str | os.PathLike[str], chunks: Iterable[str | bytes]) -> None:
    """Write the text of ``chunks`` (UTF-8; a chunk of bytes as it is) to ``path`` as :func:`write_text`
    writes one text, each chunk as it comes: into the temporary file that replaces a regular file once the
    last chunk is written (an error or Ctrl-C while the chunks are made removes it and leaves the old
    file), or all at once at the end to a device or FIFO. A sweep writes its rows so while its workers
    make the next ones, instead of joining and encoding tens of megabytes at the end."""
    _write(path, (chunk if isinstance(chunk, bytes) else chunk.encode("utf-8") for chunk in chunks))


def _write(path: str | os.PathLike[str], parts: Iterable[bytes]) -> None:
    target = check_writable(path)
    if target.exists() and not target.is_file():
        data = b"".join(parts)  # (made in full before a device or FIFO is opened)
        with open(target, "wb") as fh:  # a device or FIFO
            fh.write(data)
        return
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "wb") as fh:
            for data in parts:
                fh.write(data)
        os.chmod(tmp, stat.S_IMODE(target.stat().st_mode) if target.exists() else _umask_mode())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def write_files(folder: str | os.PathLike[str], files: Mapping[str, str]) -> None:
    """Write every ``{name: text}`` into ``folder`` (created if need be), all or none."""
    out = Path(folder)
    if not str(folder).strip():
        raise OutputError("the folder name is empty")
    if out.exists() and not out.is_dir():
        raise OutputError(f"{str(folder)!r} is not a folder")
    for name in files:
        t = out / name
        if t.is_symlink() or (t.exists() and not t.is_file()):
            raise OutputError(f"{str(t)!r} is not a regular file; remove it or write elsewhere")
    out.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(dir=out, prefix=".writing-"))
    mode = _umask_mode()
    try:
        for name, text in files.items():
            path = stage / name
            path.write_bytes(text.encode("utf-8"))
            os.chmod(path, mode)
        for name in files:
            os.replace(stage / name, out / name)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
