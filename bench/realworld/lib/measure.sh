# shellcheck shell=bash disable=SC2154 # variables set by run.sh
# measure.sh: what a race found, sourced by run.sh after each race.
#
# Coverage: the seeds and every corpus file an engine's snapshots saw
# (ctest's decoded from v1 to raw bytes by v1conv) run through the one
# coverage build of the target (bin/cov), one profile per snapshot. The
# profiles of the seeds and of snapshots 1..k merged give the coverage at
# k*secs/points seconds; the last is the coverage of all the engine found.
# llvm-cov counts the covered branches (each way a condition can go is one)
# of the library's own files only: its directory, without the harness.
#
# Crashers: each one is replayed alone through the plain ASan build of the
# same harness (bin/asan): one that fails there (a sanitizer report, a
# signal, abort(), or longer than 10 seconds, the engines' hang limit) is
# confirmed; one that runs cleanly is FALSE, and so is one ctest wrote
# that is not a v1 file of one []byte. The crashers' bytes (raw) and the
# target's ASan and ctest builds are kept in $report.
#
# Uses from run.sh: $work, $points, $secs, $v1conv, $llvm_profdata,
# $llvm_cov, $results, $report, lib_dir, lib_ignore.

# replay_list <bin> <list> <prefix> <warnings>: runs the files named in
# list through bin, writing <prefix>-<pid>.profraw; an input that crashes
# or hangs the coverage build is noted in warnings and skipped.
replay_list() {
    local bin=$1 list=$2 prefix=$3 warn=$4 from=1 total status idx
    total=$(wc -l <"$list")
    while [ "$from" -le "$total" ]; do
        status=0
        tail -n +"$from" "$list" | LLVM_PROFILE_FILE="$prefix-%p.profraw" "$bin" -t 30 \
            >/dev/null 2>"$prefix.err" || status=$?
        [ "$status" -eq 0 ] && break
        cat "$prefix.err" >>"$warn"
        idx=$(sed -n 's/^replay: .* on input \([0-9]*\) .*/\1/p' "$prefix.err" | tail -1)
        [ -n "$idx" ] || break
        from=$((from + idx + 1))
    done
}

# summary <t> <profdata>: llvm-cov's JSON summary of the library's files.
summary() {
    local t=$1 ignore
    ignore=$(lib_ignore "$t")
    "$llvm_cov" export -summary-only -instr-profile="$2" "$work/$t/bin/cov" \
        ${ignore:+-ignore-filename-regex="$ignore"} "$(lib_dir "$t")"
}

# totals: from a summary on stdin, "<covered> <count>" branches of the
# library.
totals() {
    grep -o '"totals":{"branches":{"count":[0-9]*,"covered":[0-9]*' |
        sed 's/.*"count":\([0-9]*\),"covered":\([0-9]*\)/\2 \1/'
}

# branches <t> <profdata>: "<covered> <count>" branches of the library.
branches() { summary "$1" "$2" | totals; }

# by_file: from a summary on stdin, "<file>\t<count>\t<covered>" for each
# file of the library that has branches, the file without its directory.
by_file() {
    grep -o '"filename":"[^"]*","summary":{"branches":{"count":[0-9]*,"covered":[0-9]*' |
        sed 's|"filename":"\([^"]*/\)*\([^"]*\)","summary":{"branches":{"count":\([0-9]*\),"covered":\([0-9]*\)|\2	\3	\4|' |
        awk -F'\t' '$2 > 0'
}

# coverage <t> <other> <r> <engine>: appends the engine's coverage over
# time in race <t>/<other>/<r> to series.tsv, and prints the last point
# ("<covered> <count>").
coverage() {
    local t=$1 other=$2 r=$3 e=$4 d=$work/$1/$2/$3 k src prev="" cov last=""
    cov=$d/$e/cov
    mkdir -p "$cov/prof"
    src=$d/$e/store/files
    if [ "$e" = ctest ] || [ "$e" = base ]; then
        mkdir -p "$cov/raw"
        find "$src" -type f | "$v1conv" decode "$cov/raw" 2>>"$cov/warnings" || true
        src=$cov/raw
    fi
    for ((k = 0; k <= points; k++)); do
        if [ "$k" -eq 0 ]; then
            find "$work/$t/seeds/raw" -type f | sort >"$cov/list"
        else
            awk -v k="$k" -v s="$src" '$1 == k { print s "/" $2 }' "$d/$e/store/index" >"$cov/list"
        fi
        [ -s "$cov/list" ] && replay_list "$work/$t/bin/cov" "$cov/list" "$cov/prof/b$k" "$cov/warnings"
        local raws=()
        mapfile -t raws < <(find "$cov/prof" -name "b$k-*.profraw")
        if [ "${#raws[@]}" -gt 0 ]; then
            "$llvm_profdata" merge -sparse -o "$cov/cum$k.profdata" ${prev:+"$prev"} "${raws[@]}"
            prev=$cov/cum$k.profdata
            last=$(branches "$t" "$prev")
        fi
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$other" "$e" "$r" \
            "$(awk -v k="$k" -v n="$points" -v T="$secs" 'BEGIN { printf "%.1f", k * T / n }')" \
            "${last%% *}" >>"$results/series.tsv"
    done
    # The race's last profile stays for together (below), after the race's
    # directory is gone.
    if [ -n "$prev" ]; then
        mkdir -p "$work/$t/finals"
        cp "$prev" "$work/$t/finals/$other-$r-$e.profdata"
    fi
    if [ -s "$cov/warnings" ]; then
        say "$t/$other/$r/$e: coverage replay warnings:"
        sed 's/^/    /' "$cov/warnings" | head -5 >&2
    fi
    echo "$last"
}

