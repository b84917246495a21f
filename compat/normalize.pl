#!/usr/bin/env perl
# normalize.pl: rewrites one recorded output (stdout or stderr, as run.sh
# and golden/record.sh write them: a "$ command" line, then what it
# printed) so that Go's and ctest's can be diffed. Each rewrite is as
# narrow as its reason; most apply to one side only. compat/rules.sh
# checks each against an injected difference it must not hide, and the
# docs/GO.md lists them for users.
#
# usage: compat/normalize.pl <go|c> <scenario dir> <file>
#   go: the file is Go's (golden/<scenario>/want/), c: ctest's. The
#   scenario dir holds the scenario's sources, whose base names are the
#   scenario files of rule 2.
#
# The rules, by number (docs/GO.md, "Conformance with Go"):
#  1. durations: "--- PASS: X (1.23s)" -> (0.00s), the time of an ok/FAIL
#     line -> 0.000s; exactly Go's digits, so another format shows.
#  2. (Go) scenario file names: x_test.go:12 -> x_test.c:12 for the
#     scenario's own files; the C twin keeps each call on its line.
#  3. package names in ok/FAIL/? lines: Go's example.com/x[/sub] and
#     ctest's _/tmp/compat.XXXXXX/x[/sub] (the scenario's directory, which
#     is in no git checkout) -> <pkg>[/sub].
#  4. (Go) the driver's name: "go test" -> "ctest", "go clean" -> "ctest
#     clean", 'go help test' -> 'ctest help test'. Not "go test fuzz v1".
#  5. goroutine traces: Go's stack dump (the goroutine headers, their
#     frames, at the top level or indented in a log line) -> one line
#     "<goroutine traces>"; in ctest's output only its stand-in line
#     "goroutine N [running]:" is rewritten.
#  6. the directory a test binary is built in -> <builddir>: Go's
#     $GOTMPDIR/go-buildN/b001, ctest's $TMPDIR/ctest-buildXXXXXX.
#  7. the default of -test.parallel in usage text -> <GOMAXPROCS>: Go's
#     whatever machine recorded it; ctest's only when it is this
#     machine's CPU count.
#  8. numbers in "fuzz: elapsed: ..." progress lines: the elapsed time ->
#     <T>; the rate -> <R> unless no input has run (0/sec); the exec count
#     -> <N> except 0 and, in a command limited to -fuzztime=Nx, the
#     limit N (Go can go past it while minimizing new interesting inputs,
#     which ctest's default search does not: Go's count above N is
#     compared as N); "new interesting: I (total: T)" -> <N> and
#     "<K>+<N>", keeping the K = T - I entries the run started with,
#     unless I is 0.
#  9. the progress lines of the 3-second ticker: between the first and
#     the last progress line of a command, all but the warm-up's "now
#     fuzzing with N workers" line are dropped.
# 10. "fuzz: minimizing N-byte failing input file" -> <N>: the failing
#     input before minimization is random.
# 11. (ctest) the usage text of ctest's own test flags
#     (-test.fuzzcacheseeds, -test.fuzzcmp, -test.fuzzdict,
#     -test.fuzzkeepgoing, -test.fuzzmalloclimit, -test.fuzzmerge,
#     -test.fuzzrsslimit, -test.fuzzstats, -test.fuzztimeout, described
#     as "(a ctest extension)") is dropped.
# 12. sanitizer reports (C-only scenarios: both sides are ctest's): pids
#     -> <PID>, addresses -> <ADDR>, the directory of a scenario file
#     dropped; of each stack only the scenario's frames above its first
#     frame in ctest's sources are kept, without their numbers (the
#     unwinder's reach past those depends on the build); the shadow-byte
#     map dropped; the rest of the report is compared.
# 13. in GODEBUG=fuzzdebug=1's "DEBUG ..." lines, the elapsed time -> <T>,
#     "exec time" -> <D> and the coverage bit counts -> <N>: speed and
#     instrumentation. Ids, parents, generations, sizes, counts compared.
#     (ctest) its own "DEBUG coverage counters: ..." line, the modules
#     whose counters fuzzing reads, is dropped.
# 14. (ctest) a crash report of a test binary (testing/crash.c; C-only
#     scenarios): the pc of its "[signal SIG...: ... pc=0x...]" line ->
#     <PC>, and the frames of the stack that follows -> "<crash stack>"
#     and the frames in the scenario's own files, as "fn(...)" and
#     "\tx_test.c:14": the C library's and ctest's frames, the offsets
#     and the paths are the build's. The test named, the signal, its code
#     and address, and the scenario's frames are compared.
# 15. (ctest) hints: a line "ctest: hint: ..." in ctest's stderr, its
#     advice after one of Go's errors, is dropped; on stdout, and in the
#     middle of a line, it is compared.
use strict;
use warnings;

my ($side, $dir, $file) = @ARGV;
die "usage: normalize.pl <go|c> <scenario dir> <file>\n"
    unless defined $file && ($side eq 'go' || $side eq 'c');
