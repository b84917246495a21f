# shellcheck shell=bash disable=SC2154 # variables set by run.sh
# engines.sh: one race of the suite, sourced by run.sh: ctest and another
# engine (libFuzzer or AFL++, each in its default set-up or its best one)
# fuzz the same target at the same time, ctest
# pinned to one CPU and the other to another (the first two this process
# may use: 0 and 1 on a plain 2-CPU machine; they swap from run to run),
# each until the same deadline.
# While they run, a ticker takes snapshots of both corpora, so that
# coverage over time can be measured afterwards from what each had found
# by then.
#
# A race's directory d ($work/<t>/<other>/<run>) holds, per engine e:
#   d/e/log.N        benchtool's time-stamped output of the engine's Nth start
#   d/e/crashes/     the crashers it reported, named N-<name> (ctest: v1 files)
#   d/e/store/       hard links to every corpus file it wrote (files/), and
#                    index: "<snapshot> <name>", the snapshot that first saw it
#   d/e/errors       a line per start that failed without a crasher
# ctest and libFuzzer stop at their first crash; the suite starts them
# again, on the corpus they had, until the deadline (ctest after moving the
# crasher out of testdata/, where it would fail the next start at once).
# AFL++ goes on by itself.
#
# The other engines:
#   libfuzzer       libFuzzer with its defaults (and -timeout=10)
#   libfuzzer-best  the same binary with -use_value_profile=1, the -dict of
#                   the words ctest's token dictionary takes from the
#                   package (ctest -fuzzdictout, lib/build.sh), and the
#                   flags FuzzBench's libfuzzer set-up adds, -keep_seed=1
#                   -cross_over_uniform_dist=1 (google/fuzzbench,
#                   fuzzers/libfuzzer/fuzzer.py; not its -fork=1 and
#                   -ignore_crashes=1, since the suite restarts libFuzzer
#                   after a crash itself)
#   afl             afl-fuzz with its defaults: no CmpLog, no dictionary
#   afl-best        as FuzzBench's aflplusplus set-up (google/fuzzbench,
#                   fuzzers/aflplusplus/fuzzer.py): -c of a CmpLog build
#                   (AFL_LLVM_CMPLOG=1) and -x of the autodictionary its
#                   build wrote (AFL_LLVM_DICT2FILE); its -p fast and -d
#                   are AFL++ 4.04c's defaults, and -m none the suite's
#                   (no memory limit)
#   base            ctest built by another tree's driver
#
# With whole=1 (run.sh --whole), each engine has the whole machine instead,
# as its users run it on all their cores, and the two run one after the
# other, each for the race's time: ctest with two workers (-parallel=2),
# libFuzzer with -fork=2, AFL++ as a main and a secondary instance (-M
# main, -S s1), each pinned to one of the two CPUs.
#
# Uses from run.sh: $work, $benchtool, $secs, $points, $whole, say;
# kill_tree (setup.sh).

# pick_cpus: sets cpu_a and cpu_b to the first two CPUs of this process's
# affinity list ("0-3", "0,2-3"), and ctest_cpu and other_cpu as for run 1;
# with only one CPU, both share it.
pick_cpus() {
    local cpus
    cpus=$(taskset -pc $$ | sed 's/.*: //' | tr ',' '\n' |
        awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }' | head -2)
    cpu_a=$(echo "$cpus" | head -1)
    cpu_b=$(echo "$cpus" | tail -1)
    if [ "$cpu_a" = "$cpu_b" ]; then
        say "only CPU $cpu_a is available: the engines share it"
    fi
    run_cpus 1
}

# run_cpus <run>: sets ctest_cpu and other_cpu for a run. The engines change
# CPUs from one run to the next (ctest on cpu_a in odd runs, on cpu_b in
# even ones), since the two CPUs of a VM need not run at the same speed.
run_cpus() {
    ctest_cpu=$cpu_a other_cpu=$cpu_b
    [ $(($1 % 2)) -eq 1 ] || ctest_cpu=$cpu_b other_cpu=$cpu_a
}

