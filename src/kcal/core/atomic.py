"""Atomic output: write temp files beside the targets, then commit them all together or not at all.

Nothing the user wrote is ever overwritten or lost (docs/cli.md, "Writing files", gives the ruling):

- a target that is one of the command's inputs (also through a link) is refused, even with ``--force``;
- an existing file that kcal wrote and nobody changed since (:func:`kcal.core.stamp.made_by_kcal`) is
  replaced, as print tools replace their output: running a command again is the usual loop;
- any other existing file (the user's own, or one of kcal's changed since) is replaced only with
  ``force=True`` (``--force``); ``force`` False or None never replaces it. A read-only file needs
  ``--force`` too. A target that does not exist is created *exclusively* (a hard link from the temp
  file, which fails if the name exists), so of several racing writers exactly one wins. A replaced
  file keeps its permission bits; a new one gets ``0666`` less the umask. Every file written carries
  kcal's mark (:func:`kcal.core.stamp.stamp`), so the next run knows it;
- the outputs of one command form an :class:`OutputTransaction`: every temp file is written first,
  then all are renamed into place; if anything fails (a full disk, a refused name, SIGINT, SIGTERM,
  SIGHUP) every temp file is removed, every file already put in place is taken back and every
  replaced file restored, so the folder holds exactly what it held before.

While a transaction is open, SIGTERM and SIGHUP raise inside it (as Ctrl-C does), the clean-up runs,
the previous handlers come back and the signal is delivered again, so the process still ends the way
that signal ends it (exit status 128 + signal number for the default action).
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import re
import secrets
import shutil
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any

from kcal.core.errors import KcalError, UsageError
from kcal.core.stamp import made_by_kcal, stamp

#: ``--force`` of the running command: what ``force=None`` means (:func:`forced`)
_FORCE: ContextVar[bool] = ContextVar("kcal_force", default=False)

#: outputs that were free when this run first checked them (:func:`check_output_path`): each is created
#: exclusively when it is written, even if a file has that name by then (another run's, carrying kcal's
#: mark like this run's own would), so of runs racing to create it exactly one wins. A name leaves the
#: set when this run has written it, or when a command ends (:func:`forget_checks`).
_FREE: set[str] = set()
_FREE_LOCK = threading.Lock()


def _key(out: Path) -> str:
    parent = out.parent if str(out.parent) else Path(".")
    try:
        return os.path.join(os.path.realpath(parent), out.name)
    except (OSError, ValueError):
        return os.path.abspath(out)


def forget_checks() -> None:
    """Forget which outputs were free when checked: a command ends (the next one checks afresh)."""
    with _FREE_LOCK:
        _FREE.clear()


def _was_free(out: Path) -> bool:
    with _FREE_LOCK:
        return _key(out) in _FREE


@contextlib.contextmanager
def forced(on: bool) -> Iterator[None]:
    """While the block runs, every output checked or written with ``force=None`` takes ``force=on``: a
    command's ``--force`` reaches every file it writes without being handed down to each writer."""
    token = _FORCE.set(bool(on))
    try:
        yield
    finally:
        _FORCE.reset(token)


def check_output_path(
    target: str | Path, *, inputs: Iterable[str | Path] = (), force: bool | None = None, folder: bool = False
) -> Path:
    """Validate an output path before any work is done; return it as a Path (see the module for ``force``).

    ``folder``: the output is a folder the command writes its files into (``export``'s pictures, ``deck
    build``'s decks): an existing folder is taken (each file in it is checked when written), a file there is
    refused, and a name free now is made exclusively later (:func:`make_output_folder`). This is the one
    look at an output before it is written, for files and folders alike."""
    force = _FORCE.get() if force is None else force
    out = Path(target)
    if str(out) == "" or out.name in ("", ".", ".."):
        raise UsageError(f"{target}: output must name a {'folder' if folder else 'file'}")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"{target}: the output folder {str(parent)!r} does not exist")
    if folder:
        return _check_folder(out, target, parent)
    if out.exists() and out.is_dir():
        raise UsageError(f"{target}: output is a directory")
    resolved = out.resolve()
    for inp in inputs:
        try:
            if Path(inp).resolve() == resolved or (out.exists() and os.path.samefile(out, inp)):
                raise UsageError(f"{target}: refusing to overwrite an input file")
        except OSError:
            continue
    if os.path.lexists(out):
        if not force:
            if _was_free(out):  # free when this run checked it: another run created it since
                raise UsageError(_taken(target))
            refusal = _not_kcals(out, target)
            if refusal is not None:
                raise UsageError(refusal)
    else:
        with _FREE_LOCK:
            _FREE.add(_key(out))
    if not os.access(parent, os.W_OK):
        raise UsageError(f"{target}: the output folder is not writable")
    return out


