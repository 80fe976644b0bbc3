# syntax=docker/dockerfile:1
# One file, four targets: `web` (site + result applier), `judge` (judge-service), `sandbox`
# (go-judge with the compilers), and the shared build stages. docker-compose.yml builds each.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- go-judge, built from source at a fixed version ---------------------------------------
FROM golang:1.24-bookworm AS gotools
RUN go install github.com/criyle/go-judge/cmd/go-judge@v1.12.2

# --- dependencies --------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# The code similarity check's tree-sitter parsers are compiled on install.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund

# --- the Remix build, and the sandbox host's mount-configuration writer as one script -------
FROM deps AS build
COPY . .
RUN npx remix build \
 && npx esbuild judge-service/src/sandbox-host.ts --bundle --platform=node --format=esm --outfile=build/sandbox-host.mjs \
 && npm prune --omit=dev --ignore-scripts --no-audit --no-fund

# --- web: Express + Remix, serves the site and applies judge results -----------------------
FROM ${NODE_IMAGE} AS web
WORKDIR /app
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/locales ./locales
COPY --from=build /app/app/lib ./app/lib
COPY --from=build /app/app/services/platform/secrets.server.ts ./app/services/platform/secrets.server.ts
# Problem packages exported for other systems carry our testlib.h beside a testlib checker.
COPY --from=build /app/judge-service/sandbox/testlib.h ./judge-service/sandbox/testlib.h
COPY --from=build /app/app/services/similarity/dolos-worker.mjs ./app/services/similarity/dolos-worker.mjs
COPY --from=build /app/server ./server
COPY --from=build /app/package.json /app/server.ts ./
VOLUME /data
EXPOSE 3000
# Alive; /readyz says whether the store and Redis answer (Kubernetes' readiness probe uses it).
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+(process.env.BASE_PATH||'/')+'healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "server.ts"]

# --- judge: takes tasks from Redis, runs them in the sandbox --------------------------------
FROM ${NODE_IMAGE} AS judge
WORKDIR /app
# JUDGE_HTTP_PORT: the judge's /healthz, /readyz and /metrics.
ENV NODE_ENV=production DATA_DIR=/data JUDGE_HTTP_PORT=8081
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/app/lib ./app/lib
COPY --from=build /app/judge-service ./judge-service
# The judge places judge-service/sandbox/testlib.h beside every checker and interactor it compiles.
RUN test -s judge-service/sandbox/testlib.h
COPY --from=build /app/package.json ./
VOLUME /data
EXPOSE 8081
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.JUDGE_HTTP_PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "--import", "tsx", "judge-service/src/main.ts"]

# --- sandbox: go-judge with the toolchains programs are compiled and run with ----------------
FROM debian:bookworm-slim AS sandbox
RUN apt-get update && apt-get install -y --no-install-recommends \
      gcc g++ libc6-dev openjdk-17-jdk-headless python3 pypy3 golang-go nodejs rustc \
      php-cli ruby mono-mcs ca-certificates \
    && rm -rf /var/lib/apt/lists/*
COPY --from=gotools /go/bin/go-judge /usr/local/bin/go-judge
COPY --from=build /app/build/sandbox-host.mjs /opt/oj/sandbox-host.mjs
# The mount configuration shows programs the toolchains found in this image, read-only, and
# nothing else of it; a warm Go build cache keeps Go compiles fast, and the precompiled headers of
# every C and C++ language (built here with the image's compilers, shown at /opt/oj-pch) keep C++
# compiles fast. The judge uses them as long as their stamps match the compilers it finds.
RUN node /opt/oj/sandbox-host.mjs /etc/go-judge/mount.yaml /var/cache/oj-go-build /var/cache/oj-pch
EXPOSE 5050
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:5050/version').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# The sandbox needs its own namespaces and cgroups: run this container privileged.
CMD ["go-judge", "-http-addr=0.0.0.0:5050", "-release", "-silent", "-dir=/dev/shm/go-judge", "-mount-conf=/etc/go-judge/mount.yaml"]