now() { date +%s.%N; }

# secs_left <deadline>: seconds from now to deadline, at least 0.
secs_left() {
    awk -v d="$1" -v n="$(now)" 'BEGIN { x = d - n; printf "%.1f\n", (x > 0 ? x : 0) }'
}

# at_least <a> <b>: whether a >= b.
at_least() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= b) }'; }

# field <log> <key>: a value of benchtool's last "#benchrun" line.
field() {
    awk -v k="$2" '/^#benchrun/ { for (i = 2; i <= NF; i++) { split($i, a, "="); if (a[1] == k) v = a[2] } } END { print v }' "$1"
}

# engine_kind <engine>: the engine's program: ctest, base, libfuzzer or
# afl (the best set-ups run the same programs with more flags).
engine_kind() {
    case $1 in
    libfuzzer*) echo libfuzzer ;;
    afl*) echo afl ;;
    *) echo "$1" ;;
    esac
}

# corpus_pattern <engine>: the names of the corpus files the engine writes.
corpus_pattern() {
    case $(engine_kind "$1") in
    ctest | base) echo '^[0-9a-f]{64}$' ;; # SHA-256 of the v1 file
    libfuzzer) echo '^[0-9a-f]{40}$' ;; # SHA-1 of the input
    afl) echo '^id:' ;;
    esac
}

# afl_instances: the names of AFL++'s instances, whose directories are
# out/<name>: one with its defaults, a main and a secondary with --whole.
afl_instances() {
    if [ "${whole:-0}" -eq 1 ]; then echo main s1; else echo default; fi
}

# corpus_dir <d> <engine> <fuzzname>: where the engine keeps its corpus
# (AFL++: its first instance's queue; corpus_dirs gives them all).
corpus_dir() {
    case $(engine_kind "$2") in
    ctest | base) echo "$1/$2/cache/$3" ;;
    libfuzzer) echo "$1/$2/corpus" ;;
    afl) local i
        read -r i _ <<<"$(afl_instances)"
        echo "$1/$2/out/$i/queue" ;;
    esac
}

# corpus_dirs <d> <engine> <fuzzname>: "<dir> <prefix>" a line, every
# directory the engine keeps corpus files in, and the prefix their names
# get in the store: AFL++'s instances name their files alike.
corpus_dirs() {
    local i
    case $(engine_kind "$2") in
    afl) for i in $(afl_instances); do
            if [ "$i" = default ] || [ "$i" = main ]; then echo "$1/$2/out/$i/queue"; else echo "$1/$2/out/$i/queue $i-"; fi
        done ;;
    *) corpus_dir "$@" ;;
    esac
}

# snapshot <dir> <pattern> <store> <k> [prefix]: hard-links the files of
# dir whose names match pattern and that no earlier snapshot saw into
# store/files, named prefix and their name, and records them in
# store/index as seen first by snapshot k.
snapshot() {
    local dir=$1 pat=$2 store=$3 k=$4 pre=${5:-} n
    [ -d "$dir" ] || return 0
    find "$dir" -maxdepth 1 -type f -printf '%f\n' | { grep -E "$pat" || true; } | sed "s/^/$pre/" |
        sort >"$store/now"
    comm -13 "$store/seen" "$store/now" >"$store/new"
    while read -r n; do
        # A file the engine removed since find saw it is left out.
        if ln "$dir/${n#"$pre"}" "$store/files/$n" 2>/dev/null; then
            echo "$k $n" >>"$store/index"
        fi
    done <"$store/new"
    sort -m -u "$store/seen" "$store/new" -o "$store/seen"
}

# snapshot_engines <d> <fuzzname> <k> <engine...>: snapshot k of the
# engines.
snapshot_engines() {
    local d=$1 name=$2 k=$3 e dir pre
    shift 3
    for e in "$@"; do
        while read -r dir pre; do
            snapshot "$dir" "$(corpus_pattern "$e")" "$d/$e/store" "$k" "$pre"
        done < <(corpus_dirs "$d" "$e" "$name")
    done
}

