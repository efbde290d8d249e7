#!/bin/sh
# Runs node with the memory allocator the API server is measured with (decision 0050): jemalloc when the system has
# it (Debian's libjemalloc2; the image installs it), returning freed pages within a second from a background thread,
# in two arenas; glibc malloc with two arenas otherwise, or when ALLOCATOR=system. `npm start`, the container image and
# the benchmarks (scripts/run-node.ts) all start the server through this file, so what is measured is what runs.
#   sh scripts/run-node.sh [node options] SCRIPT [args]
if [ "${ALLOCATOR:-jemalloc}" = jemalloc ] && [ -z "${LD_PRELOAD:-}" ]; then
  for lib in /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
    if [ -f "$lib" ]; then
      export LD_PRELOAD="$lib"
      export MALLOC_CONF="${MALLOC_CONF:-background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:2}"
      break
    fi
  done
fi
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec node "$@"
