# shellcheck shell=bash disable=SC2154 # variables set by the sourcing script
# targets.sh: the suite's targets, sourced by run.sh, minimize.sh, multi.sh,
# keepgoing.sh and bugs.sh.
#
# Uses from the sourcing script: $libsrc, say; and for the held-out set
# (lib/heldout.sh, sourced first), heldout_top.

# Per target: its fuzz test, and the library's own files for coverage (a
# directory under $libsrc or the held-out sources, and a regular expression
# of files to leave out: pcre2's and cJSON's harnesses sit among their
# sources).
fuzz_name() {
    case $1 in
    expat) echo FuzzExpat ;; pcre2) echo FuzzPcre2 ;; lua) echo FuzzLua ;;
    mujs) echo FuzzMujs ;; inih) echo FuzzInih ;;
    cjson) echo FuzzCjson ;; md4c) echo FuzzMd4c ;; lz4) echo FuzzLz4 ;; zlib) echo FuzzZlib ;;
    *) say "unknown target $1"; exit 2 ;;
    esac
}
lib_dir() {
    case $1 in
    expat) echo "$libsrc/expat/lib" ;; pcre2) echo "$libsrc/pcre2/src" ;;
    cjson | zlib) heldout_top "$1" ;; md4c) echo "$(heldout_top md4c)/src" ;; lz4) echo "$(heldout_top lz4)/lib" ;;
    *) echo "$libsrc/$1" ;;
    esac
}
lib_ignore() {
    case $1 in
    pcre2) echo 'pcre2_fuzzsupport\.c$' ;;
    cjson) echo '/fuzzing/' ;;
    esac
}

# planted_bugs <t>: the bugs planted in t's harness (-DCTEST_PLANTED_BUGS,
# targets/planted.h), by the names they give themselves on stderr
# ("planted bug: inih-null") as they go off.
planted_bugs() {
    case $1 in
    expat) echo expat-abort ;; pcre2) echo pcre2-shift ;; lua) echo lua-divzero ;;
    mujs) echo mujs-arguments ;; inih) echo inih-null inih-overflow ;;
    esac
}