# ticker <d> <fuzzname> <start> <engine...>: snapshots 1 .. points-1 of the
# engines, at equal intervals from start; race takes the last.
ticker() {
    local d=$1 name=$2 start=$3 k at
    shift 3
    for ((k = 1; k < points; k++)); do
        at=$(awk -v s="$start" -v k="$k" -v n="$points" -v T="$secs" 'BEGIN { printf "%.3f\n", s + k * T / n }')
        sleep "$(secs_left "$at")"
        snapshot_engines "$d" "$name" "$k" "$@"
    done
}

# take_crashers <dir> <seeds> <dest> <seg>: moves the files of dir that are
# not seeds to dest, as <seg>-<name>; fails if there were none.
take_crashers() {
    local dir=$1 seeds=$2 dest=$3 seg=$4 f moved=0
    for f in "$dir"/* "$dir"/.[!.]*; do
        [ -f "$f" ] || continue
        [ -e "$seeds/${f##*/}" ] && continue
        mv "$f" "$dest/$seg-${f##*/}"
        moved=1
    done
    [ "$moved" -eq 1 ]
}

# run_ctest <t> <d> <fuzzname> <deadline> [base]: ctest until the deadline,
# with one worker (its coordinator is a second process on the same CPU);
# with base, the base tree's build on the other CPU.
run_ctest() {
    local t=$1 d=$2 name=$3 deadline=$4 e=${5:-ctest} seg=0 left log cpu=$ctest_cpu bin=ctest.test par=1
    [ "$e" = ctest ] || cpu=$other_cpu bin=base.test
    [ "${whole:-0}" -eq 0 ] || cpu=$cpu_a,$cpu_b par=2
    local testdata=$d/$e/pkg/testdata/fuzz/$name
    while left=$(secs_left "$deadline") && at_least "$left" 1; do
        seg=$((seg + 1)) log=$d/$e/log.$seg
        taskset -c "$cpu" "$benchtool" run -C "$d/$e/pkg" -t "$(awk -v l="$left" 'BEGIN { print l + 10 }')" -- \
            "$work/$t/bin/$bin" -test.fuzz="^$name\$" -test.fuzztime="${left}s" -test.parallel="$par" \
            -test.fuzzcachedir="$d/$e/cache" >"$log"
        [ "$(field "$log" status)" = 0 ] && break
        if ! take_crashers "$testdata" "$work/$t/seeds/v1" "$d/$e/crashes" "$seg"; then
            echo "start $seg: exit status $(field "$log" status) without a crasher (log.$seg)" >>"$d/$e/errors"
            break
        fi
        [ "$(field "$log" capped)" = 1 ] && break
    done
}