def _check_folder(out: Path, target: str | Path, parent: Path) -> Path:
    if os.path.lexists(out) and not out.is_dir():
        raise UsageError(f"{target}: names a file, and this command writes a folder of files there")
    if not out.exists():
        with _FREE_LOCK:
            _FREE.add(_key(out))
        if not os.access(parent, os.W_OK):
            raise UsageError(f"{target}: the output folder {str(parent)!r} is not writable")
    return out


def make_output_folder(target: str | Path, *, force: bool | None = None) -> bool:
    """Make the output folder :func:`check_output_path` (``folder=True``) checked; True if this run made it.

    A folder free when checked is made exclusively: if another run made it since, this run is refused
    (without ``--force``) as a file would be, so of runs racing to create it exactly one wins. A folder
    that was there when checked is used as it is. A failure of the file system is one line."""
    force = _FORCE.get() if force is None else force
    out = Path(target)
    free = _was_free(out)
    try:
        if out.is_dir() and (not free or force):
            return False
        out.mkdir()
    except FileExistsError:
        if free and not force:
            raise UsageError(_taken(target)) from None
        raise UsageError(f"{target}: names a file, and this command writes a folder of files there") from None
    except OSError as exc:
        raise UsageError(f"{target}: cannot make the output folder: {exc.strerror or exc}") from None
    with _FREE_LOCK:  # made by this run: its own folder from now on
        _FREE.discard(_key(out))
    return True


@contextlib.contextmanager
def output_folder(target: str | Path, *, force: bool | None = None) -> Iterator[Path]:
    """:func:`make_output_folder` for the block: a folder this run made is removed again when the block fails
    (an error, Ctrl-C) and nothing was put in it, so a failed run leaves nothing behind (only an empty folder
    goes: a file in it is someone's, another run's)."""
    made = make_output_folder(target, force=force)
    try:
        yield Path(target)
    except BaseException:
        if made:
            with contextlib.suppress(OSError):
                Path(target).rmdir()
        raise


def _taken(target: str | Path) -> str:
    return f"{target}: already exists (another run wrote it meanwhile); use --force to replace it"


def _not_kcals(out: Path, target: str | Path) -> str | None:
    """Why an existing ``out`` may not be replaced without ``--force`` (None: kcal's own, writable)."""
    if not made_by_kcal(out):
        return (f"{target}: already exists and kcal did not write it (or it was changed since); "
                "use --force to replace it")
    if _read_only(out):
        return f"{target}: the file is read-only; use --force to replace it"
    return None


def _read_only(path: Path) -> bool:
    """No write permission bit set (root may write anyway: the bits say what the owner wants)."""
    try:
        return path.is_file() and not path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    except OSError:
        return False


# --- signals ----------------------------------------------------------------------------------------

_SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None)


class _Interrupted(BaseException):
    """SIGTERM or SIGHUP arrived while outputs were being written (a BaseException, like Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"signal {signum}")
        self.signum = signum


@dataclass
class _SignalState:
    depth: int = 0
    previous: dict[int, Any] | None = None
    received: int | None = None


_state = _SignalState()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _state.received is None:  # a second signal during the clean-up does not interrupt it
        _state.received = signum
        raise _Interrupted(signum)


#: the signals a commit holds back: Ctrl-C as well as the two that end a session
_HELD = tuple(s for s in (getattr(signal, "SIGINT", None), *_SIGNALS) if s is not None)


@contextlib.contextmanager
def _blocked() -> Iterator[None]:
    """Hold SIGINT, SIGTERM and SIGHUP back for a few statements (creating a temp file and noting its
    name; renaming every file of a commit into place and removing the backups): a signal arriving
    meanwhile is noted, and delivered again, to the handler that was there, once the block is done.

    A handler, not a signal mask: Python runs signal handlers in the main thread whichever thread the
    system chose, so a mask on this thread alone would not hold a Ctrl-C back. Off the main thread no
    handler runs during the block anyway."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous: dict[int, Any] = {}

    def hold(signum: int, frame: FrameType | None) -> None:
        if signum not in caught:
            caught.append(signum)

    for sig in _HELD:
        handler = signal.getsignal(sig)
        if handler is signal.SIG_IGN or handler is None:  # ignored, or owned by C code: leave it
            continue
        previous[sig] = handler
        signal.signal(sig, hold)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        for sig in caught:
            signal.raise_signal(sig)  # the previous handler now: KeyboardInterrupt, _on_signal, or the end


