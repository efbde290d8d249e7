# syntax=docker/dockerfile:1
# The API and the web app on Node 22 LTS: compiled output only, production dependencies only, run as the non-root
# `node` user with plain node as PID 1 (it handles SIGTERM itself: streams end with a retryable event, answers are
# stored as stopped, exit within SHUTDOWN_GRACE_MS). /app is what `tsx scripts/image-layout.ts` assembles;
# apps/api/src/image-layout.test.ts starts that same layout with plain node. Usage: README, "Running a fleet".

FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web && npx tsx scripts/image-layout.ts /out

# The API workspace's production dependencies only (no tsx, vite, vitest or the web's libraries).
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace=@bible-qa/api --no-audit --no-fund && mkdir -p apps/api/node_modules

FROM node:22-bookworm-slim
# DejaVu: Greek and Hebrew glyphs for share cards (features/share/share-card.ts). jemalloc: the allocator
# scripts/run-node.sh preloads, which gives a burst's memory back (decision 0050).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core libjemalloc2 \
  && rm -rf /var/lib/apt/lists/* && mkdir -p /data /index && chown node:node /data /index
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /out ./
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data CORPUS_DIR=/corpus
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/webapi/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# run-node.sh sets the allocator and execs node, which stays PID 1.
CMD ["sh", "scripts/run-node.sh", "--expose-gc", "--enable-source-maps", "apps/api/dist/server.js"]