# run_libfuzzer <t> <d> <deadline> <engine>: libFuzzer (engine libfuzzer
# or libfuzzer-best, above) until the deadline. Its
# -max_total_time is checked about once a second and overshoots by up to
# two, so timeout(1) interrupts it at the deadline instead (SIGINT: it
# prints its final stats and exits with status 72). Its SIGINT handler
# can hang after saying so (seen once on mujs, in a 300-second race):
# benchtool then kills it, and that start counts as ended
# at the deadline, not as a failure. Its -timeout is ctest's default
# -fuzztimeout (10s).
run_libfuzzer() {
    local t=$1 d=$2 deadline=$3 e=$4 seg=0 left log status best=() cpu=$other_cpu
    [ "${whole:-0}" -eq 0 ] || cpu=$cpu_a,$cpu_b best=(-fork=2)
    if [ "$e" = libfuzzer-best ]; then
        best+=(-use_value_profile=1 -keep_seed=1 -cross_over_uniform_dist=1)
        # An empty file (a package without string constants) is no dictionary.
        [ -s "$work/$t/bin/ctest.dict" ] && best+=(-dict="$work/$t/bin/ctest.dict")
    fi
    while left=$(secs_left "$deadline") && at_least "$left" 1; do
        seg=$((seg + 1)) log=$d/$e/log.$seg
        taskset -c "$cpu" "$benchtool" run -C "$d/$e" -t "$(awk -v l="$left" 'BEGIN { print l + 10 }')" -- \
            timeout --preserve-status -s INT "$left" "$work/$t/bin/libfuzzer" -max_total_time=$((${left%.*} + 5)) \
            -timeout=10 -print_final_stats=1 "${best[@]}" \
            -artifact_prefix="$d/$e/artifacts/" "$d/$e/corpus" >"$log"
        status=$(field "$log" status)
        case $status in 0 | 72) break ;; esac
        if [ "$(field "$log" capped)" = 1 ] && grep -q 'libFuzzer: run interrupted; exiting' "$log"; then
            break
        fi
        if ! take_crashers "$d/$e/artifacts" /nonexistent "$d/$e/crashes" "$seg"; then
            echo "start $seg: exit status $status without a crasher (log.$seg)" >>"$d/$e/errors"
            break
        fi
        [ "$(field "$log" capped)" = 1 ] && break
    done
}

# run_afl <t> <d> <deadline> <engine>: afl-fuzz (engine afl or afl-best,
# above) until the deadline; it keeps going after a crash. It is told not
# to pick a CPU of its own (taskset has) nor to check the CPU governor or
# core dumps.
run_afl() {
    local t=$1 d=$2 deadline=$3 e=$4 left bin=afl best=()
    if [ "$e" = afl-best ]; then
        bin=afl-best best=(-c "$work/$t/bin/afl-cmplog")
        # AFL++ refuses a -x file without a word.
        [ -s "$work/$t/bin/afl.dict" ] && best+=(-x "$work/$t/bin/afl.dict")
    fi
    left=$(secs_left "$deadline")
    local i n=0 cpu role pids=() p
    for i in $(afl_instances); do
        n=$((n + 1)) cpu=$other_cpu role=()
        case $i in
        main) cpu=$cpu_a role=(-M main) ;;
        s1) cpu=$cpu_b role=(-S s1) ;;
        esac
        AFL_NO_UI=1 AFL_NO_AFFINITY=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
            taskset -c "$cpu" "$benchtool" run -C "$d/$e" -t "$(awk -v l="$left" 'BEGIN { print l + 30 }')" -- \
            afl-fuzz -i "$d/$e/in" -o "$d/$e/out" "${role[@]}" -V "${left%.*}" "${best[@]}" -- "$work/$t/bin/$bin" \
            >"$d/$e/log.$n" &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p" || true; done
    for ((i = 1; i <= n; i++)); do
        if [ "$(field "$d/$e/log.$i" status)" != 0 ]; then
            echo "exit status $(field "$d/$e/log.$i" status) (log.$i)" >>"$d/$e/errors"
        fi
    done
}

