#!/usr/bin/env bash
# keepgoing.sh: the suite's targets with their planted bugs (targets/planted.h,
# -DCTEST_PLANTED_BUGS; lib/targets.sh's planted_bugs), every one fuzzed in
# ONE run of the driver that goes on after each crash:
#
#   ctest -sanitize=address,undefined -fuzz=. -fuzzmulti -fuzzkeepgoing
#         -fuzztime=<S>s -parallel=1 ./expat ./pcre2 ./lua ./mujs ./inih
#
# in copies of the targets' packages with the suite's seeds, pinned to one
# CPU. Then it checks what the issue asks of keep-going: every planted bug
# found; each distinct crash reported once (one crasher file per cause,
# announced once, and each fuzz test's last summary counting as many
# distinct crashes as it has files); every crasher confirmed by replaying it
# alone through the target's replay build with the same bugs, ASan and
# UBSan (tools/replay.c), which names the bug that goes off; no false
# crash. A crasher that names no planted bug is a crash of the library
# itself: it is listed as a known crash, and fails nothing.
#
# UBSan's alignment and null checks are off, in the run and the replays:
# Lua makes its lua_State 8 bytes into a 16-byte-aligned block, which the
# alignment check reports on every input (lstate.c, in lua_newstate), and
# a NULL write is left to ASan, which reports it as the SEGV it is.
#
# With --against, libFuzzer and AFL++ (in turn) fuzz each target alone, on
# the other CPU while ctest's run goes on, for the targets' mean share of
# it (S over the number of targets), from the same seeds, built from the
# same harnesses with the same bugs and sanitizers (lib/build.sh,
# lib/engines.sh's runners: libFuzzer is started again after each crash,
# AFL++ goes on by itself); their crashers are replayed and named as
# ctest's, and the report says when each engine found each bug.
#
# usage: bench/realworld/keepgoing.sh [--quick] [--targets a,b] [--secs S]
#                                     [--against libfuzzer,afl] [--save]
#                                     [--keep] [--ctest PATH]
#   --quick    inih only, a 30-second run with two workers on two CPUs:
#              the CTest test bench/realworld-keepgoing (both of inih's
#              bugs: a SEGV and a heap overflow)
#   --targets  a comma-separated subset of expat,pcre2,lua,mujs,inih
#   --secs S   the run's -fuzztime, which the targets share (default 600)
#   --against  the other engines to compare (libfuzzer, afl), none by default
#   --save     also write bench/results/<date>-keepgoing.md
#   --keep     keep the scratch directory and print its name
#   --ctest P  the ctest driver of a built tree (default: build it in
#              $CTEST_BUILD, default build/); v1conv links that tree's
#              libraries
#
# The report (markdown) goes to <build>/realworld-keepgoing.md. Exit
# status: 0 when every check passes; 1 when one fails; 77 (CTest's skip)
# without ../shared/realworld; 2 for a usage error.
set -euo pipefail

rw=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$rw/../.." && pwd)

quick=0 targets="expat,pcre2,lua,mujs,inih" secs="" save=0 keep=0 ctest_bin="" parallel=1 against=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/realworld/keepgoing.sh [--quick] [--targets a,b] [--secs S]" \
        "[--against libfuzzer,afl] [--save] [--keep] [--ctest PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 ;;
    --targets) targets=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --against) against=${2:?}; shift ;;
    --save) save=1 ;;
    --keep) keep=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
[ "$quick" -eq 0 ] || targets=inih secs=${secs:-30} parallel=2
secs=${secs:-600}
targets=${targets//,/ } against=${against//,/ }

say() { echo "keepgoing: $*" >&2; }

# shellcheck source=lib/setup.sh
. "$rw/lib/setup.sh"
need_libraries
# shellcheck source=lib/targets.sh
. "$rw/lib/targets.sh"
ntargets=0
for t in $targets; do
    fuzz_name "$t" >/dev/null
    ntargets=$((ntargets + 1))
done
for e in $against; do
    case $e in
    libfuzzer) ;;
    afl) command -v afl-fuzz >/dev/null || { say "--against afl needs afl++ (Debian: afl++)"; exit 2; } ;;
    *) say "unknown engine $e"; exit 2 ;;
    esac
done
make_work keepgoing
started=$(date +%s)

