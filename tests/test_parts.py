"""Parts for batch schedulers: `--part K/M` shares cover every subproblem once, and the
parts' journals merge into the exact whole count, refusing parts that do not fit."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqueens
from nqueens.engine.runtime.journal import read_summary
from nqueens.engine.runtime.merge import merge_journals
from nqueens.engine.runtime.parts import Part, share
from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidPartError,
    JournalError,
    JournalMismatchError,
)
from nqueens.known import known_counts
from tests.journals import forget
from tests.processes import NQUEENS, invoke


def _parts(tmp_path: Path, n: int, m: int, method: str, only: range | None = None) -> list[Path]:
    paths = []
    for k in only or range(1, m + 1):
        path = tmp_path / f"{method}-{n}-part-{k}-of-{m}.db"
        result = nqueens.count(n, method=method, workers=1, part=(k, m), journal=path)
        assert str(result.part) == f"{k}/{m}" and result.part == (k, m)
        paths.append(path)
    return paths


# ---------------------------------------------------------------------------- shares
@given(st.integers(0, 5000), st.integers(1, 64))
def test_the_shares_cover_every_subproblem_exactly_once(subproblems: int, m: int) -> None:
    shares = [share(subproblems, Part(k, m)) for k in range(1, m + 1)]
    joined = np.concatenate(shares)
    assert sorted(joined.tolist()) == list(range(subproblems))  # each once, none left out
    sizes = [len(s) for s in shares]
    assert max(sizes) - min(sizes) <= 1  # balanced in number
    for k, indices in enumerate(shares, 1):
        assert all(int(i) % m + 1 == k for i in indices)  # subproblem i is in part i mod M + 1


def test_a_part_is_k_of_m(tmp_path: Path) -> None:
    assert Part.from_string(" 3/4 ") == Part(3, 4) and str(Part(3, 4)) == "3/4"
    for bad in ("0/4", "5/4", "3", "a/b", "-1/2", "1/0"):
        with pytest.raises(InvalidPartError):
            Part.from_string(bad)
    with pytest.raises(InvalidPartError, match="only") as refused:
        nqueens.count(6, part=(1, 1000), workers=1, journal=tmp_path / "p.db")
    assert refused.value.options == ("part",)  # the command adds --part K/M


# ---------------------------------------------------------------------------- merging
@pytest.mark.parametrize(
    ("n", "m", "method"),
    [
        (12, 3, "backtrack"),
        (12, 4, "join"),
        (13, 2, "python"),
        (14, 5, "backtrack"),
        pytest.param(15, 3, "join", marks=pytest.mark.compiled),
        pytest.param(16, 4, "backtrack", marks=[pytest.mark.compiled, pytest.mark.slow]),
        pytest.param(16, 2, "join", marks=[pytest.mark.compiled, pytest.mark.slow]),
    ],
)
def test_the_merged_parts_count_exactly(tmp_path: Path, n: int, m: int, method: str) -> None:
    merged = merge_journals(_parts(tmp_path, n, m, method), tmp_path / "all.db")
    assert merged.done == merged.subproblems
    whole = nqueens.count(n, method=method, workers=1, journal=merged.path)
    assert whole.resumed == whole.subproblems  # nothing left to count
    assert (whole.total, whole.unique) == known_counts()[n]


def test_merge_refuses_parts_of_other_runs(tmp_path: Path) -> None:
    a = _parts(tmp_path, 10, 2, "backtrack")
    b = _parts(tmp_path, 11, 2, "backtrack")
    c = _parts(tmp_path, 10, 2, "join")
    d = _parts(tmp_path, 10, 3, "backtrack", only=range(2, 3))
    with pytest.raises(JournalMismatchError, match="n 10 there, 11 here"):
        merge_journals([a[0], b[1]], tmp_path / "out.db")
    with pytest.raises(JournalMismatchError, match="method backtrack there, join here"):
        merge_journals([a[0], c[1]], tmp_path / "out.db")
    with pytest.raises(JournalMismatchError, match="share M"):
        merge_journals([a[0], d[0]], tmp_path / "out.db")
    whole = tmp_path / "whole.db"
    nqueens.count(10, method="backtrack", workers=1, journal=whole)
    with pytest.raises(JournalMismatchError, match="not a part"):
        merge_journals([a[0], whole], tmp_path / "out.db")
    assert not (tmp_path / "out.db").exists()


def test_merge_refuses_overlaps_and_gaps(tmp_path: Path) -> None:
    one, two, three = _parts(tmp_path, 11, 3, "backtrack")
    out = tmp_path / "out.db"
    with pytest.raises(JournalError, match="overlapping parts: part 2/3"):
        merge_journals([one, two, two, three], out)
    with pytest.raises(JournalError, match="incomplete: part 3/3 missing"):
        merge_journals([one, two], out)
    assert forget(two, [int(share(read_summary(two).subproblems, Part(2, 3))[0])]) == 1
    with pytest.raises(JournalError, match=r"incomplete: .* has .* subproblems done"):
        merge_journals([one, two, three], out)
    with pytest.raises(JournalError, match="one of the parts"):
        merge_journals([one, two, three], one)
    assert not out.exists()


def test_a_count_with_nothing_to_share_or_keep_says_so(tmp_path: Path) -> None:
    """N = 1 dropped --part and --journal without a word (a batch's merge then found no
    journal); 0 subproblems said "use M <= 0"."""
    journal = tmp_path / "q1.db"
    with pytest.raises(InvalidPartError, match="no subproblems to share: count it whole"):
        nqueens.count(1, part=(2, 3), journal=journal)
    with pytest.raises(IncompatibleOptionsError, match="keeps no journal") as refused:
        nqueens.count(1, journal=journal)
    assert refused.value.options == ("journal",) and not journal.exists()
    with pytest.raises(InvalidPartError, match="no subproblems to share"):
        nqueens.count(2, method="backtrack", part=(1, 1), journal=journal)
    with pytest.raises(InvalidPartError, match="only 1 subproblem, so use M <= 1"):
        nqueens.count(3, method="python", part=(1, 2), journal=journal)
    assert nqueens.count(1).total == 1 and list(tmp_path.iterdir()) == []


def test_a_parts_journal_and_a_whole_counts_are_never_mixed(tmp_path: Path) -> None:
    """A part's journal counted on without --part took the other parts' subproblems,
    and no merge or repair could use it again: refused, as the other way round is."""
    one, two = _parts(tmp_path, 10, 2, "backtrack")
    before = read_summary(one).done
    with pytest.raises(JournalMismatchError, match=r"part 1/2 here, \(none: the whole count\) now"):
        nqueens.count(10, method="backtrack", workers=1, journal=one)
    assert read_summary(one).done == before
    assert merge_journals([one, two], tmp_path / "all.db").done == read_summary(one).subproblems
    whole = tmp_path / "whole.db"
    nqueens.count(10, method="backtrack", workers=1, journal=whole)
    with pytest.raises(JournalMismatchError, match=r"part \(none: the whole count\) here, 1/2"):
        nqueens.count(10, method="backtrack", workers=1, journal=whole, part=(1, 2))


def test_the_parts_and_their_merge_from_the_command_line(tmp_path: Path) -> None:
    paths = [tmp_path / f"part-{k}.db" for k in (1, 2)]
    for k, path in enumerate(paths, 1):
        done = subprocess.run(
            [*NQUEENS, "count", "11", "--part", f"{k}/2", "--journal", str(path), "-w", "1"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0 and f"part {k} of 2" in done.stdout, done.stderr
    out = tmp_path / "all.db"
    merged = subprocess.run(
        [*NQUEENS, "journal", "merge", *map(str, paths), "--out", str(out), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    record = json.loads(merged.stdout)
    assert (record["total"], record["unique"]) == known_counts()[11]
    refused = subprocess.run(
        [*NQUEENS, "journal", "merge", str(paths[0]), "--out", str(tmp_path / "x.db")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert refused.stderr.splitlines() == [
        "nqueens: error: incomplete: part 2/2 missing; merge all 2 parts of the run"
    ]
    for args in (["--part", "1/2"], ["--part", "3/2", "--journal", str(tmp_path / "y.db")]):
        bad = subprocess.run(
            [*NQUEENS, "count", "11", *args], capture_output=True, text=True, timeout=120
        )
        assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1, bad.stderr


def test_a_parts_journal_and_result_say_what_a_part_is(tmp_path: Path) -> None:
    """A part's journal reads as the part's (its share done, not the whole count's), and
    a part's result has no published check, nor a unique count where only the whole
    count's gives one (the join's, by Burnside)."""
    path = tmp_path / "part-1.db"
    counted = invoke(
        "count", "12", "--method", "join", "-w", "1", "--part", "1/3", "--journal", str(path),
        "--json",
    )  # fmt: skip
    assert counted.status == 0, counted.stderr
    record = json.loads(counted.stdout)
    assert record["part"] == "1/3" and record["unique"] is None and record["published"] is None
    whole = read_summary(path)
    size = len(share(whole.subproblems, Part(1, 3)))
    assert whole.part == "1/3" and whole.share == size == whole.done == record["subproblems"]
    shown = invoke("journal", str(path))
    assert f"part 1/3: finished, {size:,} of {size:,} subproblems; when every part" in shown.stdout
    assert "subproblems done" not in shown.stdout and "finished:" not in shown.stdout
    summary = json.loads(invoke("journal", str(path), "--json").stdout)
    assert (summary["part"], summary["share"], summary["done"]) == ("1/3", size, size)
    assert summary["total"] is None  # a share's sums are not the count's
    assert forget(path, [int(share(whole.subproblems, Part(1, 3))[0])]) == 1
    after = invoke("journal", str(path)).stdout
    assert f"part 1/3: {size - 1:,} of {size:,} subproblems done" in after
    full = tmp_path / "whole.db"
    invoke("count", "12", "--method", "join", "-w", "1", "--journal", str(full))
    assert json.loads(invoke("journal", str(full), "--json").stdout)["part"] is None


def test_the_slurm_script_runs_as_an_array_job_would_and_merges_exactly(tmp_path: Path) -> None:
    """`--slurm M` plans one part and prints the array script; each of its tasks, run as
    SLURM would (SLURM_ARRAY_TASK_ID, SLURM_CPUS_PER_TASK set), counts its part, and the
    merge of the parts is the exact count."""
    import os
    import re
    import sys

    done = subprocess.run(
        [*NQUEENS, "count", "12", "--slurm", "3", "--workers", "2", "-m", "backtrack"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    script = done.stdout
    for line in (
        "#SBATCH --array=1-3",
        "#SBATCH --cpus-per-task=2",
        "#SBATCH --job-name=nqueens-12",
    ):
        assert line in script.splitlines()
    assert re.search(r"^#SBATCH --time=\d\d:\d\d:00$", script, re.MULTILINE)
    assert re.search(r"^#SBATCH --mem-per-cpu=\d+[MG]$", script, re.MULTILINE)
    assert "nqueens count 12 --method backtrack --part" in script  # the method planned
    (tmp_path / "n12.sh").write_text(script)
    for task in ("1", "2", "3"):
        env = os.environ | {"SLURM_ARRAY_TASK_ID": task, "SLURM_CPUS_PER_TASK": "1"}
        env["PATH"] = f"{Path(sys.executable).parent}:{env['PATH']}"  # outside a venv too
        ran = subprocess.run(
            ["bash", "n12.sh"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert ran.returncode == 0, ran.stderr
    merged = merge_journals(sorted(tmp_path.glob("part-*.db")), tmp_path / "n12.db")
    assert merged.finished
    result = nqueens.count(12, method="backtrack", workers=1, journal=merged.path)
    assert (result.total, result.unique, result.resumed) == (*known_counts()[12], merged.done)


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--json"], "drop --json"),
        (["--part", "1/2"], "drop --part"),
        (["--slurm", "0"], "--slurm"),
        (["--estimate"], "drop --estimate"),  # it printed the script as if not asked
        (["--journal", "s.db"], "drop --journal"),  # it said "an estimate counts nothing"
        (["--json", "--journal", "s.db"], "drop --json, --journal"),
    ],
)
def test_the_slurm_script_refuses_what_it_cannot_use(extra: list[str], said: str) -> None:
    status, _, stderr = invoke("count", "12", "--slurm", "3", *extra)
    assert status == 2 and said in stderr and len(stderr.splitlines()) == 1


def test_the_slurm_script_is_one_language_whatever_the_readers() -> None:
    """The script is a file for the cluster, its comments in English: under --lang ja
    its planned times said "0.04 秒 (0.033 秒 to 0.048 秒)" among English words."""
    from nqueens.i18n import set_language

    try:
        status, script, _ = invoke("--lang", "ja", "count", "10", "-m", "backtrack", "--slurm", "2")
    finally:
        set_language(None)
    assert status == 0 and script.isascii()
    assert re.search(r"^#   a part: [0-9.e-]+ s \([0-9.e-]+ s to [0-9.e-]+ s\);", script, re.M)


def test_the_library_plans_one_of_m_parts_and_refuses_what_it_cannot() -> None:
    """`plan_parts` is `--slurm`'s plan (the command only prints the script)."""
    from nqueens.counting import plan_parts
    from nqueens.errors import IncompatibleOptionsError, InvalidSizeError

    plan = plan_parts(10, 3, method="backtrack", workers=1, budget=0.05, seed=1)
    whole = nqueens.estimate(10, method="backtrack", workers=1, budget=0.05, seed=1)
    assert plan.part == "1/3" and plan.subproblems == len(share(whole.subproblems, Part(1, 3)))
    with pytest.raises(IncompatibleOptionsError) as refused:
        plan_parts(10, 3, part="1/3")
    assert refused.value.options == ("part",)
    with pytest.raises(InvalidSizeError, match="N = 1 has no subproblems to share"):
        plan_parts(1, 2)
    with pytest.raises(InvalidPartError, match=r"^100000 parts: this count has only") as many:
        plan_parts(8, 100_000, method="backtrack", workers=1)
    assert many.value.options == ("parts",)
    status, _, stderr = invoke("count", "8", "-m", "backtrack", "--slurm", "100000")
    assert status == 2 and "(--slurm M)" in stderr and len(stderr.splitlines()) == 1


