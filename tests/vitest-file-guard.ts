// Set-up for each file of the "unit" project (vitest.config.ts). Those files share their worker
// process with the files run before them, so whatever one leaves in the process the next inherits:
// the front door's hook on every HTTP server once made an unrelated server's test hang for 30 s. A
// file that leaves a diagnostics-channel subscriber or a changed environment variable behind fails
// here, named, instead of making a later file fail or pass by chance.
import { channel } from "node:diagnostics_channel";
import { afterAll, beforeAll } from "vitest";

// Node's own channels for HTTP and sockets, which lib/http and lib/auth subscribe to at start-up.
const CHANNELS = [
  "http.server.request.start",
  "http.server.response.created",
  "http.server.response.finish",
  "http.client.request.created",
  "http.client.request.start",
  "http.client.response.finish",
  "net.client.socket",
  "net.server.socket",
];

let envBefore: Record<string, string | undefined> = {};
let subscribedBefore = new Set<string>();

beforeAll(() => {
  envBefore = { ...process.env };
  subscribedBefore = new Set(CHANNELS.filter((name) => channel(name).hasSubscribers));
});

afterAll(() => {
  const hooked = CHANNELS.filter((name) => channel(name).hasSubscribers && !subscribedBefore.has(name));
  if (hooked.length > 0)
    throw new Error(
      `this file left a subscriber on ${hooked.join(", ")}, which every later file in its process would inherit: list it in PROCESS_HOOKS (vitest.config.ts)`,
    );
  const keys = new Set([...Object.keys(envBefore), ...Object.keys(process.env)]);
  const changed = [...keys].filter((k) => envBefore[k] !== process.env[k]);
  if (changed.length > 0)
    throw new Error(
      `this file changed ${changed.join(", ")} in process.env and did not restore it: later files in its process would see it`,
    );
});
