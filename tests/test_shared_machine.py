"""A shared machine's other users (issue 44): names planted in /tmp, file names that
hold terminal escapes, terminals that cannot show Japanese.

"Another user" is a forked child of this test that takes uid 65534 (nobody), where the
test runs as root (as in CI); elsewhere the same rule is checked directly.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from nqueens import files
from nqueens.errors import OutputPlaceError, printable
from tests.processes import NQUEENS, invoke, run_nqueens

NOBODY = 65534


def as_another_user(action: Callable[[], None]) -> None:
    """Run `action` in a forked child as uid and gid 65534 (nobody)."""
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        status = 1
        try:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            action()
            status = 0
        finally:
            os._exit(status)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 0


@pytest.fixture
def sticky() -> Iterator[Path]:
    """A folder like /tmp: sticky, anyone may write to it (reachable by nobody)."""
    folder = Path(tempfile.mkdtemp(prefix="nqueens-sticky-", dir="/tmp"))
    folder.chmod(0o1777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


root_only = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to act as another uid")


@root_only
def test_a_link_another_user_planted_in_a_sticky_folder_is_not_followed(
    tmp_path: Path, sticky: Path
) -> None:
    """Issue 44 section 2: nobody's /tmp/link.svg -> a root-owned file; `show --out`
    replaced the file. Refused in one line naming the link, the file untouched."""
    victim = tmp_path / "victim.conf"
    victim.write_text("secret\n")
    link = sticky / "link.svg"
    as_another_user(lambda: os.symlink(victim, link))
    status, _, err = invoke("show", "6", "--out", str(link))
    assert status == 2 and "another user's symlink" in err and "link.svg" in err
    assert victim.read_text() == "secret\n"
    status, _, err = invoke("count", "6", "--journal", str(link))  # a journal too
    assert status == 2 and "another user's symlink" in err
    assert victim.read_text() == "secret\n"


@root_only
def test_another_users_file_or_fifo_in_a_sticky_folder_is_not_written(sticky: Path) -> None:
    """The same class of attack without a link: a file or FIFO nobody made in /tmp under
    the name we write (replacing it would hand our output to its owner, writing into the
    FIFO would hand it to its reader), as protected_regular and protected_fifos say."""
    as_another_user(lambda: (sticky / "theirs.svg").write_text("theirs"))
    as_another_user(lambda: os.mkfifo(sticky / "pipe.svg"))
    for name in ("theirs.svg", "pipe.svg"):
        status, _, err = invoke("show", "6", "--out", str(sticky / name))
        assert status == 2 and "another user's file" in err, err
    assert (sticky / "theirs.svg").read_text() == "theirs"


@root_only
def test_a_link_of_our_own_or_the_folder_owners_is_followed(tmp_path: Path, sticky: Path) -> None:
    target = tmp_path / "mine.svg"
    os.symlink(target, sticky / "mine.svg")
    status, _, _ = invoke("show", "6", "--out", str(sticky / "mine.svg"))
    assert status == 0 and target.read_text().startswith("<?xml")
    assert (sticky / "mine.svg").is_symlink()


def test_the_rule_is_the_kernels_protected_symlinks(tmp_path: Path) -> None:
    """Where no other uid can be taken, the rule itself: refused only for a link in a
    sticky, world-writable folder owned by neither this user nor the folder's owner."""
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o1777)
    os.symlink(tmp_path / "x", folder / "link")
    info = os.lstat(folder / "link")
    other = os.geteuid() + 1 if os.geteuid() != NOBODY else NOBODY - 1
    foreign = os.stat_result((info.st_mode, 0, 0, 1, other, 0, 0, 0, 0, 0))
    with pytest.raises(OutputPlaceError, match="another user's symlink"):
        files._refuse_foreign("asked", str(folder / "link"), foreign, "symlink")
    files._refuse_foreign("asked", str(folder / "link"), info, "symlink")  # ours: followed
    folder.chmod(0o777)  # not sticky: the kernel follows it
    files._refuse_foreign("asked", str(folder / "link"), foreign, "symlink")