def _enter_signals() -> bool:
    """Count one more open transaction; the outermost one of the main thread installs the handlers.
    False when nothing was counted (another thread: Python handles signals in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        return False
    _state.depth += 1
    if _state.depth == 1:
        _state.received = None
        _state.previous = {}
        for sig in _SIGNALS:
            previous = signal.getsignal(sig)
            if previous is signal.SIG_IGN or previous is None:  # ignored, or owned by C code: leave it
                continue
            _state.previous[sig] = previous
            signal.signal(sig, _on_signal)
    return True


def _leave_signals() -> int | None:
    """One transaction fewer; the last restores the previous handlers and returns the signal received."""
    _state.depth -= 1
    if _state.depth > 0:
        return None
    for sig, previous in (_state.previous or {}).items():
        signal.signal(sig, previous)
    _state.previous = None
    received, _state.received = _state.received, None
    return received


def _redeliver(signum: int) -> None:
    """End the way the signal would have ended the process had no output been open."""
    signal.raise_signal(signum)  # the previous handler is back: the default one terminates here
    raise SystemExit(128 + signum)  # a Python handler returned: still stop, with the shell's code


# --- transactions -----------------------------------------------------------------------------------


@dataclass
class _Entry:
    target: Path
    temp: Path
    replace: bool  # False: create exclusively
    stamped: bool = False  # kcal's mark is in the temp file (else added at commit)


class OutputTransaction:
    """Several outputs committed together, or none of them.

    ::

        with OutputTransaction(inputs=[deck], force=None) as tx:
            tx.write_bytes("report.pdf", pdf)
            tmp = tx.add("report.png")   # a temp path to write to (e.g. by a library)
            image.save(tmp)
        # here both files are in place; on any exception neither is, and nothing else changed
    """

    def __init__(self, *, inputs: Iterable[str | Path] = (), force: bool | None = None) -> None:
        self.inputs = list(inputs)
        self.force = _FORCE.get() if force is None else force
        self._entries: list[_Entry] = []
        self._signals = False
        self._open = False
        self.committed: list[Path] = []

    # -- building --

    def __enter__(self) -> OutputTransaction:
        self._signals = _enter_signals()
        self._open = True
        return self

    def add(self, target: str | Path) -> Path:
        """Check ``target`` and reserve a temp file beside it; return the temp file's path."""
        if not self._open:
            raise RuntimeError("OutputTransaction.add outside its with-block")
        out = check_output_path(target, inputs=self.inputs, force=self.force)
        if any(_same_target(e.target, out) for e in self._entries):
            raise UsageError(f"{target}: named twice as an output of one command")
        with _blocked():
            try:
                _sweep(out.parent if str(out.parent) else Path("."))
                fd, name = tempfile.mkstemp(prefix=f".{out.name}.{_owner()}.", suffix=".tmp", dir=out.parent)
            except OSError as exc:
                raise KcalError(f"cannot write {target}: {exc.strerror or exc}") from None
            os.close(fd)
            # an existing target passed check_output_path: --force, or kcal's own output that was there
            # when this run first checked it; a name free then is created exclusively
            replace = bool(self.force) or (os.path.lexists(out) and not _was_free(out))
            self._entries.append(_Entry(out, Path(name), replace=replace))
        return Path(name)

    def write_bytes(self, target: str | Path, data: bytes) -> Path:
        temp = self.add(target)
        self._entries[-1].stamped = True
        try:
            _write_all(temp, stamp(data, target))
        except OSError as exc:
            raise KcalError(f"cannot write {target}: {exc.strerror or exc}") from None
        return Path(target)

    def write_text(self, target: str | Path, text: str) -> Path:
        return self.write_bytes(target, text.encode("utf-8"))

    # -- ending --

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self._open = False
        try:
            if kind is None and _state.received is None:
                self._commit()
            else:
                self._discard()
        except BaseException:
            self._discard()
            self._finish()
            raise
        self._finish()

    def _finish(self) -> None:
        """Outermost transaction: put the previous signal handlers back; deliver a signal that came."""
        if not self._signals:
            return
        self._signals = False
        received = _leave_signals()
        if received is not None:
            _redeliver(received)

    def _discard(self) -> None:
        for entry in self._entries:
            with contextlib.suppress(OSError):
                entry.temp.unlink()
        self._entries.clear()

    def _commit(self) -> None:
        """Rename every temp file into place; on a failure, put back what was there.

        SIGTERM and SIGHUP are held back meanwhile: a signal arriving half-way through waits until
        the folder is consistent again (every file in place, or none), then ends the process.
        """
        for entry in self._entries:
            try:
                if not entry.stamped:
                    _stamp_file(entry.temp, entry.target)
                _finish_mode(entry)
            except OSError as exc:
                raise KcalError(f"cannot write {entry.target}: {exc.strerror or exc}") from None
        many = len(self._entries) > 1
        done: list[tuple[_Entry, Path | None]] = []  # (entry, backup of the file it replaced)
        with _blocked():
            try:
                for entry in self._entries:
                    if entry.replace and not self.force and os.path.lexists(entry.target):
                        refusal = _not_kcals(entry.target, entry.target)  # changed since the check?
                        if refusal is not None:
                            raise UsageError(refusal)
                    if entry.replace:
                        backup = _backup(entry.target) if many else None
                        done.append((entry, backup))  # noted before the rename: a failure in it is undone too
                        os.replace(entry.temp, entry.target)
                    else:
                        _create_exclusive(entry)
                        done.append((entry, None))
            except BaseException as exc:
                _roll_back(done)
                if isinstance(exc, OSError):
                    raise KcalError(f"cannot write {entry.target}: {exc.strerror or exc}") from None
                raise
            for _, backup in done:
                if backup is not None:
                    with contextlib.suppress(OSError):
                        backup.unlink()
            for entry in self._entries:
                with contextlib.suppress(OSError):
                    entry.temp.unlink()  # left only by an exclusive create (the link holds the data now)
        self.committed = [e.target for e in self._entries]
        with _FREE_LOCK:  # written by this run: from now on its own output, replaced as such
            _FREE.difference_update(_key(e.target) for e in self._entries)
        self._entries.clear()


