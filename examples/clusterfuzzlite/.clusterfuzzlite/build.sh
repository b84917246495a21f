#!/bin/bash -eu
# ClusterFuzzLite's build contract is OSS-Fuzz's: the same build script
# (for your project, copy examples/oss-fuzz/build.sh here and set its
# CTEST_SRC and CTEST_PACKAGES).
exec "$SRC/ctest/examples/oss-fuzz/build.sh"