MOUNTS = """\
/dev/vda1 / ext4 rw,relatime 0 0
tmpfs /tmp tmpfs rw 0 0
server:/export/home /home nfs4 rw 0 0
/dev/vdb1 /scratch\\040local xfs rw 0 0
"""


@pytest.mark.parametrize(
    ("prefix", "said"),
    [
        ("/home/me/nq", None),  # NFS: the nodes may see it
        ("/tmp/build/.venv", "under /tmp"),
        ("/var/tmp/nq", "under /var/tmp"),
        ("/opt/nq", "ext4 at /"),
        ("/scratch local/nq", "xfs at /scratch local"),
        ("/home2/nq", "ext4 at /"),  # not under /home
    ],
)
def test_a_venv_the_nodes_may_not_see_is_named_as_such(prefix: str, said: str | None) -> None:
    from nqueens.render.slurm import unshared

    why = unshared(prefix, MOUNTS)
    assert why is None if said is None else said in str(why)


@pytest.mark.parametrize("shared", [True, False])
def test_the_slurm_scripts_first_comment_says_the_venv_is_not_the_nodes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, shared: bool
) -> None:
    """The script sources the venv that planned; where that is this machine's own (a
    checkout under /tmp, a home on a local disk), its first comment says so."""
    import sys

    from nqueens.engine.runtime.estimate import Estimate, Sampling
    from nqueens.render import slurm

    venv = "/home/me/nq" if shared else str(tmp_path / ".venv")
    monkeypatch.setattr(sys, "prefix", venv)
    monkeypatch.setattr(slurm, "_mounts", lambda: MOUNTS)
    plan = Estimate(
        21, "join", 8, 63, 60.0, 50.0, 70.0, 2.0, 0.5, 2 * 10**8, 63, 63, Sampling.TIMED
    )
    lines = slurm.ArrayJob(64, plan).script().splitlines()
    assert f"source {venv}/bin/activate" in lines
    first = lines[1]
    if shared:
        assert first.startswith("# nqueens count 21 in 64 parts")
        assert not any(line.startswith("# NOTE") for line in lines)
    else:
        assert first.startswith(f"# NOTE: the environment this sources ({venv}) is under ")
        assert lines[2].startswith("# install nqueens where the nodes see it")


