"""The autosave's writer thread (megamono.autosave.BackgroundWriter): the bytes are made by the caller,
the thread only writes them, in order, the newest of a file only, and says how each write went."""

from __future__ import annotations

import threading
from pathlib import Path

from megamono.autosave import BackgroundWriter


def test_the_writer_writes_in_its_own_thread_in_order_and_reports_each_write(tmp_path):
    done: list[tuple[str, str | None, str]] = []
    threads: set[str] = set()

    def write(path: Path, data: bytes) -> None:
        threads.add(threading.current_thread().name)
        path.write_bytes(data)

    writer = BackgroundWriter(write, lambda path, problem: done.append((path.name, problem,
                                                                        threading.current_thread().name)))
    writer.submit(tmp_path / "a.json", b"1")
    writer.submit(tmp_path / "b.json", b"2")
    assert writer.wait(10)
    assert (tmp_path / "a.json").read_bytes() == b"1" and (tmp_path / "b.json").read_bytes() == b"2"
    assert [(n, p) for n, p, _ in done] == [("a.json", None), ("b.json", None)]
    assert threads == {"megamono-writer"} and {t for *_, t in done} == {"megamono-writer"}


def test_only_the_newest_bytes_of_a_file_waiting_are_written(tmp_path):
    gate, started = threading.Event(), threading.Event()
    written: list[bytes] = []

    def write(path: Path, data: bytes) -> None:
        started.set()
        gate.wait(10)
        written.append(data)

    writer = BackgroundWriter(write, lambda path, problem: None)
    writer.submit(tmp_path / "a.json", b"first")  # taken at once: being written
    assert started.wait(10)
    writer.submit(tmp_path / "a.json", b"second")  # waiting ...
    writer.submit(tmp_path / "a.json", b"third")  # ... replaced by newer bytes
    assert not writer.wait(0.05)  # still writing
    gate.set()
    assert writer.wait(10)
    assert written == [b"first", b"third"]


def test_a_failed_write_is_reported_with_the_reason_and_the_writer_goes_on(tmp_path):
    done: list[tuple[str, str | None]] = []

    def write(path: Path, data: bytes) -> None:
        if path.name == "bad.json":
            raise OSError(28, "No space left on device")
        path.write_bytes(data)

    writer = BackgroundWriter(write, lambda path, problem: done.append((path.name, problem)))
    writer.submit(tmp_path / "bad.json", b"1")
    writer.submit(tmp_path / "good.json", b"2")
    assert writer.wait(10)
    assert done[0][0] == "bad.json" and "No space left" in str(done[0][1])
    assert done[1] == ("good.json", None)