# race <t> <other> <run> <fuzzname>: sets up d and runs both engines
# with the ticker, side by side (or with --whole one after the other),
# taking the last snapshot of each.
race() {
    local t=$1 other=$2 name=$4 d=$work/$1/$2/$3 e
    for e in ctest "$other"; do
        mkdir -p "$d/$e/crashes" "$d/$e/store/files"
        : >"$d/$e/store/seen"
        : >"$d/$e/store/index"
    done
    for e in ctest base; do
        [ "$e" = ctest ] || [ "$other" = base ] || continue
        mkdir -p "$d/$e/pkg/testdata/fuzz/$name" "$d/$e/cache"
        cp "$work/$t/seeds/v1"/* "$d/$e/pkg/testdata/fuzz/$name/"
    done
    case $(engine_kind "$other") in
    libfuzzer) mkdir -p "$d/$other/corpus" "$d/$other/artifacts"
        cp "$work/$t/seeds/raw"/* "$d/$other/corpus/" ;;
    afl) mkdir -p "$d/$other/in"
        cp "$work/$t/seeds/raw"/* "$d/$other/in/" ;;
    esac
    if [ "${whole:-0}" -eq 1 ]; then
        race_engines "$t" "$d" "$name" ctest
        race_engines "$t" "$d" "$name" "$other"
    else
        race_engines "$t" "$d" "$name" ctest "$other"
    fi
}

# race_engines <t> <d> <fuzzname> <engine...>: runs the engines at the same
# time, each until the same deadline, with the ticker.
race_engines() {
    local t=$1 d=$2 name=$3 e start deadline pids=() tick
    shift 3
    start=$(now)
    deadline=$(awk -v s="$start" -v T="$secs" 'BEGIN { printf "%.3f\n", s + T }')
    ticker "$d" "$name" "$start" "$@" &
    tick=$!
    for e in "$@"; do
        case $(engine_kind "$e") in
        ctest) run_ctest "$t" "$d" "$name" "$deadline" & ;;
        libfuzzer) run_libfuzzer "$t" "$d" "$deadline" "$e" & ;;
        afl) run_afl "$t" "$d" "$deadline" "$e" & ;;
        base) run_ctest "$t" "$d" "$name" "$deadline" base & ;;
        esac
        pids+=($!)
    done
    for e in "${pids[@]}"; do
        wait "$e" || say "$t: an engine's runner failed (status $?) in $d"
    done
    kill_tree "$tick"
    kill "$tick" 2>/dev/null || true
    wait "$tick" 2>/dev/null || true
    snapshot_engines "$d" "$name" "$points" "$@"
}

# execs <d> <engine>: the executions of all the engine's starts in d.
# ctest: the "execs: N" of each start's last progress line, which it
# prints as it stops; libFuzzer: its final stats (or its last "#N" line);
# AFL++: execs_done in fuzzer_stats.
execs() {
    local d=$1 e=$2
    case $(engine_kind "$e") in
    ctest | base) awk 'FNR == 1 && n != "" { sum += n; n = "" }
            / fuzz: elapsed: .*execs: / { for (i = 1; i <= NF; i++) if ($i == "execs:") n = $(i + 1) }
            END { print sum + n }' "$d/$e"/log.* ;;
    libfuzzer) awk 'FNR == 1 { sum += (final != "" ? final : last); final = ""; last = "" }
            /stat::number_of_executed_units:/ { final = $NF }
            $2 ~ /^#[0-9]+$/ { last = substr($2, 2) }
            END { print sum + (final != "" ? final : last) }' "$d/$e"/log.* ;;
    afl) cat "$d/$e"/out/*/fuzzer_stats 2>/dev/null |
        awk -F: '$1 ~ /^execs_done/ { gsub(/ /, "", $2); n += $2 } END { print n + 0 }' ;;
    esac
}

# corpus_size <d> <engine> <fuzzname> <nseeds>: the files of its final
# corpus (ctest: its cache and the seeds in testdata/; libFuzzer: its
# corpus directory, which began with the seeds; AFL++: its queue).
corpus_size() {
    local dir n
    dir=$(corpus_dir "$1" "$2" "$3")
    if [ ! -d "$dir" ]; then
        case $2 in ctest | base) echo "$4" ;; *) echo 0 ;; esac
        return
    fi
    case $(engine_kind "$2") in
    ctest | base) n=$(find "$dir" -maxdepth 1 -type f -printf '%f\n' | { grep -cE "$(corpus_pattern ctest)" || true; })
        echo $((n + $4)) ;;
    libfuzzer) find "$dir" -maxdepth 1 -type f | wc -l ;;
    afl) find "$dir"/../../*/queue -maxdepth 1 -type f -printf '%f\n' | { grep -cE "$(corpus_pattern afl)" || true; } ;;
    esac
}
