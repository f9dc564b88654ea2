// Shared by playwright.config.ts (the servers) and the tests.
export const PORT = Number(process.env.E2E_PORT ?? 3107);
/** A second server on the same build with token authentication (e2e/auth.e2e.ts). */
export const TOKEN_PORT = Number(process.env.E2E_TOKEN_PORT ?? PORT + 1);
export const E2E_TOKEN = "e2e-token-7f3a9c1d5b2e4f60";
export const TOKEN_SERVER_LOG = "artifacts/e2e-token-server.log";
/** Debian's Prometheus scraping the e2e server (e2e/prometheus.mjs). */
export const PROMETHEUS_PORT = Number(process.env.E2E_PROMETHEUS_PORT ?? PORT + 2);
