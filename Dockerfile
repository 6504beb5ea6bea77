# einv: both services in one image (decision 0099). Multi-stage: build with the dev tools, run with
# production dependencies only, as the unprivileged `node` user.
#   docker build -t einv .
#   docker run -p 3000:3000 -p 3001:3001 -v einv-data:/app/data einv            # the embedded default
#   docker run -e PORT=3000 einv node apps/generation-api/dist/main.js           # one service alone
FROM node:20-slim AS build
# better-sqlite3 compiles when no prebuilt binary matches
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV pnpm_config_pm_on_fail=ignore
COPY . .
RUN npx -y pnpm@12.21.0 install --frozen-lockfile \
 && npx -y pnpm@12.21.0 run build \
 && rm -rf node_modules apps/*/node_modules packages/*/node_modules \
 && npx -y pnpm@12.21.0 install --frozen-lockfile --prod

FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001
# SIGTERM drains in-flight requests (SHUTDOWN_TIMEOUT_MS); give it that long before SIGKILL
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "scripts/start.mjs"]
