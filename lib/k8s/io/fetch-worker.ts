// The collection thread's entry point (started by fetch-thread.ts): answers FetchRequests one
// message each, many in flight at once. A packed Summary's numbers are transferred, not copied:
// one buffer, which its pressure views share (stored-summary.ts).
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";

import { COLLECTION_NICE, fetchKubelet, replyOf, threadAgents, type FetchRequest } from "./kubelet-fetch";

const port = parentPort;
if (!port) throw new Error("fetch-worker.ts runs as a worker thread");

// On Linux the nice value belongs to the calling thread, so this lowers only this one.
try {
  setPriority(0, COLLECTION_NICE);
} catch {
  // Not permitted or not supported here: collection runs at normal priority.
}

port.on("message", (req: FetchRequest | "close") => {
  if (req === "close") {
    threadAgents.destroy();
    return port.close();
  }
  fetchKubelet(req).then(
    (value) => {
      const nums = "nums" in value && value.nums instanceof Float64Array ? [value.nums.buffer as ArrayBuffer] : [];
      port.postMessage(replyOf(req.id, { ok: true, value }), nums);
    },
    (error: unknown) => port.postMessage(replyOf(req.id, { ok: false, error })),
  );
});
