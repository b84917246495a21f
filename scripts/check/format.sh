#!/usr/bin/env bash
# format.sh: every C file of the repo is as clang-format (.clang-format)
# writes it, but for the goldens' and compat/'s scenario files: a C twin
# under compat/ keeps each call on the line of its Go twin's call (the test
# compat/linecheck), a layout clang-format would undo.
set -euo pipefail
cd "$(dirname "$0")/../.."
files=$(git ls-files '*.c' '*.h' | grep -v -e '^golden/' -e '^compat/' || true)
[ -n "$files" ] || { echo "no C files found"; exit 1; }
# shellcheck disable=SC2086
clang-format --dry-run -Werror $files
echo "format: $(echo "$files" | wc -l) files clean"
