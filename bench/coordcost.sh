#!/usr/bin/env bash
# coordcost.sh: what ctest's coordinator costs, and how many workers one
# coordinator core can feed. Each run fuzzes one target with its test
# binary run directly, from an empty fuzz cache:
#
#   x.test -test.run='^$' -test.fuzz='^FuzzX$' -test.fuzztime=<S>s
#          -test.parallel=<1|2> -test.fuzzcachedir=<empty dir>
#
# on three targets: bench/targets/nop (no coverage to find: every call is
# a plain call), bench/targets/branches (16,384 edges that single byte
# values reach: most calls find a new input) and, when its library is
# beside the clone (../shared/realworld), a target of bench/realworld
# from its seeds, for its first minute (a real library's first minute).
#
# A sampler (Python, below) runs the test binary and reads its output.
# At the "now fuzzing" line and at each progress line it reads:
#   - the coordinator's CPU time: the CPU-time clock of the test binary's
#     process (clock_getcpuclockid: all its threads, not its children),
#     and /proc/<pid>/stat's utime and stime for the user/system split;
#   - each worker's (a child of that process) CPU-time clock and the count
#     of its write(2) calls (/proc/<pid>/io's syscw): a worker writes one
#     line, its answer, per fuzz call, and nothing else while it fuzzes
#     (strace shows it; a restarted worker is counted as lost), so the
#     writes count the calls it served;
#   - the coordinator's own writes: one per call sent, one per progress
#     line, one per cache file (a new input, or a smaller input that
#     replaces one), so that those less the calls and the lines count the
#     cache files written;
#   - the progress line's execs and "new interesting" counts.
# The window is from the "now fuzzing" line to the last progress line
# read a second or more before the run's end (the progress lines come
# every 3 s), so that neither the build, the baseline run nor the
# shutdown is in it.
#
# From the runs (the report prints each step):
#   c_call  coordinator CPU per call on the no-op target (µs)
#   r       calls per worker CPU-second (a worker that never waits)
#   n       new inputs per worker CPU-second
#   c_new   coordinator CPU per new input beyond its calls: (coordinator
#           CPU - calls * c_call) / new inputs, c_call from the no-op run
#           with as many workers (the cache files of smaller inputs count
#           in it)
#   W       workers one coordinator core feeds: 1e6 / (r*c_call + n*c_new),
#           which is the workers' CPU time over the coordinator's
#
# usage: bench/coordcost.sh [--quick] [--runs N] [--secs S] [--rw-secs S]
#                           [--realworld T|none] [--save] [--ctest PATH]
#   --quick      nop and branches only, one 5-second run each, no profile (the
#                CTest test bench/coordcost-quick): checks that every
#                figure was produced and is positive, not its value
#   --runs N     runs of each target and worker count (default 3), in turn
#   --secs S     fuzztime of the nop and branches runs (default 17)
#   --rw-secs S  fuzztime of the real-world runs (default 60)
#   --realworld T  the bench/realworld target (default expat); none: skip
#   --save       also write bench/results/<date>-<commit>-coordcost.md
#   --ctest P    the ctest driver of a built tree (default: build it in
#                $CTEST_BUILD, default build/)
#
# With perf installed (and not --quick), one more run of each of nop and
# branches, one worker, is sampled by `perf record -e cpu-clock -p` on the
# coordinator alone: the report gives its time by object (the program,
# libc, jansson, nettle, the kernel). Those runs are not measured.
#
# The report (markdown) goes to stdout. Exit status: 0 when every run
# yielded its figures (a window with calls, coordinator and worker CPU
# time, and new inputs on the targets that find them); 1 otherwise; 2 for
# a usage error. Runs are not pinned: the two workers and the
# coordinator share the machine's CPUs; the report gives the load
# average at the end of each run.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
secs=17 rw_secs=60 rw_target=expat runs=3 save=0 quick=0 ctest_bin=""
ORIG_ARGS=("$@")
usage() {
    echo "usage: bench/coordcost.sh [--quick] [--runs N] [--secs S] [--rw-secs S] [--realworld T|none] [--save] [--ctest PATH]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --quick) quick=1 secs=5 rw_target=none runs=1 ;;
    --runs) runs=${2:?}; shift ;;
    --secs) secs=${2:?}; shift ;;
    --rw-secs) rw_secs=${2:?}; shift ;;
    --realworld) rw_target=${2:?}; shift ;;
    --save) save=1 ;;
    --ctest) ctest_bin=${2:?}; shift ;;
    *) usage ;;
    esac
    shift
