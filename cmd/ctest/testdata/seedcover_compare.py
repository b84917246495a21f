#!/usr/bin/env python3
"""seedcover_compare.py WANT.json GOT.json SOURCE: compares what two runs
covered of one source file, from llvm-cov export's JSON: each region
(covered or not) and each branch (its true and its false way taken or
not). It prints each run's totals and every difference, and exits 1 when
there is one, 2 when SOURCE has no regions in either (nothing compared)."""
import json
import os
import sys


def coverage(path, source):
    """The regions and branches of source in the export at path: dicts
    from a region's place and kind to whether it ran, and from a branch's
    place to whether each way was taken."""
    with open(path) as f:
        data = json.load(f)["data"][0]
    regions = {}
    for fn in data["functions"]:
        names = fn["filenames"]
        for ls, cs, le, ce, count, file_id, _, kind in fn["regions"]:
            if os.path.realpath(names[file_id]) == source:
                key = (ls, cs, le, ce, kind)
                # A function inlined or instantiated twice: ran if either ran.
                regions[key] = regions.get(key, False) or count > 0
    branches = {}
    for f in data["files"]:
        if os.path.realpath(f["filename"]) != source:
            continue
        for b in f["branches"]:
            ls, cs, le, ce, true_count, false_count = b[:6]
            old = branches.get((ls, cs, le, ce), (False, False))
            branches[(ls, cs, le, ce)] = (old[0] or true_count > 0, old[1] or false_count > 0)
    return regions, branches


def totals(name, regions, branches):
    ran = sum(regions.values())
    ways = sum(t + f for t, f in branches.values())
    print("%s: %d of %d regions, %d of %d branches" % (name, ran, len(regions), ways,
                                                       2 * len(branches)))


def main():
    want_path, got_path, source = sys.argv[1], sys.argv[2], os.path.realpath(sys.argv[3])
    want_regions, want_branches = coverage(want_path, source)
    got_regions, got_branches = coverage(got_path, source)
    totals("want", want_regions, want_branches)
    totals("got", got_regions, got_branches)
    if not want_regions and not got_regions:
        print("no regions of %s in either run" % source)
        return 2
    diffs = 0
    for key in sorted(set(want_regions) | set(got_regions)):
        w, g = want_regions.get(key), got_regions.get(key)
        if w != g:
            print("region %d:%d-%d:%d (kind %d): want ran=%s, got ran=%s" % (key + (w, g)))
            diffs += 1
    for key in sorted(set(want_branches) | set(got_branches)):
        w, g = want_branches.get(key), got_branches.get(key)
        if w != g:
            print("branch %d:%d-%d:%d: want (true, false) taken %s, got %s" % (key + (w, g)))
            diffs += 1
    return 1 if diffs else 0


sys.exit(main())
