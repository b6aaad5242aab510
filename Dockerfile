# Production-like image: the same `npm start` as a developer's, on MySQL and Redis from docker-compose.yml.
# NODE_IMAGE names the base; where no registry is reachable, scripts/local-images.sh builds a stand-in.
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE}
# better-sqlite3 compiles from source on install; install the tools only where the base lacks them.
RUN if ! command -v g++ >/dev/null || ! command -v make >/dev/null || ! command -v python3 >/dev/null; then \
      apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*; \
    fi
WORKDIR /app
# The manifests first, so that the install layer is reused until a package.json or the lock file changes.
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/ui/package.json packages/ui/
# `npm install`, not `npm ci`: this registry's lock file lacks other platforms' optional packages (README).
RUN npm install --no-audit --no-fund && npm cache clean --force
COPY . .
RUN npm run build -w @portal/web
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
EXPOSE 3000
CMD ["npm", "run", "start", "-w", "@portal/server"]