def test_a_forged_part_whose_digest_was_recomputed_is_caught_by_the_recount(
    tmp_path: Path,
) -> None:
    """Issue 44 section 7: a part with a row changed (+1000) and its digest computed
    again passed `journal merge`. The merge recounts a random sample of each part by
    default: a part with a third of its rows forged is caught (missed with probability
    (2/3)^64, about 1e-11); a single forged row only by recounting all (`--recount
    all`). `--no-recount` (`recount=0`) merges it, trusting the digest alone."""
    from nqueens.engine.runtime.journal import read_summary, rewrite
    from nqueens.errors import VerificationError

    parts = _parts(tmp_path, 10, 2, "backtrack")
    rows = read_summary(parts[0]).rows
    index, row = next(iter(rows.items()))
    rewrite(parts[0], {index: (row[0] + 1000, *row[1:])}, [])
    assert read_summary(parts[0]).rows[index][0] == row[0] + 1000  # its digest holds
    with pytest.raises(VerificationError, match=f"subproblem {index} of .* disagrees"):
        merge_journals(parts, tmp_path / "all.db", recount="all")
    assert not (tmp_path / "all.db").exists()
    status, _, err = invoke_merge(parts, tmp_path / "again.db", "--recount", "all")
    assert status == 1 and "disagrees" in err  # a count not to trust, as --verify says
    many = {i: (r[0] + 1000, *r[1:]) for i, r in list(rows.items())[::3]}
    rewrite(parts[0], many, [])
    with pytest.raises(VerificationError, match="disagrees"):
        merge_journals(parts, tmp_path / "all.db")  # the default sample
    # --no-recount merges it: only the published count (N = 10 is in the table) then
    # catches it, before the merged journal takes the place of --out, which was replaced
    # by the count not to trust.
    trusted = tmp_path / "trusted.db"
    trusted.write_bytes(b"the journal kept here before")
    status, _, err = invoke_merge(parts, trusted, "--no-recount")
    assert status == 1 and "published count" in err and "do not trust" in err
    assert trusted.read_bytes() == b"the journal kept here before"
    assert [p.name for p in tmp_path.iterdir() if "trusted" in p.name] == ["trusted.db"]


