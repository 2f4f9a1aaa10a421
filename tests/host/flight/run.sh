#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Configures, builds and runs the flight pipeline's host tests.
#   tests/host/flight/run.sh            build in build/host-flight
#   BUILD_DIR=/tmp/x CC=clang tests/host/flight/run.sh
# Exit status: that of test_flight (nonzero if any test failed).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${BUILD_DIR:-$root/build/host-flight}
if [ -n "${CC:-}" ]; then
  cmake -S "$here" -B "$build" -DCMAKE_C_COMPILER="$CC" >/dev/null
else
  cmake -S "$here" -B "$build" >/dev/null
fi
cmake --build "$build" -j >/dev/null
exec "$build/test_flight"
