"""The template sandbox every pack's sheets render in: Jinja2, sandboxed, with limits on what a
template may cost.

:class:`~jinja2.sandbox.SandboxedEnvironment` limits attribute access; this adds what it does not:
``StrictUndefined`` and autoescaping, a cap on a template's size before it compiles, on its output
and on its running time, and on the size of any value its operators, calls and filters make
(``'x' * 2000000000``, ``9 ** (9 ** 9)`` and ``'x'|center(10**9)`` are refused, never folded while
compiling or allocated). A pack gives its templates' folder; the user's folder (``--templates``)
comes first, and a template reached through a link out of its folder is refused.

A data value that knows where its data file wrote it (:class:`kcal.print.sourced.Sourced`) is checked for
characters the font lacks when a template reads it, and reported at that ``file:line:column``
(:func:`checked`); what the template writes itself is checked later, at the template's own line.
"""

from __future__ import annotations

import functools
import math
import re
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, NamedTuple, NoReturn

from kcal.core.errors import KcalError

if TYPE_CHECKING:
    from jinja2 import Environment, FileSystemLoader
    from jinja2.runtime import Context
    from jinja2.sandbox import SandboxedEnvironment
    from markupsafe import Markup

    from kcal.print.report import Report

MAX_OUTPUT_CHARS = 500_000  #: per template
MAX_SECONDS = 5.0  #: per template
MAX_TEMPLATE_BYTES = 256_000  #: a template file larger than this is refused before compiling
MAX_INT_BITS = 4096  #: an integer a template computes may not be larger


class TemplateProblem(KcalError):
    pass


class TemplateLimit(TemplateProblem):
    """A value a template computes is too large; reported at the template's line."""


class Limits(NamedTuple):
    output_chars: int = MAX_OUTPUT_CHARS
    seconds: float = MAX_SECONDS
    template_bytes: int = MAX_TEMPLATE_BYTES


# --- the sandbox --------------------------------------------------------------------------------


def _too_big(what: str) -> TemplateLimit:
    return TemplateLimit(f"unsafe template operation refused: {what}")


def _check_value(value: Any, limit: int) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > MAX_INT_BITS:
        raise _too_big(f"a number of more than {MAX_INT_BITS} bits")
    if isinstance(value, (str, list, tuple)) and len(value) > limit:
        raise _too_big(f"a value of more than {limit:,} items")
    return value


#: a width or precision in a %-format (``%9999999d``, ``%.9999999f``) or in a {}-format field (``{:>9999999}``)
_PERCENT_SIZES = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\d*)(?:\.(\d*))?")
_FIELD_SIZES = re.compile(r"\{[^{}]*?:[^{}\d]*(\d*)(?:\.(\d*))?[^{}]*\}")


def _check_format(text: Any, limit: int, pattern: re.Pattern[str] = _PERCENT_SIZES) -> None:
    """Refuse a format string whose widths or precisions would make more than ``limit`` characters,
    before it is formatted (the formatted string would be made whole first)."""
    if not isinstance(text, str):
        return
    for m in pattern.finditer(text):
        for size in m.groups():
            if size and (len(size) > 9 or int(size) > limit):
                raise _too_big(f"a format of width {size} (more than {limit:,} characters)")


def _check_args(args: Sequence[Any], kwargs: dict, limit: int) -> None:
    for v in (*args, *kwargs.values()):
        if isinstance(v, int) and not isinstance(v, bool) and abs(v) > limit:
            raise _too_big(f"an argument of {v:,} (more than {limit:,})")