# together <t>: appends to together.tsv the branches that the corpora of
# every engine in every race of target t reach together: what all the
# searches of the run found between them, a bound on what one engine can
# be expected to reach in one race; and to together-files.tsv the same
# file by file, which shows where the branches left are.
together() {
    local t=$1 finals=()
    mapfile -t finals < <(find "$work/$t/finals" -name '*.profdata' 2>/dev/null | sort)
    [ "${#finals[@]}" -gt 0 ] || return 0
    "$llvm_profdata" merge -sparse -o "$work/$t/together.profdata" "${finals[@]}"
    local json cov
    json=$(summary "$t" "$work/$t/together.profdata")
    cov=$(totals <<<"$json")
    printf '%s\t%s\t%s\t%s\n' "$t" "${#finals[@]}" "${cov%% *}" "${cov##* }" >>"$results/together.tsv"
    by_file <<<"$json" | sed "s/^/$t\t/" >>"$results/together-files.tsv"
}

# engine_said <d> <engine> <crasher>: the engine's own line about the crash
# that made crasher (named <start>-<name>), from that start's log.
engine_said() {
    local d=$1 e=$2 f=${3##*/} log
    case $e in
    ctest | base) log=$d/$e/log.${f%%-*}
        awk '/--- FAIL/ { on = 1; next } on && NF > 1 { $1 = ""; sub(/^ +/, ""); print; exit }' "$log" ;;
    libfuzzer*) log=$d/$e/log.${f%%-*}
        grep -m1 -E 'ERROR: libFuzzer|==ERROR|ALARM|out-of-memory' "$log" | cut -d' ' -f2- |
            sed -E 's/==[0-9]+==//g; s/ \(pc .*//' ;;
    afl*) echo "${f%%,src*}" ;;
    esac
}

# verdict <status> <asan log>: "confirmed|FALSE|error<TAB>why" for a replay
# of a crasher through the ASan build that ended with status; why is the
# sanitizer's summary or replay's line, without directories.
verdict() {
    local status=$1 log=$2 why
    why=$(grep -m1 -E '^SUMMARY: |^replay: ' "$log" | sed 's/ on input [0-9]* .*//; s|/[^ ]*/||g' || true)
    case $status in
    0) printf 'FALSE\truns cleanly under ASan\n' ;;
    1) printf 'error\t%s\n' "$(head -1 "$log")" ;;
    124) printf 'confirmed\tstill running after 120s (hang)\n' ;;
    *) printf 'confirmed\t%s\n' "${why:-exit status $status}" ;;
    esac
}

# asan_replay <t> <raw>: replays the crasher raw alone through target t's
# ASan build, its stderr into raw.asan (stdout into raw.asan.out), and
# prints the exit status (124: still running after 120 s).
asan_replay() {
    local status=0
    ASAN_OPTIONS=detect_leaks=0:exitcode=86:handle_abort=1:hard_rss_limit_mb=2560:max_allocation_size_mb=2048 \
        UBSAN_OPTIONS=print_stacktrace=1 \
        timeout 120 "$work/$1/bin/asan" -t 10 "$2" >"$2.asan.out" 2>"$2.asan" || status=$?
    echo "$status"
}

# triage <t> <other> <r> <engine>: the verdict on each crasher the engine
# reported in the race, appended to crashes.tsv; the crashers' bytes are
# kept in $report/crashers/. Prints how many there were.
triage() {
    local t=$1 other=$2 r=$3 e=$4 d=$work/$1/$2/$3 f raw status v n=0 files=()
    case $e in
    afl*) mapfile -t files < <(find "$d/$e"/out/*/crashes -name 'id:*' 2>/dev/null | sort) ;;
    *) mapfile -t files < <(find "$d/$e/crashes" -type f | sort) ;;
    esac
    mkdir -p "$d/$e/triage" "$report/crashers"
    for f in "${files[@]}"; do
        n=$((n + 1))
        raw=$f
        if [ "$e" = ctest ] || [ "$e" = base ]; then
            raw=$d/$e/triage/${f##*/}
            if ! "$v1conv" decode "$d/$e/triage" "$f" 2>"$raw.asan"; then
                v=$(printf 'FALSE\tnot a v1 file of one []byte: %s' "$(head -1 "$raw.asan")")
                printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$other" "$r" "$e" "${f##*/}" "$v" \
                    "$(engine_said "$d" "$e" "$f")" >>"$results/crashes.tsv"
                cp "$f" "$report/crashers/$t-$other-$r-$e-${f##*/}"
                continue
            fi
        fi
        status=$(asan_replay "$t" "$raw")
        v=$(verdict "$status" "$raw.asan")
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$other" "$r" "$e" "${f##*/}" "$v" \
            "$(engine_said "$d" "$e" "$f")" >>"$results/crashes.tsv"
        cp "$raw" "$report/crashers/$t-$other-$r-$e-${f##*/}"
    done
    # The builds that replay them, for whoever looks into one.
    if [ "$n" -gt 0 ]; then
        mkdir -p "$report/bin"
        cp "$work/$t/bin/asan" "$report/bin/$t-asan"
        cp "$work/$t/bin/ctest.test" "$report/bin/$t-ctest.test"
    fi
    echo "$n"
}