def test_merge_refuses_an_out_a_running_count_writes(tmp_path: Path) -> None:
    """`journal merge --out live.db` replaced the journal of a running count, which then
    failed ("attempt to write a readonly database") with its progress lost. The merge
    is refused while a count holds the journal, which stays as it was."""
    import multiprocessing

    parts = _parts(tmp_path, 9, 2, "backtrack")
    live = tmp_path / "live.db"
    nqueens.count(10, method="backtrack", workers=1, journal=live)
    before = live.read_bytes()
    held, release = multiprocessing.Event(), multiprocessing.Event()
    holder = multiprocessing.get_context("fork").Process(
        target=_hold_claim, args=(live, held, release)
    )
    holder.start()
    try:
        assert held.wait(30)
        status, _, err = invoke_merge(parts, live, "--no-recount")
        assert status == 2 and err.count("\n") == 1 and "in use by a running count" in err
        assert live.read_bytes() == before
    finally:
        release.set()
        holder.join(30)
    status, _, err = invoke_merge(parts, live, "--no-recount")  # once it ended: merged
    assert status == 0, err
    assert read_summary(live).n == 9


def _hold_claim(path: Path, held: Any, release: Any) -> None:
    """A running count's hold on `path`, in a process of its own, until released."""
    from nqueens.engine.runtime.claim import Claim

    claim = Claim(path)
    held.set()
    release.wait(60)
    claim.release()


