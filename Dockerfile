# Build stage: all dependencies, the client and server bundles.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY build.mjs tsconfig.json ./
COPY scripts/build-images.mjs scripts/build-stamp.mjs scripts/brand-font.mjs scripts/site-characters.mjs ./scripts/
COPY client ./client
COPY src ./src
# The brand font is subset to the characters the content sets.
COPY content ./content
# The images are made in every width and format at build time (sharp, a build dependency).
COPY static/images ./static/images
RUN node build.mjs

# Runtime stage: production dependencies, the build, content and static files; runs as a non-root user.
FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
# npm's cache, debug logs (/root/.npm) and compiled-code cache (/tmp/node-compile-cache) are removed in
# the layer that wrote them.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && rm -rf /root/.npm /tmp/node-compile-cache
COPY --from=build /app/dist ./dist
COPY content ./content
COPY static ./static
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node runs as PID 1 and handles SIGTERM itself: it stops taking connections and finishes requests in flight.
# The heap flags are those of `npm start` (package.json): the process stays near its live size.
CMD ["node", "--enable-source-maps", "--max-old-space-size=96", "--max-semi-space-size=4", "dist/server/main.js"]
