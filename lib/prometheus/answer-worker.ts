// The Prometheus answer thread's entry (answer-thread.ts): runs each exchange it is sent and posts
// the decoded typed arrays back (transferred, not copied). Stays up between exchanges; the parent
// stops it when idle.
import { parentPort } from "node:worker_threads";

import { exchange, type ExchangeRequest } from "./exchange";

export interface AnswerJob {
  id: number;
  request: ExchangeRequest;
}

parentPort!.on("message", async (job: AnswerJob) => {
  const r = await exchange(job.request);
  const transfer = r.ok ? [r.data.offsets.buffer, r.data.times.buffer, r.data.values.buffer] : [];
  parentPort!.postMessage({ id: job.id, r }, transfer as ArrayBuffer[]);
});
