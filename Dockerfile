# Builds the web app and the bundled server, then runs them on Node 20.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY packages/markdown/package.json packages/markdown/
COPY packages/testing/package.json packages/testing/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm build && pnpm prune --prod --config.ignore-scripts=true

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=5000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
