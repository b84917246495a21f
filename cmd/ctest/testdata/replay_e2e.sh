#!/bin/sh
# replay_e2e.sh CTEST: the replay matrix. For each kind of crash in
# replay/ (t_fatal, go_panic, abort, SIGSEGV through NULL with length 0,
# a read past a []byte that only ASan sees, a UBSan report, a hang, an
# allocation past the memory limit, exit(0)), the crasher that fuzzing
# finds must fail, with the same cause, in every mode that replays it:
#
#   fuzz      ctest -fuzz: a worker finds it, the coordinator minimizes it
#   plain     ctest -run=FuzzX/<hash>: the seed run of the crasher
#   warmup    ctest -fuzz again with the crasher in testdata
#   keepgoing ctest -fuzz -fuzzkeepgoing from an empty testdata
#   replay    the -fuzzengine=replay binary on the crasher's raw bytes
#   libfuzzer the -fuzzengine=libfuzzer binary on the same bytes
#   afl       the same build made with afl-clang-fast, run on the same
#             bytes by afl-showmap (AFL++ has no out-of-memory report)
#   import    libFuzzer's own crash file, through ctest corpus import,
#             then ctest -run=FuzzX/<hash>
#
# FuzzShape, which checks that an empty []byte or string is NULL and any
# other starts at malloc's alignment, must pass in every mode. A mode
# whose tool is missing (libFuzzer's runtime, AFL++) is skipped and said,
# and the script exits 77 (CTest's skip) if all else passed.
set -u
pkg=replay
. "$(dirname "$0")/../../../internal/fuzz/testdata/e2e_setup.sh"
. "$here/../../../scripts/e2e_assert.sh"
. "$here/replay_causes.sh"
skipped=""
table=""

# minimal KIND: the []byte line of KIND's minimized crasher.
minimal() {
    case $1 in
    Pack) echo '[]byte("")' ;;
    *) echo '[]byte("bug")' ;;
    esac
}

# cell KIND MODE WANTSTATUS CMD...: runs CMD (at most 120 s) and checks
# that it ends with WANTSTATUS ("nonzero" for any failure) and prints
# KIND's cause; the verdict goes in the table.
cell() {
    k=$1 m=$2 w=$3
    shift 3
    timeout 120 "$@" >"$out" 2>&1
    got=$?
    verdict=ok
    if [ "$w" = nonzero ] && { [ "$got" = 0 ] || [ "$got" = 124 ]; }; then
        verdict="exit status $got, want a failure"
    elif [ "$w" != nonzero ] && [ "$got" != "$w" ]; then
        verdict="exit status $got, want $w"
    elif ! grep -Eq -- "$(cause "$k")" "$out"; then
        verdict="no cause matching /$(cause "$k")/"
    fi
    record "$k" "$m" "$verdict"
}

# pending: the cells that do not hold yet, KIND:MODE each, and why. Such a
# cell that fails is shown as pending; one that holds fails the test, so
# that the list only shrinks. While any is pending, the test ends as
# skipped (77) with the list, if nothing else failed.
pending=""
pendingWhy=""

# record KIND MODE VERDICT: a cell of the table; a verdict other than ok
# shows the output and counts as a failure.
record() {
    v=$3
    case " $pending " in
    *" $1:$2 "*)
        if [ "$v" = ok ]; then
            v="holds now: take $1:$2 off the pending list"
        else
            pendingWhy="$pendingWhy $1:$2"
            v="pending ($v)"
        fi
        ;;
    esac
    table="$table$(printf '%-10s %-10s %s' "$1" "$2" "$v")
"
    if [ "$v" != ok ] && [ "${v#skipped}" = "$v" ] && [ "${v#pending}" = "$v" ] &&
        [ "${v#n/a}" = "$v" ]; then
        echo "FAIL: $1 in mode $2: $v"
        sed 's/^/    /' "$out" | head -60
        fails=$((fails + 1))
    fi
}

# crasher KIND: the name of KIND's crasher in testdata, from $out.
crasher() {
    sed -n "s|.*Failing input written to testdata/fuzz/Fuzz$1/\([0-9a-f]*\)$|\1|p" "$out" | head -1
}

cc=${CC:-clang}
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$work/probe.c"
havelf=1
if ! "$cc" -fsanitize=fuzzer -o "$work/probe" "$work/probe.c" >"$out" 2>&1; then
    havelf=0
    skipped="$skipped libfuzzer,import ($cc -fsanitize=fuzzer does not link)"