done
for n in "$secs" "$rw_secs"; do
    case $n in '' | *[!0-9]* | 0 | 1 | 2 | 3) usage ;; esac
done
case $runs in '' | *[!0-9]* | 0) usage ;; esac

say() { echo "coordcost: $*" >&2; }
# shellcheck source=driver.sh
. "$root/bench/driver.sh"
# shellcheck disable=SC2119 # no cmake targets beyond the driver
bench_driver

work=$(mktemp -d "${TMPDIR:-/tmp}/ctest-coordcost.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail=0

# ---- the builds
# build NAME DIR PKG FUZZ: the test binary of package PKG (built in DIR)
# as $work/NAME.test, fuzzing FUZZ.
build() {
    say "building $1"
    (cd "$2" && CFLAGS="-O2" CTESTCACHE=$work/ctestcache "$ctest_bin" -c -fuzz="^$4\$" \
        -o "$work/$1.test" "$3") >"$work/build.out" 2>&1 || {
        cat "$work/build.out" >&2
        exit 1
    }
}
build nop "$root/bench/targets/nop" . FuzzNop
build branches "$root/bench/targets/branches" . FuzzBranches
targets=(nop branches)
declare -A fuzz=([nop]=FuzzNop [branches]=FuzzBranches) dir=([nop]=$work [branches]=$work)
declare -A tsecs=([nop]=$secs [branches]=$secs)
rw_skip=""
if [ "$rw_target" != none ]; then
    rw_pkg=$root/bench/realworld/targets/$rw_target
    if [ ! -d "$rw_pkg" ]; then
        echo "coordcost: no target $rw_pkg" >&2
        exit 2
    elif [ ! -d "$root/../shared/realworld/src/$rw_target" ]; then
        rw_skip="$rw_target: not measured, its library is not beside the clone (../shared/realworld/src/$rw_target)"
        say "$rw_skip"
    else
        rw_fuzz=$(sed -n 's/^void \(Fuzz[A-Za-z0-9_]*\)(F \*f).*/\1/p' "$rw_pkg"/*_test.c | head -1)
        build "$rw_target" "$root" "./bench/realworld/targets/$rw_target" "$rw_fuzz"
        # Its seeds, as v1 files of one []byte each (every byte escaped).
        mkdir -p "$work/rw/testdata/fuzz/$rw_fuzz"
        python3 - "$root/bench/realworld/seeds/$rw_target" "$work/rw/testdata/fuzz/$rw_fuzz" <<'EOF'
import os, sys
src, dst = sys.argv[1:3]
for name in os.listdir(src):
    with open(os.path.join(src, name), "rb") as f:
        data = f.read()
    with open(os.path.join(dst, name), "w") as f:
        f.write('go test fuzz v1\n[]byte("%s")\n' % "".join("\\x%02x" % b for b in data))
EOF
        targets+=("$rw_target")
        fuzz[$rw_target]=$rw_fuzz dir[$rw_target]=$work/rw tsecs[$rw_target]=$rw_secs
    fi
fi

# ---- the sampler
cat >"$work/sampler.py" <<'EOF'
# sampler.py DIR LOG BIN FUZZ PARALLEL SECONDS CACHE [PERFOUT]: runs BIN
# in DIR (its output to LOG) and prints the window's figures as key=value
# words (coordcost.sh's header). With PERFOUT, it samples the coordinator
# with perf record from "now fuzzing" on instead, and prints nothing.
import os, re, signal, subprocess, sys, time

d, log, binary, fuzz, parallel, secs, cache = sys.argv[1:8]
perfout = sys.argv[8] if len(sys.argv) > 8 else None

def cpu_ns(pid):
    # The CPU-time clock of process pid (clock_getcpuclockid's id).
    try:
        return time.clock_gettime_ns(((~pid) << 3) | 2)
    except OSError:
        return None

def syscw(pid):
    try:
        with open("/proc/%d/io" % pid) as f:
            for line in f:
                if line.startswith("syscw:"):
                    return int(line.split()[1])
    except OSError:
        return None

def stat(pid):
    with open("/proc/%d/stat" % pid) as f:
        s = f.read()
    return s[s.rindex(")") + 2:].split()  # from field 3 (state) on

def sleeps(pid):
    # The voluntary context switches of all its threads: its waits.
    n = 0
    for t in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/status" % (pid, t)) as f:
                n += sum(int(l.split()[1]) for l in f if l.startswith("voluntary_ctxt_switches"))
        except OSError:
            pass
    return n

def children(pid):
    kids = []
    for e in os.listdir("/proc"):
        try:
            if e.isdigit() and int(stat(int(e))[1]) == pid:
                kids.append(int(e))
        except OSError:
            pass
    return kids

def sample(pid):
    # The workers are found first, so that the coordinator's counts and
    # theirs are read together, a call or so apart at most.
    kids = children(pid)
    s = stat(pid)
    m = {"t": time.monotonic(), "cpu": cpu_ns(pid), "syscw": syscw(pid),
         "utime": int(s[11]), "stime": int(s[12]), "workers": {}}
    for k in kids:
        c, n = cpu_ns(k), syscw(k)
        if c is not None and n is not None:
            m["workers"][k] = (c, n)
    m["sleeps"] = sleeps(pid)
    return m

cmd = [binary, "-test.run=^$", "-test.fuzz=^%s$" % fuzz, "-test.fuzztime=%ss" % secs,
       "-test.parallel=%s" % parallel, "-test.fuzzcachedir=" + cache]
t0 = time.monotonic()
p = subprocess.Popen(cmd, cwd=d, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
started = re.compile(rb"gathering baseline coverage: (\d+)/\d+ completed, now fuzzing")
progress = re.compile(rb"^fuzz: elapsed: \S+, execs: (\d+) .*new interesting: (\d+)")
marks, perf = [], None  # marks: (sample, execs, new interesting)
with open(log, "wb") as out:
    for line in p.stdout:
        out.write(line)
        m = started.search(line)
        if m and perfout:
            perf = subprocess.Popen(["perf", "record", "-q", "-e", "cpu-clock", "-o", perfout,
                                     "-p", str(p.pid)], stdout=subprocess.DEVNULL,
                                    stderr=subprocess.DEVNULL)
        elif m:
            marks.append((sample(p.pid), int(m.group(1)), 0))
        elif marks and progress.search(line):
            m = progress.search(line)
            marks.append((sample(p.pid), int(m.group(1)), int(m.group(2))))
status = p.wait()
if perf:
    perf.send_signal(signal.SIGINT)
    perf.wait()
    sys.exit(status)
# The window ends at the last mark read while every worker of its start
# was still there, a second or more before the run's end: under load the
# sampler may read a line late, and so sample a stopping run.
while len(marks) > 1 and (marks[-1][0]["t"] > t0 + float(secs) - 1 or
                          set(marks[-1][0]["workers"]) != set(marks[0][0]["workers"])):
    marks.pop()
with open("/proc/loadavg") as f:
    load = f.read().split()[0]
if len(marks) < 2 or not marks[0][0]["workers"]:
    print("status=%d window=0 load=%s" % (status, load))
    sys.exit(0)
(a, ea, na), (b, eb, nb) = marks[0], marks[-1]
kept = set(a["workers"]) & set(b["workers"])
fig = {
    "status": status, "window": "%.3f" % (b["t"] - a["t"]), "execs": eb - ea, "new": nb - na,
    "calls": sum(b["workers"][k][1] - a["workers"][k][1] for k in kept),
    "wcpu": sum(b["workers"][k][0] - a["workers"][k][0] for k in kept),
    "ccpu": b["cpu"] - a["cpu"], "cwrites": b["syscw"] - a["syscw"],
    "sleeps": b["sleeps"] - a["sleeps"], "cuser": b["utime"] - a["utime"], "csys": b["stime"] - a["stime"],
    "hz": os.sysconf("SC_CLK_TCK"), "lines": len(marks) - 1, "workers": len(kept),
    "lost": len(set(a["workers"]) ^ set(b["workers"])), "load": load,
}
print(" ".join("%s=%s" % kv for kv in fig.items()))
EOF

# ---- the runs
# calc FORMAT EXPR: EXPR (awk, d(a, b) a division that gives 0 for b = 0)
# printed with FORMAT.
calc() {
    awk "function d(a, b) { return b == 0 ? 0 : a / b } BEGIN { printf \"$1\", $2 }"
}
load0=$(cut -d' ' -f1-3 /proc/loadavg)
# R[target,parallel,key]: the figures of a target's runs with that many
# workers, added up (the derived figures are taken from the sums, so
# that each run weighs what its window holds); rows: the runs table's
# rows, one a run.
declare -A R=()
rows=()
sums="window execs new calls wcpu ccpu cwrites cuser csys lines sleeps"
run() {
    local t=$1 p=$2 i=$3 out kv k
    local -A one=()
    say "$t, $p worker(s), run $i, ${tsecs[$t]} s"
    out=$(python3 "$work/sampler.py" "${dir[$t]}" "$work/$t-$p.log" "$work/$t.test" \
        "${fuzz[$t]}" "$p" "${tsecs[$t]}" "$work/cache-$t-$p")
    rm -rf "$work/cache-$t-$p"
    for kv in $out; do
        one[${kv%%=*}]=${kv#*=}
    done
    local need="calls ccpu wcpu execs"
    [ "$t" = nop ] || need+=" new"
    for k in $need; do
        if ! awk -v v="${one[$k]:-0}" 'BEGIN { exit !(v > 0) }'; then
            say "FAIL: $t with $p worker(s), run $i: no $k in the window (exit status ${one[status]:-?}): $(tail -3 "$work/$t-$p.log")"
            fail=1
        fi
    done
    if [ "${one[lost]:-0}" != 0 ] || [ "${one[status]:-1}" != 0 ]; then
        say "FAIL: $t with $p worker(s), run $i: exit status ${one[status]:-?}, ${one[lost]:-?} worker(s) restarted"
        fail=1
    fi
    for k in $sums; do
        R[$t,$p,$k]=$(calc %.17g "${R[$t,$p,$k]:-0} + ${one[$k]:-0}")
    done
    R[$t,$p,hz]=${one[hz]:-100}
    R[$t,$p,runs]=$i
    rows+=("| $t | $p | $i | ${one[window]:-0} | ${one[execs]:-0} | $(calc %.0f "d(${one[execs]:-0}, ${one[window]:-0})") | ${one[calls]:-0} | ${one[new]:-0} | $(calc %d "${one[cwrites]:-0} - ${one[calls]:-0} - ${one[lines]:-0}") | $(calc %.0f "${one[ccpu]:-0} / 1e6") | $(calc %.0f "d(${one[cuser]:-0} * 1000, ${one[hz]:-100})") / $(calc %.0f "d(${one[csys]:-0} * 1000, ${one[hz]:-100})") | $(calc %.2f "${one[wcpu]:-0} / 1e9") | $(calc %.1f "d(${one[ccpu]:-0} / 1e3, ${one[calls]:-0})") | $(calc %.1f "d(${one[wcpu]:-0}, ${one[ccpu]:-0})") | ${one[load]:-?} |")
}
# The runs of each target and worker count alternate, so that each sees
# about the same load.
for i in $(seq 1 "$runs"); do
    for t in "${targets[@]}"; do
        run "$t" 1 "$i"
        run "$t" 2 "$i"
    done
done

# ---- the profiles
declare -A P=() # P[target]: the profile's rows
if [ "$quick" -eq 0 ] && command -v perf >/dev/null; then
    for t in nop branches; do
        say "$t, 1 worker, the coordinator under perf"
        python3 "$work/sampler.py" "${dir[$t]}" "$work/$t-perf.log" "$work/$t.test" "${fuzz[$t]}" 1 \
            "$secs" "$work/cache-perf" "$work/$t.perf" || true
        rm -rf "$work/cache-perf"
        P[$t]=$(perf report -i "$work/$t.perf" --stdio --sort dso 2>/dev/null |
            awk '/^ +[0-9.]+%/ && n < 6 { n++; printf "%s %s; ", $1, $2 }')
    done
fi

# ---- the arithmetic
# v T P KEY: a figure of a run (0 if it has none).
v() { echo "${R[$1,$2,$3]:-0}"; }
# c_call P: the coordinator's µs per call on the no-op target with P workers.
c_call() { calc %.2f "d($(v nop "$1" ccpu) / 1e3, $(v nop "$1" calls))"; }
# c_new T P: its µs per new input beyond its calls on target T.
c_new() {
    calc %.0f "d($(v "$1" "$2" ccpu) / 1e3 - $(v "$1" "$2" calls) * $(c_call "$2"), $(v "$1" "$2" new))"
}
# files T P: the cache files the coordinator wrote (new inputs, and
# smaller inputs that replace one).
files() { calc %d "$(v "$1" "$2" cwrites) - $(v "$1" "$2" calls) - $(v "$1" "$2" lines)"; }
# c_file T P: its µs per cache file beyond its calls on target T.
c_file() {
    calc %.0f "d($(v "$1" "$2" ccpu) / 1e3 - $(v "$1" "$2" calls) * $(c_call "$2"), $(files "$1" "$2"))"
}
# per_wcpu T P KEY: KEY per worker CPU-second.
per_wcpu() { calc %.1f "d($(v "$1" "$2" "$3"), $(v "$1" "$2" wcpu) / 1e9)"; }
# workers T P: the workers one coordinator core feeds, W.
workers() { calc %.1f "d($(v "$1" "$2" wcpu), $(v "$1" "$2" ccpu))"; }

report() {
    local t p
    echo "# The coordinator's cost, and scaling from 1 to 2 workers"
    echo
    echo "Command: \`bench/coordcost.sh ${ORIG_ARGS[*]}\`"
    echo
    echo "- machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); runs not pinned; load average at the start: $load0, at the end: $load1"
    echo "- ctest: commit $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- . 2>/dev/null || echo ' (with uncommitted changes)'); $(clang --version 2>/dev/null | head -1)"
    echo "- the fuzz cache: an empty directory under $(dirname "$work") ($(df --output=fstype "$work" | tail -1) file system)"
    echo "- targets, each with 1 and 2 workers, $runs run(s) of each, in turn: nop (bench/targets/nop) and branches (bench/targets/branches), ${secs} s runs from their f_add seed;$(for t in "${targets[@]:2}"; do echo " $t (bench/realworld, ${rw_secs} s runs from its seeds);"; done) each built with \`CFLAGS=-O2 ctest -c -fuzz=...\`, default mode"
    [ -z "$rw_skip" ] || echo "- $rw_skip"
    echo "- the window: from \"now fuzzing\" to the last progress line read a second or more before the run stops; calls: the workers' write(2) count (one answer a call); cache files: the coordinator's writes less the calls and the progress lines (give or take the calls in flight at the window's ends, one a worker)"
    echo
    echo "## The runs"
    echo
    echo "Each run; the tables after this one take their figures from the sums of a target's runs with as many workers."
    echo
    echo "| target | workers | run | window (s) | execs | execs/s | calls | new inputs | cache files | coordinator CPU (ms) | user / system (ms) | workers' CPU (s) | coordinator CPU per call (µs) | workers' CPU over the coordinator's | load (1 min) at the end |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "## Cost per fuzz call (nop)"
    echo
    echo "| workers | coordinator CPU per call, c_call (µs) | calls per worker CPU-second, r | calls per worker per second (wall) | execs per call | coordinator's waits (poll) per call | coordinator CPU per worker CPU-second |"
    echo "|---:|---:|---:|---:|---:|---:|---:|"
    for p in 1 2; do
        echo "| $p | $(c_call $p) | $(per_wcpu nop $p calls) | $(calc %.1f "d($(v nop $p calls), $(v nop $p window) * $p)") | $(calc %.0f "d($(v nop $p execs), $(v nop $p calls))") | $(calc %.2f "d($(v nop $p sleeps), $(v nop $p calls))") | $(calc %.2f%% "d($(v nop $p ccpu) * 100, $(v nop $p wcpu))") |"
    done
    echo
    echo "## Cost per new input"
    echo
    echo "c_new = (coordinator CPU - calls * c_call) / new inputs, with c_call from the nop run with as many workers; c_file, the same per cache file (a new input, or a smaller input that replaces one)."
    echo
    echo "| target | workers | new inputs per call | new inputs per worker CPU-second, n | calls per worker CPU-second, r | coordinator CPU per call (µs) | c_new (µs) | cache files per new input | c_file (µs) | coordinator CPU per worker CPU-second |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for t in "${targets[@]:1}"; do
        for p in 1 2; do
            echo "| $t | $p | $(calc %.2f "d($(v "$t" $p new), $(v "$t" $p calls))") | $(per_wcpu "$t" $p new) | $(per_wcpu "$t" $p calls) | $(calc %.1f "d($(v "$t" $p ccpu) / 1e3, $(v "$t" $p calls))") | $(c_new "$t" $p) | $(calc %.2f "d($(files "$t" $p), $(v "$t" $p new))") | $(c_file "$t" $p) | $(calc %.1f%% "d($(v "$t" $p ccpu) * 100, $(v "$t" $p wcpu))") |"
        done
    done
    echo
    echo "## Scaling from 1 to 2 workers"
    echo
    echo "Expected on free cores: a worker waits while the coordinator handles its answer, so that one worker makes a call each w + c (w, c: the worker's and the coordinator's CPU per call), and two at most one each c: 2 over 1 is at most min(2, 1 + W), W = w / c of the 1-worker run."
    echo
    echo "| target | execs/s, 1 worker | 2 workers | 2 over 1 | expected on free cores | execs per worker CPU-second, 1 worker | 2 workers |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for t in "${targets[@]}"; do
        local e1 e2
        e1=$(calc %.0f "d($(v "$t" 1 execs), $(v "$t" 1 window))")
        e2=$(calc %.0f "d($(v "$t" 2 execs), $(v "$t" 2 window))")
        echo "| $t | $e1 | $e2 | $(calc %.2f "d($e2, $e1)") | $(calc %.2f "1 + $(workers "$t" 1) < 2 ? 1 + $(workers "$t" 1) : 2") | $(calc %.0f "d($(v "$t" 1 execs), $(v "$t" 1 wcpu) / 1e9)") | $(calc %.0f "d($(v "$t" 2 execs), $(v "$t" 2 wcpu) / 1e9)") |"
    done
    echo
    echo "## The arithmetic"
    echo
    echo "One coordinator core feeds W = 1e6 / (r * c_call + n * c_new) workers (r, n per worker CPU-second, c in µs): the workers' CPU time over the coordinator's. Each run's own figures:"
    echo
    echo "| target | workers | r | c_call (µs) | n | c_new (µs) | r * c_call + n * c_new (µs per worker CPU-second) | W |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    for t in "${targets[@]}"; do
        for p in 1 2; do
            local n=0 cn=0
            [ "$t" = nop ] || n=$(per_wcpu "$t" $p new) cn=$(c_new "$t" $p)
            echo "| $t | $p | $(per_wcpu "$t" $p calls) | $(c_call $p) | $n | $cn | $(calc %.0f "$(per_wcpu "$t" $p calls) * $(c_call $p) + $n * $cn") | $(workers "$t" $p) |"
        done
    done
    local rw
    for rw in "${targets[@]:2}"; do
        echo
        echo "$rw's W (2 workers) predicted from its own r and n with c_call from nop and c_new from branches: $(calc %.1f "d(1e6, $(per_wcpu "$rw" 2 calls) * $(c_call 2) + $(per_wcpu "$rw" 2 new) * $(c_new branches 2))"); from its own r and cache files per worker CPU-second ($(calc %.1f "d($(files "$rw" 2), $(v "$rw" 2 wcpu) / 1e9)")) with c_file from branches: $(calc %.1f "d(1e6, $(per_wcpu "$rw" 2 calls) * $(c_call 2) + d($(files "$rw" 2), $(v "$rw" 2 wcpu) / 1e9) * $(c_file branches 2))"); measured: $(workers "$rw" 2)."
    done
    echo
    echo "What a machine of C cores (C - 1 workers, one core left to the coordinator) asks of the coordinator, in cores, (C - 1) / W, with W of the 2-worker runs (above 1: the coordinator is the bottleneck, and the workers wait for it):"
    echo
    echo "| target | W | 8 cores | 32 cores | 64 cores |"
    echo "|---|---:|---:|---:|---:|"
    for t in "${targets[@]}"; do
        local w
        w=$(workers "$t" 2)
        echo "| $t | $w | $(calc %.2f "d(7, $w)") | $(calc %.2f "d(31, $w)") | $(calc %.2f "d(63, $w)") |"
    done
    if [ "${#P[@]}" -gt 0 ]; then
        echo
        echo "## Where the coordinator's time goes"
        echo
        echo "\`perf record -e cpu-clock -p <coordinator>\` from \"now fuzzing\" to the end of a run of ${secs} s, one worker (not one of the runs above); the objects with the largest shares of the samples:"
        echo
        echo "| target | shares |"
        echo "|---|---|"
        for t in nop branches; do
            echo "| $t | ${P[$t]%; } |"
        done
    fi
}
load1=$(cut -d' ' -f1-3 /proc/loadavg)
report
if [ "$save" -eq 1 ]; then
    mkdir -p "$root/bench/results"
    out=$root/bench/results/$(date +%F)-$(git -C "$root" rev-parse --short HEAD)-coordcost.md
    report >"$out"
    say "saved $out"
fi
exit "$fail"