my $go = $side eq 'go';

# The base names of the scenario's own source files (x_test, x, ...).
my %seen;
open(my $find, '-|', 'find', $dir, '-name', '*.go', '-o', '-name', '*.c') or die "find: $!\n";
while (my $p = <$find>) {
    chomp $p;
    next if $p =~ m{/want/};
    $p =~ s{.*/}{};
    $p =~ s{\.(?:go|c)$}{};
    $seen{$p} = 1;
}
close $find;
my $names = join('|', map { quotemeta } sort keys %seen);

# This machine's CPU count, as runtime.GOMAXPROCS and ctest count them.
delete @ENV{qw(OMP_NUM_THREADS OMP_THREAD_LIMIT)};
chomp(my $ncpu = qx(nproc));

open(my $in, '<', $file) or die "$file: $!\n";
local $/;
my $text = <$in>;
close $in;

# 12. sanitizer reports, from the ===== banner to ==PID==ABORTING.
$text =~ s{^([ \t]*)(=+\n\1==\d+==ERROR: .*?^\1==\d+==ABORTING\n)}{sanitizerReport($1, $1 . $2)}gmse
    unless $go;

# 14. a crash report's pc and stack, before rule 5 rewrites its header.
$text =~ s{^(\[signal SIG[A-Z]+: [^\n\]]* pc=)0x[0-9a-f]+\]\n\n(goroutine \d+ \[running\]:\n)((?:\S[^\n]*\n\t\S+:\d+ \+0x[0-9a-f]+\n)+)}{"$1<PC>]\n\n$2<crash stack>\n" . scenarioFrames($3)}gme
    unless $go;

# 5. goroutine traces.
if ($go) {
    # A goroutine: its header, then frames (a call, then its file:line
    # indented by a tab) or the elision line, each line after the indent
    # (\1) of the header; further goroutines follow a blank line.
    my $frame = '\1(?:\S[^\n]*\n\1\t\S+:\d+(?: \+0x[0-9a-f]+)?|\.\.\.additional frames elided\.\.\.)\n';
    my $goroutine = 'goroutine \d+ \[[^\]\n]*\]:\n(?:' . $frame . ')*';
    $text =~ s{^([ \t]*)$goroutine(?:\1?\n\1$goroutine)*}{$1<goroutine traces>\n}gm;
} else {
    $text =~ s{^([ \t]*)goroutine \d+ \[running\]:\n}{$1<goroutine traces>\n}gm;
}

# 6. the test binary's build directory.
if ($go) {
    $text =~ s{/tmp/golden\.\w+/gotmp/go-build\d+/b\d+/}{<builddir>/}g;
} else {
    $text =~ s{/tmp/compat\.\w+/tmpdir/ctest-build\w+/}{<builddir>/}g;
}

# 7. the -test.parallel default in usage text.
my $cpus = $go ? qr/\d+/ : qr/\Q$ncpu\E/;
$text =~ s{^(  -test\.parallel n\n\s+run at most n tests in parallel \(default )$cpus\)$}{$1<GOMAXPROCS>)}gm;

# 11. ctest's own test flags in usage text.
$text =~ s{^  -test\.(?:fuzzcacheseeds|fuzzcmp|fuzzdict|fuzzkeepgoing|fuzzmalloclimit|fuzzmerge|fuzzrsslimit|fuzzstats|fuzztimeout)(?: \w+)?\n    \t\(a ctest extension\) .*\n}{}gm
    unless $go;

# 8., 9. progress lines, one command's output at a time.
$text = join('', map { progress($_) } split(/^(?=\$ )/m, $text));

# 10. the size of the input to minimize.
$text =~ s/^fuzz: minimizing \d+-byte failing input file$/fuzz: minimizing <N>-byte failing input file/gm;

# 15. ctest's hints, on stderr only.
$text =~ s{^ctest: hint: [^\n]*\n}{}gm if !$go && $file =~ m{(?:^|/)stderr$};

# 13. DEBUG lines.
$text =~ s{^DEBUG coverage counters: \d+ in \d+ modules?: \S+ \(\d+\)(?:, \S+ \(\d+\))*\n}{}gm
    unless $go;
$text =~ s{^(DEBUG .*)$}{debugLine($1)}gme;

# 1. durations.
$text =~ s/^(\s*--- (?:PASS|FAIL|SKIP): .*) \(\d+\.\d\ds\)$/$1 (0.00s)/gm;

# 3. package names (and 1. their times).
$text =~ s{^(ok  |FAIL|\?   )\t(\S+)(?:\t(\d+\.\d{3}s))?}{pkgLine($1, $2, $3)}gme;

if ($go) {
    # 2. scenario file names.
    $text =~ s/\b($names)\.go:(\d+)/$1.c:$2/g if $names ne '';
    # 4. the driver's name.
    $text =~ s/\bgo test\b(?! fuzz v\d)/ctest/g;
    $text =~ s/\bgo clean\b/ctest clean/g;
    $text =~ s/'go help (test|testflag)'/'ctest help $1'/g;
}
print $text;

