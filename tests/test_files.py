"""exact_odds.files: output files are written atomically, never clobbered (issue 11, cause 8 and 11)."""

import errno
import os
import stat
import threading
from pathlib import Path

import pytest

from exact_odds import files
from exact_odds.files import OutputError, check_writable, write_files, write_text


def test_a_regular_file_is_replaced_whole(tmp_path):
    p = tmp_path / "out.csv"
    p.write_text("old\n")
    write_text(p, "new\n")
    assert p.read_text() == "new\n"
    assert [x.name for x in tmp_path.iterdir()] == ["out.csv"]  # no temporary file left


def test_a_new_file_follows_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        write_text(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "a.txt").stat().st_mode) == 0o640


def test_a_replaced_file_keeps_its_mode(tmp_path):
    p = tmp_path / "a.txt"
    p.write_text("x")
    p.chmod(0o604)
    write_text(p, "y")
    assert stat.S_IMODE(p.stat().st_mode) == 0o604


def test_a_symlink_is_followed_and_kept(tmp_path):
    target = tmp_path / "target.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_text(link, "new")
    assert link.is_symlink() and target.read_text() == "new"


def test_a_device_is_written_through_not_replaced():
    write_text("/dev/null", "anything")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_fifo_is_written_through(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
    reader.start()
    write_text(fifo, "through the pipe")
    reader.join(5)
    assert got == ["through the pipe"] and stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("name", ["", "   "])
def test_an_empty_name_is_refused(name):
    with pytest.raises(OutputError, match="empty"):
        check_writable(name)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(OutputError, match="folder"):
        write_text(tmp_path, "x")


def test_a_missing_folder_is_refused_before_any_work(tmp_path):
    with pytest.raises(OutputError, match="no folder"):
        check_writable(tmp_path / "nope" / "out.csv")


def test_a_full_disk_leaves_the_old_file(tmp_path, monkeypatch):
    p = tmp_path / "out.csv"
    p.write_text("old\n")

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "replace", full)
    with pytest.raises(OSError):
        write_text(p, "new\n")
    assert p.read_text() == "old\n"
    assert [x.name for x in tmp_path.iterdir()] == ["out.csv"]


def test_write_files_is_all_or_none(tmp_path, monkeypatch):
    out = tmp_path / "tables"
    out.mkdir()
    for i in range(5):
        (out / f"t{i}.md").write_text("old")
    calls = []
    real = Path.write_bytes

    def fail_on_the_third(self, data):
        calls.append(self.name)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", fail_on_the_third)
    with pytest.raises(OSError):
        write_files(out, {f"t{i}.md": "new" for i in range(5)})
    assert sorted(p.name for p in out.iterdir()) == [f"t{i}.md" for i in range(5)]
    assert all((out / f"t{i}.md").read_text() == "old" for i in range(5))


def test_write_files_refuses_a_target_that_is_not_a_regular_file_before_writing(tmp_path):
    out = tmp_path / "tables"
    out.mkdir()
    (out / "a.md").write_text("old")
    (out / "b.md").mkdir()
    with pytest.raises(OutputError, match="b.md"):
        write_files(out, {"a.md": "new", "b.md": "new"})
    assert (out / "a.md").read_text() == "old"


def test_chunks_are_written_as_they_come_and_an_error_among_them_leaves_the_old_file(tmp_path):
    """write_chunks (sweep -o): the chunks go to the temporary file as they are made, which replaces the
    file only after the last; an error while they are made removes it and leaves the old file whole."""
    p = tmp_path / "out.csv"
    p.write_text("old\n")
    files.write_chunks(p, iter(["a,b\n", "1,2\n", "3,4\n"]))
    assert p.read_text() == "a,b\n1,2\n3,4\n"

    def failing():
        yield "new\n"
        assert [x.name for x in tmp_path.iterdir()] != ["out.csv"]  # written into its stand-in meanwhile
        raise ValueError("line 7: the shoe has 5 cards")

    with pytest.raises(ValueError, match="line 7"):
        files.write_chunks(p, failing())
    assert p.read_text() == "a,b\n1,2\n3,4\n"
    assert [x.name for x in tmp_path.iterdir()] == ["out.csv"]  # no temporary file left
