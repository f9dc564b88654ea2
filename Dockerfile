# syntax=docker/dockerfile:1
# Headroom: Next.js standalone server on Debian slim, as a non-root user, with a
# read-only root filesystem (only .next/cache and /tmp are written; deploy/ mounts emptyDirs
# there). No HEALTHCHECK: Kubernetes probes /api/healthz and /api/readyz (deploy/base).

FROM node:22-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# Install scripts are skipped: the `node` package's download of its own Node 22 binary (the image
# already is Node 22) and our postinstall, run below once the sources are in: it bundles the part of
# @kubernetes/client-node Headroom uses into node_modules/@headroom/client-node (lib/k8s/io/client-node.ts).
RUN npm ci --ignore-scripts
COPY . .
RUN node scripts/bundle-client-node.mjs --force && node node_modules/next/dist/bin/next build && node scripts/standalone.mjs /out

FROM node:22-bookworm-slim AS run
WORKDIR /app
# MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_ and --max-semi-space-size: the memory settings `npm start`
# uses (MEMORY_ENV in scripts/built-server.mjs).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
RUN groupadd --system --gid 10001 headroom && useradd --system --uid 10001 --gid headroom --no-create-home headroom
COPY --from=build --chown=root:root /out ./
# The only writable path the server needs (with readOnlyRootFilesystem, mount an emptyDir here).
RUN mkdir -p .next/cache && chown headroom:headroom .next/cache
USER 10001:10001
EXPOSE 3000
# The same command `npm start` runs (scripts/start.mjs); the preload makes Next's start-up lines JSON.
CMD ["node", "--max-semi-space-size=8", "--import", "./headroom-log-preload.mjs", "server.js"]
