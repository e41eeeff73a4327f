#!/usr/bin/env bash
# nqueens-lab's `gpu` and `gpu-join` methods on a machine with an NVIDIA GPU, beside
# ygch/n_queens on the same card: one script, one call (docs/benchmarks.md, "On a GPU",
# holds its first runs, on an H200; issue 46). In order of what matters most: the gpu
# counts, ygch, the tests on the card, exact small N, the phases, Nsight Compute, the
# plans, the CPU's join, gpu-join.
#
# From the repository root, with ygch/n_queens's src/ in .dev/ygch/src (or its binaries at
# .dev/ygch/n_queens and n_queens_config3; a copy brought to the card may not run there:
# the script builds them where nvcc is and they are missing):
#     bash benchmarks/device/gpu-check.sh                 # logs and summary under $OUT
# The machine needs python3 with numba, numba-cuda and numpy (no uv, no internet: the
# project runs as PYTHONPATH=src python3 -m nqueens), and nvcc to build ygch.
#
# Every step runs under `timeout`, a failed step never stops the script, and the whole
# stays within BUDGET seconds (default 480, 8 minutes): a step that would not fit is
# skipped with a line saying so, and each part keeps back the time the parts after it
# need. Knobs: BUDGET, PY, YGCH and YGCH3 (ygch's binaries), OUT (the log folder), SKIP_TESTS=1, and
# SIM=1: the whole script on numba's CUDA simulator at small N, to check the script
# itself where no GPU is (its times mean nothing).
set -u
START=$(date +%s)
BUDGET=${BUDGET:-480}
PY=${PY:-python3}
YGCH=${YGCH:-.dev/ygch/n_queens}
YGCH3=${YGCH3:-.dev/ygch/n_queens_config3}
OUT=${OUT:-/tmp/nq-gpu-check}
SIM=${SIM:-0}
LOGS="$OUT/gpu-check-logs"
mkdir -p "$LOGS"
: >"$LOGS/summary.txt"
ROOT=$PWD
case $YGCH in /*) ;; *) YGCH="$ROOT/$YGCH" ;; esac
case $YGCH3 in /*) ;; *) YGCH3="$ROOT/$YGCH3" ;; esac
export PYTHONPATH="$ROOT/src${PYTHONPATH:+:$PYTHONPATH}"
export NUMBA_ENABLE_CUDASIM=$SIM LANGUAGE=en PYTHONUNBUFFERED=1
CACHE_COUNTS=$(mktemp -d /tmp/nq-numba-counts.XXXXXX)   # cold at the first count: it compiles
CACHE_OTHER=$(mktemp -d /tmp/nq-numba-other.XXXXXX)     # the tests' and the harness's own
trap 'rm -rf "$CACHE_COUNTS" "$CACHE_OTHER"' EXIT
RESERVE=0   # seconds kept back for the parts after the one running

if [ "$SIM" = 1 ]; then
    GPU_SIZES="7 8"; JOIN_SIZES="6 7"; PHASE_SIZES="8"; SHARE_SIZES="10-11"; SKIP_TESTS=1
    SMALL="gpu:4-6 gpu-join:4-5"; CPU_SIZES="10"; PLAN_SIZES="12"
else
    GPU_SIZES="16 17 18 19 20 21"; JOIN_SIZES="16 17 18 19"; PHASE_SIZES="18 19"
    SHARE_SIZES="18-21"; SMALL="gpu:4-15 gpu-join:4-15"; CPU_SIZES="16 17 18 19 20"
    PLAN_SIZES="22 24 27"
fi

left() { echo $((BUDGET - ($(date +%s) - START))); }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
say() { printf '%s\n' "$*" | tee -a "$LOGS/summary.txt"; }
show() { sed 's/^/    /' "$@" | tee -a "$LOGS/summary.txt"; }

# step NAME CAP CMD...: CMD under timeout min(CAP, time left - RESERVE), its output in
# $LOGS/NAME.out and .err; sets RC (124: timed out; 999: skipped for time) and WALL.
step() {
    local name=$1 cap=$2
    shift 2
    local room=$(($(left) - RESERVE))
    local t=$((cap < room ? cap : room))
    RC=999
    WALL=0
    if ((t < 5)); then
        say "[$name] SKIPPED: $(left) s of the ${BUDGET} s left"
        return 0
    fi
    local s
    s=$(now)
    timeout -k 5 "$t" "$@" >"$LOGS/$name.out" 2>"$LOGS/$name.err"
    RC=$?
    WALL=$(since "$s")
    if ((RC == 124 || RC == 137)); then RC=124; fi
    return 0
}

state() { ((RC == 124)) && echo "TIMEOUT" || echo "rc=$RC"; }

# count METHOD N RUN CAP: one whole `nqueens count N --method METHOD --json`; one line.
count() {
    local method=$1 n=$2 run=$3 cap=$4 name="${1}-n${2}-run${3}"
    step "$name" "$cap" env NUMBA_CACHE_DIR="$CACHE_COUNTS" "$PY" -m nqueens count "$n" \
        --method "$method" --json
    ((RC == 999)) && return 1
    local parsed
    parsed=$("$PY" - "$LOGS/$name.out" "$n" <<'EOF' 2>/dev/null
import json, sys
from nqueens.known import known_counts
try:
    lines = [l for l in open(sys.argv[1]) if l.strip().startswith("{")]
    r = json.loads(lines[-1])
    wanted = known_counts()[int(sys.argv[2])]
    ok = "OK" if (r["total"], r["unique"]) == wanted else f"WRONG (published {wanted})"
    print(f"{r['total']:,} solutions, {r['unique']:,} unique {ok}; its own time {r['time']:.2f} s")
except Exception as e:
    print(f"no result ({type(e).__name__})")
EOF
)
    say "[$method N=$n run $run] wall ${WALL} s; ${parsed:-no result}; $(state)"
    if ((RC != 0)); then
        tail -n 3 "$LOGS/$name.err" | show
        return 1
    fi
    grep -v '^compiling' "$LOGS/$name.err" | tail -n 2 | show
    return 0
}

say "=== nqueens-lab GPU check: $(date -u +%FT%TZ), budget ${BUDGET} s, SIM=$SIM, logs in $LOGS"

# ygch/n_queens is built in the background from the start (part 3 waits for it)
YSRC="$(dirname "$YGCH")/src"
# twice: its published configuration (2: 160 threads a block, 6 rows placed first) and the
# one its README names best on one card for N <= 22 (3: 192 threads, 5 rows)
BUILD_PIDS=
build_ygch() {  # CONFIG BINARY
    ( cd "$YSRC" && timeout -k 5 150 nvcc -gencode arch=compute_90,code=sm_90 -allow-unsupported-compiler -O3 "-D_USE_CONFIG${1}_" \
        -Xcompiler -fopenmp --ptxas-options=-v n_queens_cuda.cu n_queens.cpp utils.cpp main.cpp \
        -o "$2" -lcudart ) >"$LOGS/ygch-build$1.out" 2>"$LOGS/ygch-build$1.err" &
    BUILD_PIDS="$BUILD_PIDS $!"
}
if [ "$SIM" != 1 ] && command -v nvcc >/dev/null && [ -f "$YSRC/n_queens_cuda.cu" ]; then
    [ -x "$YGCH" ] || build_ygch 2 "$YGCH"
    [ -x "$YGCH3" ] || build_ygch 3 "$YGCH3"
fi
say "    commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')"

# --- 1. the machine ---------------------------------------------------------------------
{
    echo "--- host"; uname -a; (lscpu 2>/dev/null | grep -E 'Model name|^CPU\(s\)') || true
    echo "--- GPU"
    if command -v nvidia-smi >/dev/null; then
        timeout 20 nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,power.limit,compute_mode,mig.mode.current --format=csv || true
    else echo "nvidia-smi: not found"; fi
    echo "--- tools"
    for tool in nvcc ptxas nsys ncu; do
        printf '%s: %s\n' "$tool" "$(command -v "$tool" || echo 'not found')"
    done
} >"$LOGS/env.txt" 2>&1
show "$LOGS/env.txt"
step env-python 45 "$PY" - <<'EOF'
import importlib.metadata as md, sys, time
print("python", sys.version.split()[0])
for p in ["numba", "numba-cuda", "numpy", "llvmlite", "cuda-bindings", "nvidia-nvvm",
          "nvidia-cuda-nvcc", "pytest", "hypothesis", "click", "rich", "distributed"]:
    try:
        print(f"  {p} {md.version(p)}")
    except Exception:
        print(f"  {p} -")
began = time.perf_counter()
from nqueens.engine import device
device.cuda()
print(f"import numba.cuda {time.perf_counter() - began:.2f} s")
print("nqueens info's GPU:", device.describe())
EOF
show "$LOGS/env-python.out"
tail -n 3 "$LOGS/env-python.err" | show

# --- 2. gpu, whole processes (the first compiles into a cold cache) ----------------------
RESERVE=$((BUDGET * 72 / 100))
declare -A CAP=([7]=120 [8]=120 [16]=60 [17]=30 [18]=30 [19]=40 [20]=60 [21]=120)
first=1
for n in $GPU_SIZES; do
    runs=2
    ((n == 21)) && runs=1
    failed=0
    for run in $(seq 1 $runs); do
        cap=${CAP[$n]}
        ((first)) && cap=$((cap + 60)) && first=0   # the kernel's compile
        count gpu "$n" "$run" "$cap" || failed=1
    done
    if ((failed)); then say "[gpu] stopping at N=$n"; break; fi
done

# --- 3. ygch/n_queens on the same GPU (its own timer: "calc time"), both configurations --
RESERVE=$((BUDGET * 45 / 100))
ygch() {  # LABEL BINARY ROWS: N = 18-21
    local label=$1 binary=$2 rows=$3
    if [ ! -x "$binary" ]; then
        say "[ygch $label] $binary not found (nor its src/ with nvcc): no baseline"
        return
    fi
    declare -A YCAP=([18]=20 [19]=20 [20]=30 [21]=60)
    for n in 18 19 20 21; do
        step "ygch-$label-n$n" "${YCAP[$n]}" "$binary" "$n" "$rows"
        ((RC == 999)) && break
        line=$(grep -E 'result' "$LOGS/ygch-$label-n$n.out" | tail -n 1)
        say "[ygch $label, $rows rows, N=$n] wall ${WALL} s; ${line:-no result}; $(state)"
        ((RC != 0)) && break
    done
}
if [ "$SIM" != 1 ]; then
    for pid in $BUILD_PIDS; do wait "$pid"; done
    for k in 2 3; do
        say "[ygch build $k] ptxas: $(grep -hE 'Used [0-9]+ registers' "$LOGS/ygch-build$k.err" 2>/dev/null | head -1)"
    done
    ygch config2 "$YGCH" 6
    ygch config3 "$YGCH3" 5
fi

# --- 4. the GPU tests on the GPU, and the kernels' resources by ptxas ---------------------
timeout_option() {  # a test that hangs on the card is named, not the whole step lost
    "$PY" -c 'import pytest_timeout' 2>/dev/null && echo --timeout=60
}
RESERVE=$((BUDGET * 25 / 100))
if [ "${SKIP_TESTS:-0}" != 1 ]; then
    # pyproject's addopts (-n auto, the pages' doctests) cleared; the root conftest (the
    # pages' Sybil) left out by --confcutdir; tests/conftest.py still loads.
    step pytest 120 env NUMBA_CACHE_DIR="$CACHE_OTHER" "$PY" -m pytest tests/test_gpu.py \
        tests/test_gpu_join.py tests/test_gpu_code.py -q -p no:cacheprovider -o addopts="" \
        --confcutdir=tests -rfEs -n 4 $(timeout_option)
    if ((RC != 999)); then
        say "[pytest test_gpu, test_gpu_join, test_gpu_code] wall ${WALL} s $(state)"
        tail -n 25 "$LOGS/pytest.out" | show
    fi
fi

# --- 5. exact for small N, each method in one process -------------------------------------
step small 40 env NUMBA_CACHE_DIR="$CACHE_COUNTS" "$PY" benchmarks/device/small.py $SMALL
if ((RC != 999)); then
    say "[small N: $SMALL] wall ${WALL} s $(state)"
    show "$LOGS/small.out"
    ((RC != 0)) && tail -n 5 "$LOGS/small.err" | show
fi

# --- 6. where the time goes: phases of a count, blocks a multiprocessor, the CPU's share --
RESERVE=$((BUDGET * 15 / 100))
step phases 60 env NUMBA_CACHE_DIR="$CACHE_OTHER" "$PY" benchmarks/device/phases.py \
    $PHASE_SIZES --per-sm 4,6,8,16
if ((RC != 999)); then
    say "[phases] wall ${WALL} s $(state)"
    show "$LOGS/phases.out"
    ((RC != 0)) && tail -n 5 "$LOGS/phases.err" | show
fi
step cpu-share 30 "$PY" benchmarks/gpu.py --cpu-share --sizes "$SHARE_SIZES"
if ((RC != 999)); then
    say "[the CPU's share a launch, this machine's CPU] wall ${WALL} s $(state)"
    show "$LOGS/cpu-share.out"
    ((RC != 0)) && tail -n 5 "$LOGS/cpu-share.err" | show
fi

# --- 7. one N = 19 launch under ncu (the hardware's counters; clocks left alone) ---------
RESERVE=$((BUDGET * 8 / 100))
if [ "$SIM" != 1 ] && command -v ncu >/dev/null; then
    step ncu 60 ncu --clock-control none --kernel-name regex:count_below --launch-count 1 \
        --section SpeedOfLight --section Occupancy --section LaunchStats \
        --section WarpStateStats --section ComputeWorkloadAnalysis \
        env NUMBA_CACHE_DIR="$CACHE_COUNTS" "$PY" -m nqueens count 19 --method gpu
    say "[ncu N=19, the first launch] wall ${WALL} s $(state)"
    grep -E 'Duration|Registers|Shared Memory|Occupancy|Block Limit|Warp Cycles|Eligible|Issue|Throughput|Stall|ERR|==PROF==' \
        "$LOGS/ncu.out" "$LOGS/ncu.err" 2>/dev/null | head -n 50 | show
fi

# --- 8. the plans, from the kernel's rate on this card (1 and 8 GPUs) -------------------
RESERVE=$((BUDGET * 5 / 100))
for n in $PLAN_SIZES; do
    step "estimate-n$n" 25 env NUMBA_CACHE_DIR="$CACHE_COUNTS" "$PY" -m nqueens count "$n" \
        --method gpu --estimate --workers 8
    ((RC == 999)) && break
    say "[estimate N=$n] wall ${WALL} s $(state)"
    grep -E 'predicted|longest' "$LOGS/estimate-n$n.out" | show
done

# --- 9. the CPU of this machine, every core, for `auto` (the first run compiles) ----------
RESERVE=$((BUDGET * 3 / 100))
first=1
for n in $CPU_SIZES; do
    cap=30
    ((first)) && cap=90 && first=0
    count join "$n" 1 "$cap" || break
done

# --- 10. gpu-join, whole processes ---------------------------------------------------------
RESERVE=0
declare -A JCAP=([6]=120 [7]=120 [16]=45 [17]=30 [18]=40 [19]=60)
for n in $JOIN_SIZES; do
    count gpu-join "$n" 1 "${JCAP[$n]}" || { say "[gpu-join] stopping at N=$n"; break; }
done

say "=== done in $(($(date +%s) - START)) s (budget ${BUDGET} s); logs: $LOGS"