# --- what a killed run left -------------------------------------------------------------------------


@functools.cache
def _host() -> str:
    """This machine, as six hex digits (of its host name)."""
    import hashlib
    import socket

    return hashlib.sha256(socket.gethostname().encode("utf-8", "surrogateescape")).hexdigest()[:6]



def _owner() -> str:
    """In every temp and backup name: the process that made it, and its machine (a shared folder may be
    written from several): ``.report.pdf.4711-3fa2c1.k3j_x9a2.tmp``."""
    return f"{os.getpid()}-{_host()}"

_LEFT = re.compile(r"^\..+\.(?P<pid>[0-9]+)-(?P<host>[0-9a-f]{6})\.[A-Za-z0-9_]+\.(?:tmp|bak)$")
_SWEPT: set[str] = set()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def _sweep(folder: Path) -> None:
    """Remove the temp and backup files a run of kcal on this machine left in ``folder`` when it was
    killed (SIGKILL, a power cut: no clean-up ran): each names its process, which is gone. Once per
    folder and process; a live run's files, another machine's and every other file are left alone."""
    key = os.path.abspath(folder)
    if key in _SWEPT:
        return
    _SWEPT.add(key)
    host = _host()
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        m = _LEFT.match(name) if name.startswith(".") else None
        if m is None or m.group("host") != host or _alive(int(m.group("pid"))):
            continue
        with contextlib.suppress(OSError):
            left = folder / name
            if left.is_file() and not left.is_symlink():
                left.unlink()