# shellcheck source=lib/build.sh
. "$rw/lib/build.sh"
# shellcheck source=lib/engines.sh
. "$rw/lib/engines.sh"
# shellcheck source=lib/measure.sh
. "$rw/lib/measure.sh"
# shellcheck source=../driver.sh
. "$root/bench/driver.sh"

bench_driver ctest_fuzz ctest_std
build=$(cd "$(dirname "$ctest_bin")/.." && pwd)
build_tools "$build"
benchtool=$work/bin/benchtool v1conv=$work/bin/v1conv
pick_cpus

# The planted bugs' builds: the run's (the driver's CFLAGS) and the replay
# builds' (build_target's asan), with the same sanitizers.
nosan=-fno-sanitize=alignment,null
extra_cflags=(-DCTEST_PLANTED_BUGS)
asan_flags=("-fsanitize=address,undefined" -fno-sanitize-recover=all "$nosan")
fuzzer_flags=("${asan_flags[@]}")
fail=0
for t in $targets; do
    say "building $t's replayer${against:+ and $against}"
    # shellcheck disable=SC2086
    build_target "$t" asan $against
    prepare_seeds "$t"
    # No seed may set a bug off: each is to be found by fuzzing.
    mkdir -p "$work/$t/seedcheck"
    cp "$work/$t/seeds/raw"/* "$work/$t/seedcheck/"
    for f in "$work/$t/seedcheck"/*; do
        if [ "$(asan_replay "$t" "$f")" != 0 ]; then
            say "FAIL: $t's seed ${f##*/} fails already: $(grep -m1 -E '^planted bug|^SUMMARY' "$f.asan" || true)"
            fail=1
        fi
    done
done
[ "$fail" -eq 0 ] || exit 1

