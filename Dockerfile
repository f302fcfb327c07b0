# Earlybird for a production-like run (README "Running in production"). One image for every part:
#   web:    docker run ... earlybird                 (npm run start:web: WEB_CONCURRENCY web processes, no job worker)
#   worker: docker run ... earlybird npm run worker  (the job worker: scheduled jobs and the queue)
#   migrate: docker run ... earlybird npm run db:migrate
FROM node:22-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    APP_ENV=production \
    PORT=3000 \
    EARLYBIRD_DATA_DIR=/data
COPY package.json package-lock.json ./
# Dev dependencies too: the build (Remix compiler, Tailwind, esbuild) needs them, and tsx runs the entry points.
RUN npm ci --include=dev && npm cache clean --force
COPY . .
RUN npm run build \
 && mkdir -p /data \
 && chown -R node:node /app/build /data
USER node
EXPOSE 3000
VOLUME ["/data"]
CMD ["npm", "run", "start:web"]