def invoke_merge(parts: list[Path], out: Path, *more: str) -> tuple[int, str, str]:
    from tests.processes import invoke

    status, stdout, stderr = invoke("journal", "merge", *map(str, parts), "--out", str(out), *more)
    return status, stdout, stderr


def test_a_stop_while_recounting_says_what_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during --verify's recount, or a merge's, ended with status 130 and not a
    word: the count was finished and kept, the parts untouched."""
    from nqueens.engine.runtime import merge, verify
    from nqueens.errors import CountInterrupted

    def stopped(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    whole = tmp_path / "whole.db"
    nqueens.count(9, method="backtrack", workers=1, journal=whole)
    monkeypatch.setattr(verify, "verify_journal", stopped)
    with pytest.raises(CountInterrupted, match=r"finished \(352 solutions, 46 unique\) and kept"):
        nqueens.count(9, method="backtrack", workers=1, journal=whole, verify="all")
    parts = _parts(tmp_path, 9, 2, "backtrack")
    monkeypatch.setattr(merge, "_recount_sample", stopped)
    out = tmp_path / "all.db"
    with pytest.raises(CountInterrupted, match="nothing was merged"):
        merge_journals(parts, out, recount="all")
    assert not out.exists() and all(read_summary(part).done for part in parts)


def test_one_part_of_one_and_one_subproblem_are_said_in_the_singular(tmp_path: Path) -> None:
    """ "when all 1 parts are done", "verified all 1 subproblems"."""
    journal = tmp_path / "p.db"
    code, out, _ = invoke("count", "10", "--part", "1/1", "--journal", str(journal))
    assert code == 0 and "when all" not in out
    assert f"`nqueens journal merge {journal} --out FILE` makes it a whole count's journal" in out
    two = tmp_path / "two.db"
    code, out, _ = invoke("count", "2", "--journal", str(two), "--verify", "all")
    assert code == 0 and f"verified the 1 subproblem of {two}: recounted by" in out


def test_merge_refuses_recount_and_no_recount_together(tmp_path: Path) -> None:
    """`--recount all --no-recount` was taken, one of them dropped without a word."""
    one, two = _parts(tmp_path, 8, 2, "backtrack")
    out = tmp_path / "all.db"
    code, _, err = invoke(
        "journal", "merge", str(one), str(two), "--out", str(out), "--recount", "all",
        "--no-recount",
    )  # fmt: skip
    assert code == 2 and "--recount and --no-recount ask for opposite things" in err
    assert not out.exists()