fi
haveafl=1
if [ $havelf = 0 ] || ! command -v afl-clang-fast >/dev/null || ! command -v afl-showmap >/dev/null; then
    haveafl=0
    skipped="$skipped afl (no afl-clang-fast or afl-showmap: apt-get install afl++)"
fi

# The other engines' builds, one per sanitizer set, before any crasher is
# in testdata; and the raw f_add seeds, to tell the crasher's raw file
# from them.
for s in none address undefined; do
    flag=""
    [ $s != none ] && flag="-sanitize=$s"
    expect_status 0 300 "$ctest" -c -fuzzengine=replay $flag -o "$work/replay-$s" .
    if [ $havelf = 1 ]; then
        expect_status 0 300 "$ctest" -c -fuzzengine=libfuzzer $flag -o "$work/lf-$s" .
    fi
    if [ $haveafl = 1 ]; then
        expect_status 0 300 env CC=afl-clang-fast LIB_FUZZING_ENGINE=-fsanitize=fuzzer AFL_QUIET=1 \
            "$ctest" -c -fuzzengine=libfuzzer $flag -o "$work/afl-$s" .
    fi
done

for k in ${KINDS-Fatal Panic Abort Pack Overflow Undefined Hang Memory Exit}; do
    san=$(sanitizer "$k")
    s=${san#-sanitize=}
    [ -z "$s" ] && s=none
    rm -rf testdata

    # fuzz: found by a worker and minimized by the coordinator.
    cell "$k" fuzz 1 "$ctest" -run='^$' -fuzz="^Fuzz$k\$" -fuzztime=60s -fuzztimeout=2s $san .
    h=$(crasher "$k")
    if [ -z "$h" ]; then
        record "$k" fuzz "no crasher written"
        continue
    fi
    # (A crasher a sanitizer reported carries its note after the value.)
    if ! sed 's| //ctest:sanitize .*||' "testdata/fuzz/Fuzz$k/$h" | grep -qxF "$(minimal "$k")"; then
        record "$k" minimize "the crasher is not $(minimal "$k"): $(cat "testdata/fuzz/Fuzz$k/$h")"
    fi

    cell "$k" plain 1 "$ctest" -run="Fuzz$k/$h" -timeout=10s $san .
    # warmup: the crasher is among the inputs the run starts from (each
    # counts against -fuzztime's count, as in Go, hence 100x, not 1x).
    cell "$k" warmup 1 "$ctest" -run='^$' -fuzz="^Fuzz$k\$" -fuzztime=100x -fuzztimeout=2s $san .
    contains "failure while testing seed corpus entry: Fuzz$k/$h"

    # The crasher's raw bytes: the file export writes that is not an f_add seed's.
    rm -rf "$work/raw" "$work/seeds"
    mv testdata "$work/testdata-$k"
    expect_status 0 60 "$ctest" corpus export -fuzz="Fuzz$k" -o "$work/seeds" .
    cp -r "$work/testdata-$k" testdata
    expect_status 0 60 "$ctest" corpus export -fuzz="Fuzz$k" -o "$work/raw" .
    for f in "$work/seeds"/*; do rm -f "$work/raw/$(basename "$f")"; done
    raw=$(ls "$work/raw"/* 2>/dev/null | head -1)

    # A short timeout for the hang alone: libFuzzer sees the resident set
    # of FuzzMemory's 3 GB only once a second, which a loaded machine can
    # take more than 3 s to reach.
    secs=30
    [ "$k" = Hang ] && secs=3
    cell "$k" replay nonzero "$work/replay-$s/Fuzz$k" -timeout=$secs "$raw"
    if [ $havelf = 1 ]; then
        cell "$k" libfuzzer nonzero "$work/lf-$s/Fuzz$k" -timeout=$secs "$raw"
    else
        record "$k" libfuzzer "skipped"
    fi
    if [ $haveafl = 1 ]; then
        if [ "$k" = Memory ]; then
            record "$k" afl "n/a: AFL++ has no out-of-memory report (its -m makes malloc fail)"
        else
            # afl-showmap runs one input as afl-fuzz does, with its -t,
            # and with AFL_DEBUG_CHILD shows what the binary printed.
            cell "$k" afl nonzero env AFL_QUIET=1 AFL_DEBUG_CHILD=1 AFL_NO_AFFINITY=1 \
                afl-showmap -t 3000 -m none -o "$work/showmap" -- "$work/afl-$s/Fuzz$k" "$raw"
        fi
    else
        record "$k" afl "skipped"
    fi

    # keepgoing: from an empty testdata, a run that goes on after the crash.
    rm -rf testdata
    cell "$k" keepgoing 1 "$ctest" -run='^$' -fuzz="^Fuzz$k\$" -fuzzkeepgoing -fuzztime=4s \
        -fuzztimeout=2s $san .
    if [ -z "$(crasher "$k")" ] && [ -z "$(ls testdata/fuzz/Fuzz$k 2>/dev/null)" ]; then
        record "$k" keepgoing "no crasher written"
    fi

    # import: libFuzzer's own crash file, imported, fails ctest's seed run.
    rm -rf testdata
    if [ $havelf = 1 ]; then
        rm -rf "$work/lfout" "$work/lfcorpus"
        mkdir -p "$work/lfout" "$work/lfcorpus"
        timeout 120 "$work/lf-$s/Fuzz$k" -max_total_time=60 -timeout=2 -artifact_prefix="$work/lfout/" \
            "$work/lfcorpus" "$work/seeds" >"$out" 2>&1
        found=$(ls "$work/lfout"/* 2>/dev/null | head -1)
        if [ -z "$found" ]; then
            record "$k" import "libFuzzer wrote no crash file"
        else
            expect_status 0 60 "$ctest" corpus import -fuzz="Fuzz$k" . "$found"
            h=$(sed -n "s|^added testdata/fuzz/Fuzz$k/\([0-9a-f]*\) (.*)$|\1|p" "$out" | head -1)
            cell "$k" import 1 "$ctest" -run="Fuzz$k/$h" -timeout=10s $san .
        fi
    else
        record "$k" import "skipped"
    fi
done

# lz4's bug: the default search finds the NULL with length 0 that only a
# high level dereferences within 60 s, in each of 5 runs.
case " ${KINDS-Pack} " in
*" Pack "*)
    for i in 1 2 3 4 5; do
        rm -rf testdata
        start=$(date +%s)
        expect_status 1 120 "$ctest" -run='^$' -fuzz='^FuzzPack$' -fuzztime=60s .
        took=$(($(date +%s) - start))
        if [ -z "$(crasher Pack)" ] || [ "$took" -gt 60 ]; then
            echo "FAIL: FuzzPack run $i: no crasher within 60 s (${took}s)"
            cat "$out"
            fails=$((fails + 1))
        else
            echo "FuzzPack run $i: found in ${took}s: $(tail -n +2 "testdata/fuzz/FuzzPack/$(crasher Pack)" | tr '\n' ' ')"
        fi
    done
    ;;
esac

# FuzzShape: every mode gives an empty value as NULL and any other at
# malloc's alignment; it fails in none.
rm -rf testdata
mkdir -p testdata/fuzz/FuzzShape
printf 'go test fuzz v1\n[]byte("")\nstring("")\n' >testdata/fuzz/FuzzShape/empty
printf 'go test fuzz v1\n[]byte("x")\nstring("yz")\n' >testdata/fuzz/FuzzShape/full
for s in none address; do
    flag=""
    [ $s != none ] && flag="-sanitize=$s"
    expect_status 0 120 "$ctest" -run=FuzzShape -v $flag .
    has "    --- PASS: FuzzShape/empty (0.00s)"
    expect_status 0 120 "$ctest" -run='^$' -fuzz=FuzzShape -fuzztime=20000x -parallel=1 $flag .
    printf '' >"$work/empty"
    printf 'x\\\nyz' >"$work/full"
    expect_status 0 60 "$work/replay-$s/FuzzShape" "$work/empty" "$work/full"
    if [ $havelf = 1 ]; then
        expect_status 0 60 "$work/lf-$s/FuzzShape" -runs=20000 "$work/empty" "$work/full"
    fi
    expect_status 0 60 "$ctest" corpus import -fuzz=FuzzShape . "$work/empty" "$work/full"
    expect_status 0 60 "$ctest" -run=FuzzShape $flag .
    # ctest corpus runs each input as fuzzing does; a failing one is said.
    rm -rf "$work/shapes"
    mkdir -p "$work/shapes"
    cp "$work/empty" "$work/full" "$work/shapes/"
    for f in testdata/fuzz/FuzzShape/*; do cp "$f" "$work/shapes/v1-$(basename "$f")"; done
    expect_status 0 120 "$ctest" corpus merge -fuzz=FuzzShape $flag . "$work/shapes"
    lacks "want NULL"
    lacks "want a block's alignment"
    contains "FuzzShape: "
done

echo "kind       mode       verdict"
printf '%s' "$table"
if [ -n "$skipped" ]; then
    echo "skipped:$skipped"
fi
if [ -n "$pendingWhy" ]; then
    echo "pending:$pendingWhy"
fi
if [ "$fails" = 0 ] && [ -n "$skipped$pendingWhy" ]; then
    exit 77
fi
finish
