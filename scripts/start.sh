#!/bin/sh
# npm start: builds what is missing or older than its sources (a fresh clone builds everything once), then replaces
# itself with node (exec), so SIGTERM from npm, a terminal or a supervisor reaches the server directly.
set -e
cd "$(dirname "$0")/.."

# stale OUTPUT SOURCE...: the output is missing, or a source file (tests aside) changed after it was built
stale() {
  out=$1
  shift
  [ ! -f "$out" ] || [ -n "$(find "$@" -type f ! -name '*.test.ts' ! -name '*.test.tsx' -newer "$out" -print -quit)" ]
}

if stale apps/api/dist/server.js apps/api/src packages/contract/src scripts/ingest.ts scripts/build-api.ts; then
  npm run build:api
fi
if stale apps/web/dist/index.html apps/web/src apps/web/build apps/web/index.html apps/web/vite.config.ts \
  packages/contract/src; then
  npm run build:web
fi

# A single machine started with npm start answers on localhost: its QR-login links say so, unless PUBLIC_ORIGIN is set
# (in the environment or .env). A server behind a domain must set it; production refuses to start without it.
if [ -z "${PUBLIC_ORIGIN:-}" ] && ! grep -qs '^PUBLIC_ORIGIN=' .env; then
  export PUBLIC_ORIGIN="http://localhost:${PORT:-3000}"
  echo "PUBLIC_ORIGIN is not set: links will use $PUBLIC_ORIGIN (set PUBLIC_ORIGIN for a public server)."
fi

# The allocator (run-node.sh: jemalloc when present) and --expose-gc keep the memory a burst took from staying with the
# process (decision 0050, http/idle-reclaim.ts).
exec sh scripts/run-node.sh --expose-gc --enable-source-maps apps/api/dist/server.js