# pkgLine(kind, package, time): rule 3 and rule 1's time, for one line.
sub pkgLine {
    my ($kind, $p, $t) = @_;
    if ($go) {
        $p =~ s{^example\.com/x(?=/|$)}{<pkg>};
    } else {
        $p =~ s{^_/tmp/compat\.\w+/x(?=/|$)}{<pkg>};
    }
    return "$kind\t$p" . (defined $t ? "\t0.000s" : '');
}

# progress(section): rules 8 and 9 for one "$ command" and its output.
sub progress {
    my ($sec) = @_;
    my ($cmd) = $sec =~ /^\$ (.*)$/m;
    $cmd //= '';
    my $limit;
    $limit = $1 while $cmd =~ /-(?:test\.)?fuzztime[= ](\d+)x\b/g;

    # 9. the ticker's lines: every progress line but the first, the last
    # and the warm-up's end.
    my @lines = split(/^/m, $sec);
    my @progress = grep { $lines[$_] =~ /^fuzz: elapsed: / } 0 .. $#lines;
    if (@progress > 2) {
        for my $i (@progress[1 .. $#progress - 1]) {
            $lines[$i] = '' unless $lines[$i] =~ /completed, now fuzzing with \d+ workers$/;
        }
    }
    $sec = join('', @lines);

    # 8. their numbers.
    $sec =~ s{^fuzz: elapsed: \d+s, }{fuzz: elapsed: <T>, }gm;
    $sec =~ s{^(fuzz: elapsed: <T>, execs: )(\d+) \((\d+)/sec\)}{$1 . execs($2, $limit) . ($2 == 0 ? " ($3/sec)" : ' (<R>/sec)')}gme;
    $sec =~ s{^(fuzz: elapsed: <T>, execs: .*, new interesting: )(\d+) \(total: (\d+)\)$}{$1 . ($2 == 0 ? "0 (total: $3)" : '<N> (total: ' . ($3 - $2) . '+<N>)')}gme;
    return $sec;
}

# debugLine(line): rule 13 for one DEBUG line.
sub debugLine {
    my ($l) = @_;
    $l =~ s/(, elapsed: )[^,]+/$1<T>/;
    $l =~ s/(, exec time: )\S+$/$1<D>/;
    $l =~ s/((?:new bits|total bits|initial coverage bits): )\d+/$1<N>/g;
    return $l;
}

# execs(count, limit): rule 8's exec count.
sub execs {
    my ($n, $limit) = @_;
    return $n if $n == 0;
    return $limit if defined $limit && ($n == $limit || ($go && $n > $limit));
    return '<N>';
}

# sanitizerReport(indent, report): rule 12 for one report. Of each stack
# (the frames #0, #1, ...) it keeps the scenario's frames above the first
# frame in ctest's own sources: how far the unwinder gets past those
# depends on the build (a plain build's libraries have no frame pointers).
# scenarioFrames is rule 14's: of a crash report's frames, those in the
# scenario's own files, as "fn(...)" and "\tx_test.c:14", in their order;
# the frames of the C library and of ctest, and every offset, are dropped.
sub scenarioFrames {
    my ($frames) = @_;
    my $out = '';
    while ($frames =~ m{^(\S[^\n]*)\n\t(\S+):(\d+) \+0x[0-9a-f]+$}gm) {
        my ($call, $path, $line) = ($1, $2, $3);
        $out .= "$call\n\t$1.c:$line\n" if $path =~ m{(?:^|/)((?:$names))\.c$};
    }
    return $out;
}

sub sanitizerReport {
    my ($ind, $r) = @_;
    my @out;
    my $below = 0; # past the stack's first frame in ctest's sources
    for my $l (split(/^/m, $r)) {
        # The shadow-byte map: its rows hold addresses and the heap's layout.
        next if $l =~ /^\Q$ind\E(?:  |=>)0x[0-9a-f]+:[ \[\]0-9a-f]*$/;
        if ($l =~ /^\Q$ind\E\s+#(\d+) 0x[0-9a-f]+ /) {
            $below = 0 if $1 == 0;
            if (!$below && $l =~ / in (\S+) (?:\S*\/)?((?:$names)\.c:\d+(?::\d+)?)$/) {
                push @out, "$ind    # in $1 $2\n";
            } elsif ($l =~ m{/(?:testing|internal/\w+|cmd/ctest)/[\w.-]+\.(?:c|h|re):\d+}) {
                $below = 1;
            }
            next;
        }
        $l =~ s{\S*/((?:$names)\.c:\d+)}{$1}g;
        $l =~ s/==\d+==/==<PID>==/g;
        $l =~ s/0x[0-9a-f]+/<ADDR>/g;
        push @out, $l;
    }
    return join('', @out);
}