def test_a_chain_of_links_is_followed_as_the_kernel_would(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("sub/../c.svg")
    (tmp_path / "sub").mkdir()
    assert files.followed(tmp_path / "a") == Path(os.path.realpath(tmp_path / "a"))
    (tmp_path / "loop").symlink_to("loop")
    with pytest.raises(OutputPlaceError, match="too many levels"):
        files.followed(tmp_path / "loop")


# ---------------------------------------------------------------- names and encodings
HOSTILE = "\x1b]0;PWN\x07x"


@pytest.mark.parametrize(
    "args",
    [
        ("journal", f"{HOSTILE}.db"),
        ("show", "6", "--out", f"{HOSTILE}.svg"),
        ("count", "6", "--journal", f"{HOSTILE}/j.db"),
        ("count", "8", "--part", "1/2", "--journal", f"{HOSTILE}.db"),
        ("count", "8", "-m", "numpy", "--journal", f"{HOSTILE}.db", "--verify", "2"),
        ("solve", "6", "--all", "--out", f"{HOSTILE}.txt"),
    ],
)
def test_a_file_name_with_terminal_escapes_is_printed_escaped(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    done = run_nqueens(*args, cwd=tmp_path)
    said = done.stdout + done.stderr
    assert "\x1b" not in said and "\x07" not in said
    assert "\\x1b]0;PWN\\x07x" in said


def test_a_merged_parts_names_are_printed_escaped(tmp_path: Path) -> None:
    for k in (1, 2):
        done = run_nqueens(
            "count", "8", "-m", "backtrack", "--part", f"{k}/2", "-w", "1", "-q",
            "--journal", f"part-{HOSTILE}{k}.db", cwd=tmp_path,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
    parts = sorted(str(p.name) for p in tmp_path.iterdir())
    done = run_nqueens("journal", "merge", *parts, "--out", f"{HOSTILE}.db", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr and "\\x1b" in done.stdout


def test_printable_escapes_what_a_terminal_would_obey() -> None:
    assert printable("plain ñame クイーン") == "plain ñame クイーン"
    assert printable("a\x1b[2Jb\rc\u202ed\x9b") == "a\\x1b[2Jb\\rc\\u202ed\\x9b"


@pytest.mark.parametrize(
    ("encoding", "args"),
    [
        ("latin-1", ("--lang", "ja", "count", "8")),
        ("latin-1", ("--lang", "ja", "solve", "4", "--all")),
        ("cp1252", ("--lang", "ja", "trace", "4")),
        ("ascii", ("--lang", "ja", "count", "0")),
    ],
)
def test_output_the_encoding_cannot_hold_is_escaped(encoding: str, args: tuple[str, ...]) -> None:
    done = run_nqueens(*args, env={**os.environ, "PYTHONIOENCODING": encoding}, text=False)
    said = done.stdout + done.stderr
    assert b"Traceback" not in said and b"UnicodeEncodeError" not in said
    assert b"\\u" in said or encoding == "ascii"  # click writes UTF-8 for ASCII itself
    assert done.returncode == (2 if "0" in args else 0)


# ---------------------------------------------------------------- numba's cache place
AS_NOBODY_WITHOUT_A_HOME = r"""
import os, sys
import nqueens, nqueens.cli, numba
numba.njit(lambda x: 2 * x)(1)  # the compiler loaded while root can read its modules
for name in ("HOME", "XDG_CACHE_HOME", "NUMBA_CACHE_DIR", "NQUEENS_NUMBA_CACHE_CHOSEN"):
    os.environ.pop(name, None)
if sys.argv[2]:
    os.environ["NUMBA_CACHE_DIR"] = sys.argv[2]
os.setgroups([])
os.setgid(65534)
os.setuid(65534)
print(nqueens.cache_place.choose())
sys.path.insert(0, sys.argv[1])
import kernel_here
print(kernel_here.twice(21))
"""


@root_only
@pytest.mark.parametrize("given", ["", "a file"])
def test_a_read_only_install_with_no_home_finds_a_cache_place(sticky: Path, given: str) -> None:
    """Issue 44 section 4: as nobody, with the install root's and no home (or
    NUMBA_CACHE_DIR a file), `@njit(cache=True)` failed: "no locator available". A
    folder another user planted under our name in the temporary folder is not used."""
    source = sticky / "source"  # root's, as an install is: nobody reads it, cannot write
    source.mkdir()
    (source / "kernel_here.py").write_text(
        "from numba import njit\n\n@njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
    )
    source.chmod(0o755)  # whatever the umask (a cluster command run in this process
    (source / "kernel_here.py").chmod(0o644)  # leaves it 077)
    planted = sticky / f"nqueens-numba-{NOBODY}"
    planted.mkdir(mode=0o777)  # root's, open to all: not to be trusted
    planted.chmod(0o777)
    a_file = sticky / "a-file"
    a_file.touch()
    done = run_nqueens_python(
        AS_NOBODY_WITHOUT_A_HOME, str(source), str(a_file) if given else "", tmpdir=sticky
    )
    assert done.returncode == 0, done.stderr[-2000:]
    notice, result = done.stdout.strip().splitlines()[-2:]
    assert result == "42", done.stderr[-2000:]
    assert "compiled kernels are kept in" in notice and str(planted) not in notice
    assert str(sticky) in notice  # a fresh folder of its own, in the temporary folder
    assert list(planted.iterdir()) == []


def run_nqueens_python(code: str, *args: str, tmpdir: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "TMPDIR": str(tmpdir)},
    )


def test_the_temporary_cache_place_is_this_users_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule without a second uid: a folder under our name that others may write is
    passed over for a fresh one; ours, 0700, is used."""
    from nqueens import cache_place

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    ours = tmp_path / f"nqueens-numba-{os.geteuid()}"
    ours.mkdir(mode=0o777)
    ours.chmod(0o777)
    fresh = cache_place._private_temporary()
    assert fresh is not None and fresh != ours and fresh.parent == tmp_path
    ours.chmod(0o700)
    assert cache_place._private_temporary() == ours


def test_the_command_says_the_cache_place_once(tmp_path: Path) -> None:
    """NUMBA_CACHE_DIR a file: where the install can be written (here), numba uses it
    and nothing is said; the notice is said by the command, in one line."""
    from nqueens import cache_place

    assert cache_place.NOTICE is None
    a_file = tmp_path / "a-file"
    a_file.touch()
    env = {k: v for k, v in os.environ.items() if k != "NQUEENS_NUMBA_CACHE_CHOSEN"}
    done = run_nqueens("solve", "6", env={**env, "NUMBA_CACHE_DIR": str(a_file)})
    assert done.returncode == 0 and done.stderr == ""


@pytest.mark.parametrize(
    "args",
    [
        ("show", "6", "--out", "x.png"),
        ("count", "12", "--journal", "j.db"),
        ("animate", "4", "--out", "a.gif"),
    ],
)
def test_a_deleted_current_folder_is_named(tmp_path: Path, args: tuple[str, ...]) -> None:
    """Before: "No such file or directory", and nothing said which."""
    gone = tmp_path / "gone"
    gone.mkdir()
    command = " ".join([*map(shlex.quote, NQUEENS), *args])
    done = subprocess.run(
        ["sh", "-c", f'cd "$1" && rmdir "$1" && exec {command}', "sh", str(gone)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith("nqueens: error: the current folder ")
    assert "gone no longer exists" in done.stderr and len(done.stderr.splitlines()) == 1
