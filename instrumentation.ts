// Next.js calls register() once per server process before serving requests. The Node.js runtime
// validates the configuration (and stops the process with one line per wrong variable), starts
// logging and the peer-address stamp auth needs, then the cluster cache (or the demo cluster);
// nothing runs during `next build`, so a build never needs a reachable cluster.
// NEXT_RUNTIME/NEXT_PHASE are Next's own variables.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { boot } = await import("./lib/server/start/boot");
  await boot();
}
