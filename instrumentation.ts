// Next.js calls register() once per server process before serving requests. The Node.js runtime
// starts the cluster cache (or the demo cluster); nothing runs during `next build`, so a build
// never needs a reachable cluster. NEXT_RUNTIME/NEXT_PHASE are Next's own variables.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startup } = await import("./lib/startup");
  await startup();
}
