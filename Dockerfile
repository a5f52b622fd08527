# The production image: the bundled server, the built web app, the embedded database's template and the
# API's production dependencies, run as `node` (docs/decisions/059-a-lean-image-proved-in-ci.md).
#   docker build -t journey .    (CI builds it with podman: .ci/image.sh)

# Build: install the workspace, build the web app and the server, then deploy the API's production
# dependencies into /deploy.
FROM node:20-bookworm-slim AS build
# Behind a TLS-inspecting proxy: the path of its CA bundle, mounted into the build (.ci/image.sh does).
# A build argument, so it stays out of the final image.
ARG NODE_EXTRA_CA_CERTS
# pnpm asks before it replaces a node_modules folder; without a TTY it aborts unless CI is set.
ENV CI=true
RUN npm install --global --no-audit --no-fund pnpm@10.34.9
WORKDIR /src
# The manifests first: the install is cached until the lockfile or a package.json changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/markdown/package.json packages/markdown/
COPY packages/testing/package.json packages/testing/
RUN pnpm install --frozen-lockfile --filter @journey/api... --filter @journey/web...
COPY tsconfig.base.json ./
COPY packages packages
COPY apps apps
RUN pnpm --filter @journey/web build && pnpm --filter @journey/api build \
  && find apps/web/dist/client -name '*.map' -delete
# The bundle leaves out what must be loaded from node_modules (PGlite's WebAssembly, resvg's native
# binding, satori, the fonts, @journey/db's migrations: apps/api/scripts/build.mjs); deploy copies the
# API's production dependencies as real folders. pnpm 10 deploys a workspace without injected
# packages only with --legacy.
COPY .docker .docker
RUN pnpm --filter @journey/api deploy --prod --legacy --prefer-offline /deploy \
  && node .docker/prune-runtime.mjs /deploy/node_modules
# The template the first start copies into DATA_DIR: owned by `node` below, private to it, so the
# copy is the node user's and is 0600/0700 from the start.
RUN mv apps/api/dist/pglite-template /pglite-template && chmod -R u=rwX,go= /pglite-template

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
# The code stays root's and read-only to the server; only DATA_DIR is the node user's.
COPY --from=build /deploy/package.json apps/api/package.json
COPY --from=build /deploy/node_modules apps/api/node_modules
COPY --from=build /src/apps/web/dist apps/web/dist
COPY --from=build /src/apps/api/dist apps/api/dist
COPY --from=build --chown=node:node /pglite-template apps/api/dist/pglite-template
# COPY makes the template's own folder 0755: private like the rest of it.
RUN chmod 0700 apps/api/dist/pglite-template && mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME /data
USER node
EXPOSE 5000
# Liveness: the process answers (`/readyz` also needs the database: docker-compose.yml waits on it).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
