# The production image: the server compiled to JavaScript, production packages only, no compilers, not root.
#   NODE_BUILD_IMAGE  where packages are installed and native addons compiled (needs python3, make, g++)
#   NODE_IMAGE        the base of the image that runs (slim: Node.js and nothing to build with)
# Where no registry is reachable, scripts/local-images.sh builds stand-ins of both and exports the two names.
ARG NODE_BUILD_IMAGE=node:20-bookworm
ARG NODE_IMAGE=node:20-bookworm-slim

# Production packages of the server, with better-sqlite3 and argon2 compiled here. Only the manifests are
# copied, so that this layer is reused until a package.json or the lock file changes.
FROM ${NODE_BUILD_IMAGE} AS packages
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/ui/package.json packages/ui/
# `npm install`, not `npm ci`: this registry's lock file lacks other platforms' optional packages (README).
# The TypeScript loader and the workspaces' links are not needed once the server is compiled.
RUN npm install --omit=dev --workspace @portal/server --no-audit --no-fund \
    && rm -rf node_modules/@portal node_modules/tsx node_modules/esbuild node_modules/@esbuild \
    && npm cache clean --force

# Everything else (the web app's and the build's tools) on top, then the web app and the server's bundle.
FROM packages AS build
RUN npm install --no-audit --no-fund && npm cache clean --force
COPY . .
RUN npm run build -w @portal/web && node apps/server/build.mjs

FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 WEB_DIST=/app/web \
    DATA_DIR=/app/data DATABASE_URL=sqlite:/app/data/portal.sqlite UPLOADS_DIR=/app/data/uploads
# The workspace's layout: packages npm placed beside the server (versions that differ from the hoisted
# ones) are found from apps/server/dist as they were from apps/server/src.
WORKDIR /app/apps/server
COPY --from=packages /app/node_modules /app/node_modules
COPY --from=packages /app/apps/server/node_modules node_modules
COPY --from=build /app/apps/server/dist dist
COPY --from=build /app/apps/web/dist /app/web
# The signing key and the SQLite file live in DATA_DIR, owned by the user the server runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# /api/ready: the node answers and reaches its database (and Redis when configured).
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is the first process, so SIGTERM from `docker stop` reaches its shutdown handler. The heap size
# is the one `npm start` gives (apps/server/package.json): V8 sizes its heap's growth by it, and with it a
# 50,000-row bulk import peaks about 80 MB lower (the peak is mostly garbage not yet collected).
CMD ["node", "--max-old-space-size=1536", "dist/main.js"]