@functools.cache
def _sandbox_class() -> Any:
    from jinja2.compiler import CodeGenerator, Frame
    from jinja2.nodes import Concat
    from jinja2.sandbox import SandboxedEnvironment

    class BoundedCodeGenerator(CodeGenerator):
        """Compiles ``a ~ b`` so that its result is checked as an operator's is (``~`` is no binop the
        sandbox intercepts: doubling a string with it made 1 GiB in 30 steps)."""

        def visit_Concat(self, node: Concat, frame: Frame) -> None:
            self.write("environment.bounded(")
            super().visit_Concat(node, frame)
            self.write(")")

    class BoundedSandbox(SandboxedEnvironment):
        """A sandbox that also bounds the size of what operators, ``~``, calls and filters make."""

        intercepted_binops = frozenset({"*", "**", "+", "//", "%", "/"})
        code_generator_class = BoundedCodeGenerator
        limit = MAX_OUTPUT_CHARS
        #: where characters the font lacks in the data values the template reads are reported
        report: Report | None = None

        def getattr(self, obj: Any, attribute: str) -> Any:
            return checked(super().getattr(obj, attribute), self.report)

        def getitem(self, obj: Any, argument: Any) -> Any:
            return checked(super().getitem(obj, argument), self.report)

        def bounded(self, value: Any) -> Any:
            """A value a template made, refused when it is too large (each step of a doubling is
            checked, so nothing larger than twice the limit is ever made)."""
            return _check_value(value, self.limit)

        def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
            if operator == "**" and isinstance(left, int) and isinstance(right, int):
                if right > 0 and abs(left) > 1 and right * math.log2(abs(left)) > MAX_INT_BITS:
                    raise _too_big(f"{left} ** {right} is too large")
            if operator == "%":
                _check_format(left, self.limit)
            if operator == "*":
                for seq, n in ((left, right), (right, left)):
                    if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > self.limit:
                        raise _too_big(f"repeating a value {n:,} times makes more than {self.limit:,} items")
            return _check_value(super().call_binop(context, operator, left, right), self.limit)

        def call(  # Jinja's own signature
            __self, __context: Context, __obj: Any, *args: Any, **kwargs: Any
        ) -> Any:
            _check_args(args, kwargs, __self.limit)
            # the sandbox hands out str.format wrapped (Jinja's wrap_str_format): the string is the
            # wrapped method's owner
            owner = getattr(getattr(__obj, "__wrapped__", __obj), "__self__", None)
            if isinstance(owner, str) and getattr(__obj, "__name__", "") in ("format", "format_map"):
                _check_format(owner, __self.limit, _FIELD_SIZES)
            return _check_value(super().call(__context, __obj, *args, **kwargs), __self.limit)

    return BoundedSandbox


def checked(value: Any, report: Report | None) -> Any:
    """A data value as a template reads it: a :class:`~kcal.print.sourced.Sourced` string (or a list or tuple
    of them) with every character the font lacks replaced, each reported in ``report`` at the value's own
    ``file:line:column`` (:func:`kcal.print.fonts.printable`); anything else as it is. Without a report,
    the value as it is (the rendered text is checked at the template's lines)."""
    from kcal.print.fonts import printable
    from kcal.print.sourced import Sourced

    def one(v: Any) -> Any:  # checked once: the template gets a plain str
        return str(printable(v, v.where, report)) if isinstance(v, Sourced) else v

    if report is None:
        return value
    if type(value) in (list, tuple) and any(isinstance(v, Sourced) for v in value):
        return type(value)(one(v) for v in value)
    return one(value)


def _guard_filter(f: Callable, limit: int, name: str = "") -> Callable:
    """A filter whose numeric arguments are bounded, and whose result is refused when too large (a
    ``|format`` string is checked before it formats)."""
    @functools.wraps(f)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        _check_args(args[1:], kwargs, limit)
        if name == "format" and args:
            _check_format(args[0], limit)
        return _check_value(f(*args, **kwargs), limit)

    return guarded


def _cell(value: Any) -> Markup:
    """A data value for a table cell: escaped, with ``|`` written so it cannot split the row."""
    from markupsafe import Markup, escape

    return Markup(str(escape(value)).replace("|", "&#124;"))


def _contained_loader(path: str, max_bytes: int) -> FileSystemLoader:
    from jinja2 import FileSystemLoader

    class ContainedLoader(FileSystemLoader):
        """A folder loader that refuses templates reached through a link out of the folder, and
        templates too large to compile safely."""

        def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
            source, filename, uptodate = super().get_source(environment, template)
            root = Path(self.searchpath[0]).resolve()
            real = Path(filename).resolve()
            if root not in real.parents or not real.is_file():
                raise KcalError(f"template {template!r} leads outside the templates folder; refused",
                                file=filename)
            if len(source.encode("utf-8", "surrogatepass")) > max_bytes:
                raise KcalError(f"template is larger than {max_bytes:,} bytes; refused", file=filename)
            return source, filename, uptodate

    return ContainedLoader(path)


