/** @type {import('next').NextConfig} */
const nextConfig = {
  // Loaded by Node from node_modules, not bundled: "@headroom/client-node" is @kubernetes/client-node
  // tree-shaken to what Headroom uses (scripts/bundle-client-node.mjs, run at `npm install`); inlined,
  // each server chunk that reaches it would carry its own 1.5 MB copy (and the instrumentation
  // layer its own instance). The package itself is no longer reached: its entry loads its whole
  // generated API (+86 MiB RSS per process).
  serverExternalPackages: ["@headroom/client-node", "prom-client"],
  // A traced server.js with a minimal node_modules. scripts/standalone.mjs completes it (static
  // files, public/, the demo scenarios, the worker-thread bundles): in place for `npm start`
  // (scripts/start.mjs runs .next/standalone/server.js), into /out for the container image.
  output: "standalone",
  poweredByHeader: false,
  // Headroom compresses its responses itself, at a level that suits a busy server
  // (lib/http/compress-responses.ts, installed by lib/server/start/boot.ts).
  compress: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole tree (tsc --noEmit in `npm run checks`) before the browser
  // tests build the app; the build's own check ran the same tsc a second time (35 s of 2 cores).
  // Only playwright.config.ts sets this; `npm run build`, `npm start` and the Dockerfile check types.
  typescript: { ignoreBuildErrors: process.env.HEADROOM_BUILD_TYPES_CHECKED === "1" },
  // experimental.proxyClientMaxBodySize (10 MB) is left alone on purpose: Next buffers a body for
  // proxy.ts and passes on only that much, silently truncated. proxy.ts therefore never runs for
  // /api/ (its matcher), and lib/http/front-door.ts refuses a body on every other path, so no
  // body is ever buffered or cut by Next; the routes count theirs as they stream.
};

export default nextConfig;
