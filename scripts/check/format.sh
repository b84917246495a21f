#!/usr/bin/env bash
# format.sh: every C file of the repo is as clang-format (.clang-format)
# writes it.
set -euo pipefail
cd "$(dirname "$0")/../.."
files=$(git ls-files '*.c' '*.h' | grep -v '^golden/' || true)
[ -n "$files" ] || { echo "no C files found"; exit 1; }
# shellcheck disable=SC2086
clang-format --dry-run -Werror $files
echo "format: $(echo "$files" | wc -l) files clean"