def environment(builtin_dir: Path, user_dir: Path | None = None,
                limits: Limits = Limits(), report: Report | None = None) -> SandboxedEnvironment:
    """The sandboxed environment: the user's folder (when given) first, then the pack's templates; the
    data values its templates read are checked for characters the font lacks into ``report``."""
    from jinja2 import ChoiceLoader, StrictUndefined

    loaders = []
    if user_dir is not None:
        if not user_dir.is_dir():
            raise KcalError(f"{user_dir}: templates folder not found")
        loaders.append(_contained_loader(str(user_dir), limits.template_bytes))
    loaders.append(_contained_loader(str(builtin_dir), limits.template_bytes))
    env = _sandbox_class()(loader=ChoiceLoader(loaders), undefined=StrictUndefined, autoescape=True,
                           trim_blocks=False, lstrip_blocks=False, keep_trailing_newline=True)
    env.limit = limits.output_chars
    env.report = report
    env.globals.pop("lipsum", None)
    env.filters = {name: _guard_filter(f, limits.output_chars, name) for name, f in env.filters.items()}
    env.filters["cell"] = _cell
    return env


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Interrupt a template that runs too long (main thread only; elsewhere the output cap remains)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def _alarm(signum: int, frame: FrameType | None) -> NoReturn:
        raise TemplateProblem(f"{what}: template took longer than {seconds:g} s; stopped")

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def render_template(name: str, builtin_dir: Path, user_dir: Path | None, data: dict,
                    limits: Limits = Limits(), report: Report | None = None) -> tuple[str, str]:
    """Render one section's template (``NAME.j2``) to markup text; return (display name, text). A data
    value that knows its file position and that the template reads is checked for characters the font
    lacks into ``report``, at that position (:func:`checked`)."""
    from jinja2 import TemplateError, TemplateNotFound, TemplateSyntaxError, UndefinedError
    from jinja2.sandbox import SecurityError

    env = environment(builtin_dir, user_dir, limits, report)
    fname = f"{name}.j2"
    display = str(user_dir / fname) if user_dir is not None and (user_dir / fname).is_file() else f"templates/{fname}"
    try:
        with time_limit(limits.seconds, display):
            tmpl = env.get_template(fname)
    except TemplateNotFound:
        raise KcalError(f"{display}: template not found") from None
    except TemplateSyntaxError as exc:
        raise KcalError(f"template syntax error: {exc.message}", file=display, line=exc.lineno) from None
    except UnicodeDecodeError as exc:  # where the bad byte is, in kcal's words (as for every YAML file)
        from kcal.core.source import decode_utf8

        path = user_dir / fname if user_dir is not None and (user_dir / fname).is_file() else builtin_dir / fname
        decode_utf8(path.read_bytes(), display)  # raises at the byte's line and column
        raise KcalError(f"{display}: a template it includes is not UTF-8 ({exc.reason})") from None
    except OSError as exc:
        raise KcalError(f"{display}: cannot read template: {exc}") from None
    out: list[str] = []
    size = 0
    started = time.monotonic()
    try:
        with time_limit(limits.seconds, display):
            chunks = tmpl.generate(**{key: checked(value, report) for key, value in data.items()})
            for chunk in chunks:
                size += len(chunk)
                if size > limits.output_chars:
                    raise KcalError(f"template output exceeds {limits.output_chars:,} characters; stopped",
                                    file=display, line=_yielding_line(chunks, tmpl, fname))
                if time.monotonic() - started > limits.seconds:
                    raise KcalError(f"{display}: template took longer than {limits.seconds:g} s; stopped")
                out.append(chunk)
    except TemplateLimit as exc:
        raise KcalError(exc.message, file=display, line=_template_line(exc, fname)) from None
    except KcalError:
        raise
    except SecurityError as exc:
        raise KcalError(f"unsafe template operation refused: {exc}", file=display, line=_template_line(exc, fname)) from None
    except UndefinedError as exc:
        raise KcalError(f"undefined name in template: {exc.message}", file=display, line=_template_line(exc, fname)) from None
    except MemoryError:
        raise KcalError("template stopped: it needed more memory than the limit for templates and their "
                        "layout", file=display) from None
    except (TemplateError, TypeError, ValueError, ArithmeticError, AttributeError, KeyError, IndexError,
            RecursionError, OverflowError) as exc:
        raise KcalError(f"template failed: {type(exc).__name__}: {exc}", file=display,
                        line=_template_line(exc, fname)) from None
    return display, "".join(out)


def _yielding_line(chunks: Any, tmpl: Any, fname: str) -> int | None:
    """The template line that wrote the last chunk: where the innermost generator of the template
    ``fname`` is suspended, mapped back from the compiled code to the template."""
    line = None
    gen = chunks
    while gen is not None:
        frame = getattr(gen, "gi_frame", None)
        if frame is not None and frame.f_code.co_filename.endswith(fname):
            try:
                line = tmpl.get_corresponding_lineno(frame.f_lineno)
            except (AttributeError, TypeError, ValueError):
                pass
        gen = getattr(gen, "gi_yieldfrom", None)
    return line


def _template_line(exc: BaseException, fname: str) -> int | None:
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(fname):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


# --- an operating-system bound around rendering and layout ------------------------------------------

#: CPU seconds and memory (above what the process holds already) the rendering and laying out of one
#: rule book may take, in a child process the system stops at either limit (``resource.setrlimit``):
#: no Jinja operator, filter or loop and no ReportLab layout can go past them, C code included
MAX_CPU_SECONDS = 30
MAX_MEMORY_BYTES = 1 << 30


