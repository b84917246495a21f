# shellcheck shell=bash disable=SC2154 # variables set by the sourcing script
# heldout.sh: the held-out targets, sourced by run.sh. The engine's
# constants were tuned on the five libraries of ../shared/realworld (the
# tuning set); these four it was never tuned on (the held-out set):
#
#   cjson  cJSON 1.7.15, its own harness fuzzing/cjson_read_fuzzer.c
#   md4c   md4c 0.4.8, its own harness test/fuzzers/fuzz-mdhtml.c
#   lz4    lz4 1.9.4, its own harness ossfuzz/decompress_frame_fuzzer.c
#   zlib   zlib 1.2.13, a harness of OSS-Fuzz's kind (uncompress into a
#          256 KiB buffer, heldout/zlib/harness.c): zlib ships none
#
# Their sources are Debian 12's source packages (the upstream tarballs,
# "orig"), fetched with apt-get into $heldout_src (default
# $CTEST_BUILD/heldout-src, under build/), checked against the SHA-256
# sums below and unpacked there once; nothing of them is in this
# repository. A package (heldout/<t>) names the unpacked sources as
# @HELDOUT@, which heldout_packages replaces in its copies.
#
# Uses from the sourcing script: $rw, $root, $work, say.

heldout_targets="cjson md4c lz4 zlib"
heldout_src=${HELDOUT_SRC:-${CTEST_BUILD:-$root/build}/heldout-src}

# is_heldout <t>: whether t is a held-out target.
is_heldout() { case " $heldout_targets " in *" $1 "*) return 0 ;; esac; return 1; }

# heldout_pkg <t>: "<source package> <orig tarball> <sha256> <top directory>".
heldout_pkg() {
    case $1 in
    cjson) echo "cjson cjson_1.7.15.orig.tar.gz 5308fd4bd90cef7aa060558514de6a1a4a0819974a26e6ed13973c5f624c24b2 cJSON-1.7.15" ;;
    md4c) echo "md4c md4c_0.4.8.orig.tar.gz 4a457df853425b6bb6e3457aa1d1a13bccec587a04c38c622b1013a0da41439f md4c-release-0.4.8" ;;
    lz4) echo "lz4 lz4_1.9.4.orig.tar.gz 0b0e3aa07c8c063ddf40b082bdf7e37a1562bda40a0ff5272957f3e987e0e54b lz4-1.9.4" ;;
    zlib) echo "zlib zlib_1.2.13.dfsg.orig.tar.bz2 71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1 zlib-1.2.13.dfsg" ;;
    esac
}

# heldout_top <t>: the unpacked sources of t.
heldout_top() { local p; read -ra p <<<"$(heldout_pkg "$1")"; echo "$heldout_src/${p[3]}"; }

# heldout_fetch <t...>: unpacks each target's sources into $heldout_src,
# downloading the ones that are not there yet; exits 77 (CTest's skip)
# when a download fails, and 1 when a tarball is not the one expected.
heldout_fetch() {
    local t p apt dl
    mkdir -p "$heldout_src"
    for t in "$@"; do
        read -ra p <<<"$(heldout_pkg "$t")"
        [ -f "$heldout_src/${p[3]}/.unpacked" ] && continue
        dl=$heldout_src/download
        mkdir -p "$dl/lists/partial" "$dl/cache/archives/partial"
        if [ ! -f "$dl/${p[1]}" ]; then
            say "downloading Debian 12's source package ${p[0]} (${p[1]})"
            echo "deb-src http://deb.debian.org/debian bookworm main" >"$dl/sources.list"
            apt=(-o "Dir::Etc::SourceList=$dl/sources.list" -o Dir::Etc::SourceParts=/dev/null
                -o "Dir::State::Lists=$dl/lists" -o "Dir::Cache=$dl/cache" -o APT::Sandbox::User=root)
            [ -n "$(ls "$dl/lists"/*Sources* 2>/dev/null)" ] || apt-get "${apt[@]}" update -qq >/dev/null 2>&1 || true
            # The Debian side of a package may be gone from the mirror
            # while its upstream tarball is there: only the tarball counts.
            (cd "$dl" && apt-get "${apt[@]}" source --download-only "${p[0]}" >/dev/null 2>&1) || true
        fi
        if [ ! -f "$dl/${p[1]}" ]; then
            say "skipped: could not download ${p[1]} from deb.debian.org"
            exit 77
        fi
        if [ "$(sha256sum "$dl/${p[1]}" | cut -d' ' -f1)" != "${p[2]}" ]; then
            say "${p[1]} is not the tarball expected (SHA-256 ${p[2]})"
            exit 1
        fi
        rm -rf "${heldout_src:?}/${p[3]}"
        tar -xf "$dl/${p[1]}" -C "$heldout_src"
        touch "$heldout_src/${p[3]}/.unpacked"
    done
}

# heldout_packages <dir> <t...>: copies of the targets' packages in dir,
# naming the unpacked sources by absolute path.
heldout_packages() {
    local dir=$1 t
    shift
    for t in "$@"; do
        mkdir -p "$dir/$t"
        cp "$rw/heldout/$t"/* "$dir/$t/"
        sed -i "s|@HELDOUT@|$heldout_src|g" "$dir/$t"/*.c
    done
}

# heldout_seeds <t> <dest>: t's seeds, raw, in dest: what the upstream
# ships for its fuzzers where it ships any, else the suite's own
# (seeds/<t>). cJSON's inputs are its AFL driver's (two flag characters,
# then the JSON); its libFuzzer harness wants four flag digits, the JSON
# and a NUL, so each is given in that form, with the same text.
heldout_seeds() {
    local t=$1 dest=$2 top f
    top=$(heldout_top "$t")
    mkdir -p "$dest"
    case $t in
    cjson)
        for f in "$top"/fuzzing/inputs/*; do
            { printf '1010'; tail -c +3 "$f"; printf '\0'; } >"$dest/${f##*/}"
        done ;;
    md4c) cp "$top"/test/fuzz-input/* "$dest/" ;;
    *) cp "$rw/seeds/$t"/* "$dest/" ;;
    esac
}