def _same_target(a: Path, b: Path) -> bool:
    return a.resolve() == b.resolve()


def _write_all(path: Path, data: bytes) -> None:
    """Write ``data`` to the temp file (one place, so tests can make the disk full here)."""
    with open(path, "wb") as fh:
        fh.write(data)


def _stamp_file(path: Path, target: Path) -> None:
    """Add kcal's mark to a temp file a library wrote (a PDF carries it already and is not read)."""
    with open(path, "rb") as fh:
        if fh.read(5) == b"%PDF-":
            return
        fh.seek(0)
        data = fh.read()
    marked = stamp(data, target)
    if marked is not data:
        _write_all(path, marked)


def _finish_mode(entry: _Entry) -> None:
    """The replaced file's permission bits, or 0666 less the umask for a new file."""
    mode = 0o666 & ~_umask()
    if entry.replace:
        with contextlib.suppress(FileNotFoundError):
            mode = stat.S_IMODE(os.stat(entry.target).st_mode) & 0o777
    os.chmod(entry.temp, mode)


def _backup(target: Path) -> Path | None:
    """A second name for ``target`` (a hard link, or a copy), so it can come back; None if it is new."""
    if not os.path.lexists(target):
        return None
    for _ in range(8):
        backup = target.with_name(f".{target.name}.{_owner()}.{secrets.token_hex(4)}.bak")
        try:
            os.link(target, backup, follow_symlinks=False)  # a symlink comes back as the symlink
            return backup
        except FileExistsError:
            continue
        except OSError:  # no hard links here: copy instead
            shutil.copy2(target, backup)
            return backup
    raise OSError(errno.EEXIST, "cannot find a free name for a backup", str(target))


def _create_exclusive(entry: _Entry) -> None:
    """Put the temp file at the target only if no file has that name: exactly one racing writer wins."""
    try:
        os.link(entry.temp, entry.target)
    except FileExistsError:
        raise UsageError(_taken(entry.target)) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
            raise
        # no hard links on this file system: claim the name with O_EXCL, then rename over the claim
        try:
            fd = os.open(entry.target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise UsageError(_taken(entry.target)) from None
        os.close(fd)
        os.replace(entry.temp, entry.target)


def _roll_back(done: list[tuple[_Entry, Path | None]]) -> None:
    """Undo the renames already made, newest first: restore what was replaced, remove what was new.
    (The temp files themselves are removed by the caller.)"""
    for entry, backup in reversed(done):
        with contextlib.suppress(OSError):
            if backup is not None:
                os.replace(backup, entry.target)
            elif not (entry.replace and entry.temp.exists()):  # else the rename never happened
                entry.target.unlink()


# --- one file ---------------------------------------------------------------------------------------


@contextlib.contextmanager
def atomic_output(
    target: str | Path, *, inputs: Iterable[str | Path] = (), force: bool | None = None
) -> Iterator[Path]:
    """Yield a temp path in the target's folder; on success it takes the target's place atomically."""
    with OutputTransaction(inputs=inputs, force=force) as tx:
        yield tx.add(target)


def atomic_write_bytes(
    target: str | Path, data: bytes, *, inputs: Iterable[str | Path] = (), force: bool | None = None
) -> Path:
    with OutputTransaction(inputs=inputs, force=force) as tx:
        tx.write_bytes(target, data)
    return Path(target)


def atomic_write_text(
    target: str | Path, text: str, *, inputs: Iterable[str | Path] = (), force: bool | None = None
) -> Path:
    return atomic_write_bytes(target, text.encode("utf-8"), inputs=inputs, force=force)


def write_all(files: Iterable[tuple[str | Path, bytes | Callable[[Path], None]]], *,
              inputs: Iterable[str | Path] = (), force: bool | None = None) -> list[Path]:
    """Write several outputs as one transaction: each is bytes, or a function that writes its temp path."""
    with OutputTransaction(inputs=inputs, force=force) as tx:
        for target, content in files:
            if isinstance(content, bytes):
                tx.write_bytes(target, content)
            else:
                content(tx.add(target))
    return tx.committed


def _umask() -> int:
    """The process umask, read without changing it where the system says it (Linux)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0)
    os.umask(mask)
    return mask