class CpuTimeUp(BaseException):
    """Raised in the bounded child when it reaches its CPU-time limit (the soft limit's ``SIGXCPU``; the
    hard limit, a second later, kills it): the work it interrupts names where it was (a rule sheet's
    template line) before the child reports. A ``BaseException``, so no ``except Exception`` in library
    code takes it for its own error."""


def _cpu_time_up(signum: int, frame: Any) -> None:
    raise CpuTimeUp


def _vm_size() -> int:
    """The address space this process holds now (Linux: /proc/self/status VmSize), in bytes."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def run_bounded(fn: Callable[[], Any], what: str, *, cpu_seconds: float | None = None,
                memory_bytes: int | None = None) -> Any:
    """``fn()`` in a forked child process with CPU-time and address-space limits; its result (pickled
    back). A :class:`KcalError` or ``OSError`` it raises is raised here as it was; running out of CPU
    time or memory is one :class:`KcalError` naming ``what``. Where the system cannot fork, ``fn()`` runs
    here."""
    import os

    cpu = MAX_CPU_SECONDS if cpu_seconds is None else cpu_seconds
    memory = MAX_MEMORY_BYTES if memory_bytes is None else memory_bytes
    try:
        import resource  # noqa: F401 - only where the system has resource limits
    except ImportError:
        return fn()
    if not hasattr(os, "fork"):
        return fn()
    budget = _vm_size() + memory
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_end)
        _child(fn, write_end, cpu, budget if budget > memory else None)
    os.close(write_end)
    chunks = []
    try:
        with os.fdopen(read_end, "rb") as pipe:
            while chunk := pipe.read(1 << 20):
                chunks.append(chunk)
        _, wait_status = os.waitpid(pid, 0)
    except BaseException:  # Ctrl-C (the child had it too): stop it, then go on as interrupted
        with _suppress():
            os.kill(pid, signal.SIGKILL)
        with _suppress():
            os.waitpid(pid, 0)
        raise
    return _outcome(b"".join(chunks), wait_status, what, cpu, memory)


def _child(fn: Callable[[], Any], write_end: int, cpu: float, address_space: int | None) -> NoReturn:
    """The child: limits first, then the work, its outcome pickled to the parent, then out at once (no
    clean-up of the parent's: its temp files and handlers are the parent's business)."""
    import os
    import pickle
    import resource

    status = 0
    try:
        seconds = max(1, math.ceil(cpu))
        # the soft limit raises CpuTimeUp in Python code (where it was is reported); the hard limit, a few
        # seconds later, stops C code that does not return to Python in time
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 3))
        if address_space is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        signal.signal(signal.SIGXCPU, _cpu_time_up)  # Python code stopped at the soft limit says where
        try:
            outcome: tuple[str, Any] = ("ok", fn())
        except CpuTimeUp:
            outcome = ("cpu", None)
        except KcalError as exc:
            outcome = ("errors", [p.to_dict() for p in exc.problems])
        except MemoryError:
            outcome = ("memory", None)
        except OSError as exc:
            outcome = ("os", (exc.errno, exc.strerror, exc.filename))
        except RecursionError:
            outcome = ("failed", "it nests too deeply")
        except Exception as exc:  # one line in the parent, not a traceback
            outcome = ("failed", f"{type(exc).__name__}: {exc}")
        data = pickle.dumps(outcome)
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
    except BaseException:  # the child reports by its exit status
        status = 70
    finally:
        os._exit(status)


def _outcome(data: bytes, wait_status: int, what: str, cpu: float, memory: int) -> Any:
    """What the child's pickled outcome and exit status say: its result, or the error to raise."""
    import os
    import pickle

    signalled = os.WTERMSIG(wait_status) if os.WIFSIGNALED(wait_status) else None
    if signalled in (signal.SIGXCPU, signal.SIGKILL):
        raise KcalError(f"{what}: stopped after {cpu:g} s of CPU time (the limit for templates and their "
                        "layout)")
    if signalled == signal.SIGINT:
        raise KeyboardInterrupt
    if not data:
        how = f"stopped by signal {signalled}" if signalled is not None else "failed"
        raise KcalError(f"{what}: {how} (more than {memory >> 20:,} MB of memory, or a crash)")
    kind, value = pickle.loads(data)
    if kind == "ok":
        return value
    if kind == "errors":
        from kcal.core.errors import raise_problem_dicts

        raise_problem_dicts(value)
    if kind == "os":
        raise OSError(*value)
    if kind == "cpu":
        raise KcalError(f"{what}: stopped after {cpu:g} s of CPU time (the limit for templates and their "
                        "layout)")
    if kind == "memory":
        raise KcalError(f"{what}: stopped: it needed more than {memory >> 20:,} MB of memory (the limit for "
                        "templates and their layout)")
    raise KcalError(f"{what}: failed: {value}")


def _suppress() -> Any:
    import contextlib

    return contextlib.suppress(OSError)
