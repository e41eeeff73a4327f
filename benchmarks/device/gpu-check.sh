#!/usr/bin/env bash
# The first run of nqueens-lab's `gpu` and `gpu-join` methods on a machine with an NVIDIA
# GPU, beside ygch/n_queens on the same card: one script, read once (docs/benchmarks.md,
# "On a GPU"; issue 46).
#
# From the repository root, with ygch/n_queens's src/ in .dev/ygch/src (or its binary at
# .dev/ygch/n_queens):
#     bash benchmarks/device/gpu-check.sh                 # logs and summary under $OUT
# The machine needs python3 with numba, numba-cuda and numpy (no uv, no internet: the
# project runs as PYTHONPATH=src python3 -m nqueens), and nvcc to build ygch.
#
# Every step runs under `timeout`, a failed step never stops the script, and the whole
# stays within BUDGET seconds (default 450, 7.5 minutes): a step that would not fit is
# skipped with a line saying so, and each part keeps back the time the parts after it
# need. Knobs: BUDGET, PY, YGCH (ygch's binary), OUT (the log folder), SKIP_TESTS=1, and
# SIM=1: the whole script on numba's CUDA simulator at small N, to check the script
# itself where no GPU is (its times mean nothing).
set -u
START=$(date +%s)
BUDGET=${BUDGET:-450}
PY=${PY:-python3}
YGCH=${YGCH:-.dev/ygch/n_queens}
OUT=${OUT:-/tmp/nq-gpu-check}
SIM=${SIM:-0}
LOGS="$OUT/gpu-check-logs"
mkdir -p "$LOGS"
: >"$LOGS/summary.txt"
ROOT=$PWD
case $YGCH in /*) ;; *) YGCH="$ROOT/$YGCH" ;; esac
export PYTHONPATH="$ROOT/src${PYTHONPATH:+:$PYTHONPATH}"
export NUMBA_ENABLE_CUDASIM=$SIM LANGUAGE=en PYTHONUNBUFFERED=1
CACHE_COUNTS=$(mktemp -d /tmp/nq-numba-counts.XXXXXX)   # cold at the first count: it compiles
CACHE_OTHER=$(mktemp -d /tmp/nq-numba-other.XXXXXX)     # the tests' and the harness's own
trap 'rm -rf "$CACHE_COUNTS" "$CACHE_OTHER"' EXIT
RESERVE=0   # seconds kept back for the parts after the one running

if [ "$SIM" = 1 ]; then
    GPU_SIZES="7 8"; JOIN_SIZES="6 7"; PHASE_SIZES="8"; SHARE_SIZES="10-11"; SKIP_TESTS=1
else
    GPU_SIZES="16 17 18 19 20 21"; JOIN_SIZES="16 17 18 19"; PHASE_SIZES="18 19"
    SHARE_SIZES="18-21"
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

# ygch/n_queens is built in the background from the start (part 4 waits for it)
YSRC="$(dirname "$YGCH")/src"
BUILD_PID=
if [ "$SIM" != 1 ] && [ ! -x "$YGCH" ] && command -v nvcc >/dev/null && [ -f "$YSRC/n_queens_cuda.cu" ]; then
    ( cd "$YSRC" && timeout -k 5 150 nvcc -gencode arch=compute_90,code=sm_90 -O3 -D_USE_CONFIG2_ \
        -Xcompiler -fopenmp --ptxas-options=-v n_queens_cuda.cu n_queens.cpp utils.cpp main.cpp \
        -o "$YGCH" -lcudart ) >"$LOGS/ygch-build.out" 2>"$LOGS/ygch-build.err" &
    BUILD_PID=$!
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

# --- 2. the GPU tests on the GPU, and the kernels' resources by ptxas ---------------------
RESERVE=$((BUDGET * 70 / 100))
if [ "${SKIP_TESTS:-0}" != 1 ]; then
    # pyproject's addopts (-n auto, the pages' doctests) cleared; the root conftest (the
    # pages' Sybil) left out by --confcutdir; tests/conftest.py still loads.
    step pytest 120 env NUMBA_CACHE_DIR="$CACHE_OTHER" "$PY" -m pytest tests/test_gpu.py \
        tests/test_gpu_join.py tests/test_gpu_code.py -q -p no:cacheprovider -o addopts="" \
        --confcutdir=tests -ra
    if ((RC != 999)); then
        say "[pytest test_gpu, test_gpu_join, test_gpu_code] wall ${WALL} s $(state)"
        tail -n 20 "$LOGS/pytest.out" | show
    fi
fi

# --- 3. gpu, whole processes (the first compiles into a cold cache) ----------------------
RESERVE=$((BUDGET * 45 / 100))
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

# --- 4. ygch/n_queens on the same GPU (its own timer: "calc time") ------------------------
RESERVE=$((BUDGET * 30 / 100))
if [ "$SIM" != 1 ]; then
    if [ -n "$BUILD_PID" ]; then
        wait "$BUILD_PID"
        RC=$?
        say "[ygch build] $(state); ptxas: $(grep -hE 'Used [0-9]+ registers' "$LOGS/ygch-build.err" | head -1)"
    fi
    if [ -x "$YGCH" ]; then
        declare -A YCAP=([18]=20 [19]=20 [20]=30 [21]=60)
        for n in 18 19 20 21; do
            step "ygch-n$n" "${YCAP[$n]}" "$YGCH" "$n" 6
            ((RC == 999)) && break
            line=$(grep -E 'result' "$LOGS/ygch-n$n.out" | tail -n 1)
            say "[ygch N=$n] wall ${WALL} s; ${line:-no result}; $(state)"
            ((RC != 0)) && break
        done
    else
        say "[ygch] $YGCH not found (nor its src/ with nvcc): no baseline on this machine"
    fi
fi

# --- 5. where the time goes: phases of a count, blocks a multiprocessor, the CPU's share --
RESERVE=$((BUDGET * 18 / 100))
step phases 70 env NUMBA_CACHE_DIR="$CACHE_OTHER" "$PY" benchmarks/device/phases.py \
    $PHASE_SIZES --per-sm 4,6,8,16
if ((RC != 999)); then
    say "[phases] wall ${WALL} s $(state)"
    show "$LOGS/phases.out"
    ((RC != 0)) && tail -n 5 "$LOGS/phases.err" | show
fi
step cpu-share 40 "$PY" benchmarks/gpu.py --cpu-share --sizes "$SHARE_SIZES"
if ((RC != 999)); then
    say "[the CPU's share a launch, this machine's CPU] wall ${WALL} s $(state)"
    show "$LOGS/cpu-share.out"
    ((RC != 0)) && tail -n 5 "$LOGS/cpu-share.err" | show
fi

# --- 6. a profile of one N = 19 count (nsys's timeline, ncu of one launch) ---------------
RESERVE=$((BUDGET * 10 / 100))
if [ "$SIM" != 1 ] && command -v nsys >/dev/null; then
    step nsys 40 nsys profile -t cuda,osrt --sample=none --cpuctxsw=none -f true \
        -o "$LOGS/n19" env NUMBA_CACHE_DIR="$CACHE_COUNTS" "$PY" -m nqueens count 19 --method gpu
    say "[nsys N=19] wall ${WALL} s $(state)"
    if [ -f "$LOGS/n19.nsys-rep" ]; then
        step nsys-stats 25 nsys stats -r cuda_gpu_kern_sum,cuda_gpu_mem_time_sum,cuda_api_sum \
            "$LOGS/n19.nsys-rep"
        head -c 6000 "$LOGS/nsys-stats.out" | show
    fi
fi
if [ "$SIM" != 1 ] && command -v ncu >/dev/null; then
    step ncu 60 ncu --kernel-name regex:count_below --launch-count 1 --section SpeedOfLight \
        --section Occupancy --section LaunchStats --section WarpStateStats \
        env NUMBA_CACHE_DIR="$CACHE_COUNTS" "$PY" -m nqueens count 19 --method gpu
    say "[ncu N=19, the first launch] wall ${WALL} s $(state)"
    grep -E 'Duration|Registers|Shared Memory|Occupancy|Block Limit|Warp Cycles|Eligible|ERR' \
        "$LOGS/ncu.out" "$LOGS/ncu.err" 2>/dev/null | head -n 40 | show
fi

# --- 7. gpu-join, whole processes ---------------------------------------------------------
RESERVE=0
declare -A JCAP=([6]=120 [7]=120 [16]=45 [17]=30 [18]=40 [19]=60)
for n in $JOIN_SIZES; do
    count gpu-join "$n" 1 "${JCAP[$n]}" || { say "[gpu-join] stopping at N=$n"; break; }
done

say "=== done in $(($(date +%s) - START)) s (budget ${BUDGET} s); logs: $LOGS"