# others: each engine of --against fuzzes each target alone, on the other
# CPU, for its share; d/start holds when it began.
others() {
    local e t d start deadline share
    share=$(awk -v s="$secs" -v n="$ntargets" 'BEGIN { printf "%.3f", s / n }')
    for e in $against; do
        for t in $targets; do
            d=$work/$t/$e
            case $e in
            libfuzzer) mkdir -p "$d/libfuzzer/corpus" "$d/libfuzzer/artifacts" "$d/libfuzzer/crashes"
                cp "$work/$t/seeds/raw"/* "$d/libfuzzer/corpus/" ;;
            afl) mkdir -p "$d/afl/in"
                cp "$work/$t/seeds/raw"/* "$d/afl/in/" ;;
            esac
            start=$(now)
            echo "$start" >"$d/start"
            deadline=$(awk -v s="$start" -v T="$share" 'BEGIN { printf "%.3f\n", s + T }')
            # Their failures are noted in d/<engine>/errors.
            case $e in
            libfuzzer) run_libfuzzer "$t" "$d" "$deadline" libfuzzer || true ;;
            afl) run_afl "$t" "$d" "$deadline" afl || true ;;
            esac
        done
    done
}
others_pid=""
if [ -n "$against" ]; then
    say "meanwhile $against fuzz each target alone for $((secs / ntargets))s, on CPU $other_cpu"
    others &
    others_pid=$!
fi

# ---- the run: one driver command over every target
packages "$work/pkgs"
pkgs=()
for t in $targets; do pkgs+=("./$t"); done
cmd=("$ctest_bin" "-sanitize=address,undefined" -fuzz=. -fuzzmulti -fuzzkeepgoing
    -fuzztime="${secs}s" -parallel="$parallel" "${pkgs[@]}")
# One worker on one CPU; --quick's two on two.
cpus=$ctest_cpu
[ "$parallel" -eq 1 ] || cpus=$ctest_cpu,$other_cpu
run_cflags="-O2 -DCTEST_PLANTED_BUGS $nosan"
say "targets: $targets; one run of ${secs}s on CPU $cpus (the packages' builds first)"
say "CFLAGS='$run_cflags' ctest ${cmd[*]:1}"
log=$work/log
CTESTCACHE=$work/cache CFLAGS=$run_cflags taskset -c "$cpus" "$benchtool" run -C "$work/pkgs" \
    -t $((secs + 1800)) -- "${cmd[@]}" >"$log"
status=$(field "$log" status) wall=$(field "$log" wall)
case $status in
0 | 1) ;;
*) say "FAIL: the run ended with exit status $status (want 1 for crashes found, 0 for none)"
    tail -30 "$log" >&2
    fail=1 ;;
esac

# ---- what the run said. Each line of the log is "<seconds> <line>"; the
# fuzzing starts with the first turn's warm-up. announce.tsv: a crash
# announced as found (fuzz test, seconds into fuzzing when it was found,
# file, cause, seconds when announced, its minimization done, and the
# seconds its fuzz test's turns had had when it was found);
# summary.tsv: each turn's list, an entry a line (turn, fuzz test, file,
# inputs, seed or new, cause), and a line with entry "total" for its count.
res=$work/results
mkdir -p "$res"
awk -v res="$res" '
    { t = $1; sub(/^[^ ]* /, "") }
    t0 == "" && / gathering baseline coverage: 0\// { t0 = t }
    # A turn begins: the one before it ends, and its fuzz test has had
    # that much time (spent, for the times of a fuzz test of its own).
    match($0, /^fuzz: ([^ ]*\.)?Fuzz[A-Za-z0-9_]*: elapsed: 0s, gathering baseline coverage: 0\//) {
        if (cur != "") spent[cur] += t - tstart
        cur = $2; sub(/:$/, "", cur); sub(/.*\./, "", cur); tstart = t
    }
    match($0, /^fuzz: ([^ ]*\.)?Fuzz[A-Za-z0-9_]*: minimizing [0-9]+-byte failing input/) {
        head = $2; sub(/:$/, "", head); sub(/.*\./, "", head)
        found[head] = t - t0; own[head] = spent[head] + t - tstart
    }
    match($0, /^fuzz: ([^ ]*\.)?Fuzz[A-Za-z0-9_]*: elapsed: [^,]*, crash [0-9]+: /) {
        head = substr($0, 1, RLENGTH); title = substr($0, RLENGTH + 1)
        sub(/: elapsed: .*/, "", head); sub(/^fuzz: /, "", head); sub(/.*\./, "", head)
        pending = head; ptime = t - t0; ptitle = title; next
    }
    pending != "" && match($0, /^    Failing input written to /) {
        file = substr($0, RLENGTH + 1); sub(/.*\//, "", file)
        # Found as its minimization began (a crash that could not be
        # minimized: as it was announced).
        f = (pending in found) ? found[pending] : ptime
        o = (pending in found) ? own[pending] : spent[pending] + t - tstart
        delete found[pending]
        printf "%s\t%.1f\t%s\t%s\t%.1f\t%.1f\n", pending, f, file, ptitle, ptime, o >(res "/announce.tsv")
        pending = ""; next
    }
    /^--- FAIL: Fuzz/ { turn++; fuzz = $3; entry = ""; next }
    fuzz != "" && match($0, /^    fuzzing found [0-9]+ distinct crash/) {
        n = $3; printf "%d\t%s\ttotal\t%s\t\t\n", turn, fuzz, n >(res "/summary.tsv"); next
    }
    fuzz != "" && match($0, /^    crash [0-9]+: .* \([0-9]+ inputs?\)$/) {
        entry = $0; sub(/^    crash [0-9]+: /, "", entry)
        inputs = entry; sub(/.* \(/, "", inputs); sub(/ .*/, "", inputs)
        sub(/ \([0-9]+ inputs?\)$/, "", entry); next
    }
    entry != "" && match($0, /^    Failing input (written to|is seed corpus entry) /) {
        kind = ($0 ~ /seed corpus entry/) ? "seed" : "new"
        file = substr($0, RLENGTH + 1); sub(/.*\//, "", file)
        printf "%d\t%s\t%s\t%s\t%s\t%s\n", turn, fuzz, file, inputs, kind, entry >(res "/summary.tsv")
        entry = ""; next
    }
    /^(FAIL|ok  )\t/ { fuzz = "" }
' "$log"
touch "$res/announce.tsv" "$res/summary.tsv"
fuzz_start=$(awk '/ gathering baseline coverage: 0\// { print $1; exit }' "$log")
if [ -n "$others_pid" ]; then
    wait "$others_pid" || say "the other engines' runner failed (status $?)"
fi

# ---- the crashers, each replayed alone through its target's replay build
# crashers.tsv: target, file, verdict, why, the planted bug it names ("-":
# none), the inputs the run counted for it (over all turns; a turn counts
# a crasher of an earlier one as one input, its seed run).
printf '' >"$res/crashers.tsv"
for t in $targets; do
    name=$(fuzz_name "$t")
    dir=$work/pkgs/$t/testdata/fuzz/$name
    mkdir -p "$work/$t/triage"
    for f in "$dir"/*; do
        [ -f "$f" ] || continue
        [ -e "$work/$t/seeds/v1/${f##*/}" ] && continue
        raw=$work/$t/triage/${f##*/}
        if ! "$v1conv" decode "$work/$t/triage" "$f" 2>"$raw.err"; then
            printf '%s\t%s\tFALSE\tnot a v1 file of one []byte\t-\t0\n' "$t" "${f##*/}" >>"$res/crashers.tsv"
            continue
        fi
        v=$(verdict "$(asan_replay "$t" "$raw")" "$raw.asan")
        bug=$(sed -n 's/^planted bug: \([a-z0-9-]*\)$/\1/p' "$raw.asan" | head -1)
        inputs=$(awk -F'\t' -v n="$name" -v f="${f##*/}" '$2 == n && $3 == f {
            s += $4 - ($5 == "seed") } END { print s + 0 }' "$res/summary.tsv")
        printf '%s\t%s\t%s\t%s\t%s\n' "$t" "${f##*/}" "$v" "${bug:--}" "$inputs" >>"$res/crashers.tsv"
    done
done

# others.tsv: each crasher of --against's engines: engine, target, file,
# verdict, why, the planted bug it names, seconds into its run (from its
# file's time).
printf '' >"$res/others.tsv"
for e in $against; do
    for t in $targets; do
        d=$work/$t/$e
        case $e in
        libfuzzer) mapfile -t cf < <(find "$d/libfuzzer/crashes" -type f 2>/dev/null | sort) ;;
        afl) mapfile -t cf < <(find "$d/afl/out/default/crashes" -name 'id:*' 2>/dev/null | sort) ;;
        esac
        [ ! -s "$d/$e/errors" ] || say "$t: $e: $(head -1 "$d/$e/errors")"
        mkdir -p "$d/triage"
        for f in "${cf[@]}"; do
            raw=$d/triage/$(basename "$f" | tr ',:' '__')
            cp "$f" "$raw"
            v=$(verdict "$(asan_replay "$t" "$raw")" "$raw.asan")
            bug=$(sed -n 's/^planted bug: \([a-z0-9-]*\)$/\1/p' "$raw.asan" | head -1)
            at=$(awk -v s="$(cat "$d/start")" -v m="$(stat -c %.3Y "$f")" \
                'BEGIN { x = m - s; printf "%.1f", (x > 0 ? x : 0) }')
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$e" "$t" "${f##*/}" "$v" "${bug:--}" "$at" >>"$res/others.tsv"
        done
    done
done

# ---- the checks
check() { say "FAIL: $*"; fail=1; }
for t in $targets; do
    name=$(fuzz_name "$t")
    ncrashers=$(awk -F'\t' -v t="$t" '$1 == t' "$res/crashers.tsv" | wc -l)
    # No false crash: every crasher fails again, alone, in the replay build.
    awk -F'\t' -v t="$t" '$1 == t && $3 != "confirmed" { print $2 ": " $3 " (" $4 ")" }' \
        "$res/crashers.tsv" | while read -r line; do say "FAIL: $t: crasher $line"; done
    if awk -F'\t' -v t="$t" '$1 == t && $3 != "confirmed" { bad = 1 } END { exit !bad }' \
        "$res/crashers.tsv"; then
        fail=1
    fi
    # Every planted bug found.
    for b in $(planted_bugs "$t"); do
        awk -F'\t' -v t="$t" -v b="$b" '$1 == t && $5 == b { ok = 1 } END { exit !ok }' \
            "$res/crashers.tsv" || check "$t: planted bug $b not found"
    done
    # One crasher per cause: no bug twice, no library crash twice (the
    # replay's SUMMARY line standing for its cause).
    dup=$(awk -F'\t' -v t="$t" '$1 == t { k = ($5 != "-") ? $5 : $4; n[k]++ }
        END { for (k in n) if (n[k] > 1) print k " (" n[k] " crashers)" }' "$res/crashers.tsv")
    [ -z "$dup" ] || check "$t: a crash written more than once: $dup"
    # Each crasher announced once as it was found.
    while read -r f; do
        n=$(awk -F'\t' -v n="$name" -v f="$f" '$1 == n && $3 == f' "$res/announce.tsv" | wc -l)
        [ "$n" -eq 1 ] || check "$t: crasher $f announced $n times"
    done < <(awk -F'\t' -v t="$t" '$1 == t { print $2 }' "$res/crashers.tsv")
    # The fuzz test's last summary counts as many distinct crashes as it
    # has crashers, and lists each.
    last=$(awk -F'\t' -v n="$name" '$2 == n { l = $1 } END { print l }' "$res/summary.tsv")
    if [ "$ncrashers" -gt 0 ] || [ -n "$last" ]; then
        count=$(awk -F'\t' -v n="$name" -v l="$last" '$1 == l && $2 == n && $3 == "total" { print $4 }' \
            "$res/summary.tsv")
        [ "${count:-0}" -eq "$ncrashers" ] ||
            check "$t: the last summary counts ${count:-no} distinct crashes, for $ncrashers crashers"
        listed=$(awk -F'\t' -v n="$name" -v l="$last" '$1 == l && $2 == n && $3 != "total" { print $3 }' \
            "$res/summary.tsv" | sort | tr '\n' ' ')
        ondisk=$(awk -F'\t' -v t="$t" '$1 == t { print $2 }' "$res/crashers.tsv" | sort | tr '\n' ' ')
        [ "$listed" = "$ondisk" ] || check "$t: the last summary lists [$listed], the crashers are [$ondisk]"
    fi
done

# ---- the report
report=$build/realworld-keepgoing.md
found_at() { # <fuzz test> <file>: seconds into fuzzing when found, when announced, the cause
    awk -F'\t' -v n="$1" -v f="$2" '$1 == n && $3 == f { print $2 "\t" $5 "\t" $4; exit }' "$res/announce.tsv"
}
{
    echo "Command: \`${CTEST_BUILD:+CTEST_BUILD=$CTEST_BUILD }bench/realworld/keepgoing.sh$(printf ' %q' "${ORIG_ARGS[@]}")\` ($(($(date +%s) - started))s)"
    echo
    echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)'), $(clang --version | head -1)"
    echo "- the run, in copies of the packages with the suite's seeds, on CPU $cpus: \`CFLAGS='$run_cflags' ctest ${cmd[*]:1}\`"
    echo "- it took ${wall%.*}s (building the packages, then ${secs}s of fuzzing from $(printf '%.0f' "${fuzz_start:-0}")s) and exited with status $status"
    echo
    echo "Each planted bug: when the run found it and when it announced it (after minimizing"
    echo "it), in seconds since the fuzzing began; ctest's cause; the failing inputs counted"
    echo "for it over all turns; its crasher, replayed alone through the replay build."
    echo
    echo "| target | bug | found | at (s) | announced (s) | ctest's cause | inputs | crasher | replayed |"
    echo "|---|---|---|---:|---:|---|---:|---|---|"
    for t in $targets; do
        name=$(fuzz_name "$t")
        for b in $(planted_bugs "$t"); do
            row=$(awk -F'\t' -v t="$t" -v b="$b" '$1 == t && $5 == b { print; exit }' "$res/crashers.tsv")
            if [ -z "$row" ]; then
                echo "| $t | $b | **no** | | | | | | |"
                continue
            fi
            IFS=$'\t' read -r _ f v why _ inputs <<<"$row"
            at="" said="" cause=""
            IFS=$'\t' read -r at said cause < <(found_at "$name" "$f") || true
            why=$(sed -E 's/ \((asan\+0x[0-9a-f]*|BuildId: [0-9a-f]*)\)//g' <<<"$why")
            echo "| $t | $b | yes | ${at:-} | ${said:-} | ${cause:-} | $inputs | ${f:0:12} | $v: $why |"
        done
    done
    echo
    if [ -n "$against" ]; then
        echo "The planted bugs by engine: seconds into its own fuzzing of the target when the"
        echo "engine found each (ctest: the time its turns on that target had had), each"
        echo "engine given $((secs / ntargets))s a target (ctest: shared by its schedule), and"
        echo "the crashers each wrote (confirmed by the replay build of the bugs; ctest: one"
        echo "per cause)."
        echo
        printf '| target | bug | ctest |'
        for e in $against; do printf ' %s |' "$e"; done
        printf '\n|---|---|---:|'
        for e in $against; do printf -- '---:|'; done
        echo
        for t in $targets; do
            name=$(fuzz_name "$t")
            for b in $(planted_bugs "$t") crashers; do
                if [ "$b" = crashers ]; then
                    printf '| %s | crashers | %s |' "$t" "$(awk -F'\t' -v t="$t" '$1 == t' "$res/crashers.tsv" | wc -l)"
                    for e in $against; do
                        printf ' %s |' "$(awk -F'\t' -v e="$e" -v t="$t" '$1 == e && $2 == t && $4 == "confirmed"' "$res/others.tsv" | wc -l)"
                    done
                    echo
                    continue
                fi
                f=$(awk -F'\t' -v t="$t" -v b="$b" '$1 == t && $5 == b { print $2; exit }' "$res/crashers.tsv")
                own=$(awk -F'\t' -v n="$name" -v f="$f" '$1 == n && $3 == f { print $6; exit }' "$res/announce.tsv")
                printf '| %s | %s | %s |' "$t" "$b" "${own:-—}"
                for e in $against; do
                    at=$(awk -F'\t' -v e="$e" -v t="$t" -v b="$b" '$1 == e && $2 == t && $6 == b && (m == "" || $7 < m) { m = $7 }
                        END { print m }' "$res/others.tsv")
                    printf ' %s |' "${at:-—}"
                done
                echo
            done
        done
        echo
    fi
    echo "Crashes of the libraries themselves (no planted bug named):"
    echo
    if awk -F'\t' '$5 == "-" { n++ } END { exit !n }' "$res/crashers.tsv"; then
        echo "| target | crasher | replayed | inputs |"
        echo "|---|---|---|---:|"
        awk -F'\t' '$5 == "-" { printf "| %s | %s | %s: %s | %s |\n", $1, $2, $3, $4, $6 }' "$res/crashers.tsv"
    else
        echo "none."
    fi
    if awk -F'\t' '$6 == "-" { n++ } END { exit !n }' "$res/others.tsv"; then
        echo
        echo "The other engines' crashers that name no planted bug:"
        echo
        echo "| engine | target | crasher | replayed |"
        echo "|---|---|---|---|"
        awk -F'\t' '$6 == "-" { printf "| %s | %s | %s | %s: %s |\n", $1, $2, $3, $4, $5 }' "$res/others.tsv"
    fi
    echo
    echo "Each fuzz test's last summary (\`fuzzing found N distinct crashes\`) against its crashers:"
    echo
    echo "| target | turns | distinct crashes in the last summary | crasher files | crashes announced |"
    echo "|---|---:|---:|---:|---:|"
    for t in $targets; do
        name=$(fuzz_name "$t")
        turns=$(grep -cE "^[0-9.]+ fuzz: ([^ ]*\\.)?$name: elapsed: 0s, gathering baseline coverage: 0/" "$log" || true)
        last=$(awk -F'\t' -v n="$name" '$2 == n { l = $1 } END { print l }' "$res/summary.tsv")
        count=$(awk -F'\t' -v n="$name" -v l="$last" '$1 == l && $2 == n && $3 == "total" { print $4 }' "$res/summary.tsv")
        echo "| $t | $turns | ${count:-0} | $(awk -F'\t' -v t="$t" '$1 == t' "$res/crashers.tsv" | wc -l) | $(awk -F'\t' -v n="$name" '$1 == n' "$res/announce.tsv" | wc -l) |"
    done
    echo
    if [ "$fail" -eq 0 ]; then
        echo "Verdict: every check passed."
    else
        echo "Verdict: **FAILED** (see the script's output)."
    fi
} >"$report"
cat "$report"
if [ "$save" -eq 1 ]; then
    mkdir -p "$root/bench/results"
    cp "$report" "$root/bench/results/$(date +%F)-keepgoing.md"
    say "saved bench/results/$(date +%F)-keepgoing.md"
fi
say "report in $report; done in $(($(date +%s) - started))s"
exit "$fail"
