#!/usr/bin/env bash
# Build the published counter (EvgenyKluev/N-Queens-Count-Sol) once per board size, for
# benchmarks/engine.py --peer. Its board size and tuning are compile-time constants: this
# sets them from the table in its solcounter.h (copied below) and compiles with g++ -O3.
#
#   bash benchmarks/build_peer.sh SOURCE OUT MARCH N...
#
# SOURCE: a checkout of the peer (outside this repository, e.g. /tmp/peer); OUT: where
# the binaries go (OUT/nqN); MARCH: g++'s -march (native, haswell for the AVX2 row,
# x86-64 for the portable one: no BMI2 there, so bmiIntrin stays off). N in 16..21.
set -euo pipefail
if (($# < 4)); then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
fi
source_dir=$1 out=$2 march=$3
shift 3
mkdir -p "$out"
# N:      16 17 18 19 20 21 (solcounter.h's table; its '*' at 20 built as F)
sieve=(    0  0  0  0  3  3)
minsize=( 40 40 40 40 60 60)
bmi=(      F  F  F  T  T  T)
prefetch=( T  T  T  T  F  F)
for n in "$@"; do
    if ((n < 16 || n > 21)); then
        echo "build_peer.sh: N = $n has no tuning row here (16..21)" >&2
        exit 2
    fi
    i=$((n - 16))
    build=$(mktemp -d)
    cp "$source_dir"/*.h "$source_dir"/main.cpp "$build"/
    use_bmi=${bmi[$i]}
    [[ $march == x86-64 ]] && use_bmi=F
    sed -i -e "s/inline constexpr int size = [0-9]*;/inline constexpr int size = $n;/" \
        -e "s/\.sieveCuts = [0-9]*,/.sieveCuts = ${sieve[$i]},/" \
        -e "s/\.matchMinSize = [0-9]*,/.matchMinSize = ${minsize[$i]},/" \
        -e "s/\.bmiIntrin = [a-z]*,/.bmiIntrin = $([[ $use_bmi == T ]] && echo true || echo false),/" \
        -e "s/\.prefetch = [a-z]*,/.prefetch = $([[ ${prefetch[$i]} == T ]] && echo true || echo false),/" \
        "$build/solcounter.h"
    [[ $use_bmi == T ]] && sed -i 's|^//#include "bmi2.h"|#include "bmi2.h"|' "$build/bmintrin.h"
    [[ ${prefetch[$i]} == T ]] && sed -i 's|^//#include "prefetchx86.h"|#include "prefetchx86.h"|' "$build/prefetch.h"
    g++ -std=c++20 -O3 -march="$march" "$build/main.cpp" -o "$out/nq$n" -pthread
    rm -rf "$build"
    echo "$out/nq$n (N = $n, -march=$march)"
done
