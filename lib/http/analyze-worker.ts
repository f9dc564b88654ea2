// The analyze thread's entry (see analyze-thread.ts): parses one document, runs the engine and
// posts back the answer's JSON text, or the input error. One document per thread, then it exits.
import { parentPort, workerData } from "node:worker_threads";

import { DocumentTooLarge, parseDocumentText } from "@/lib/contract/document";
import { analyzeNode, InputError } from "@/lib/eviction";

import type { AnalyzeReply } from "./analyze-thread";

const { bytes } = workerData as { bytes: Uint8Array };
let reply: AnalyzeReply;
try {
  reply = {
    ok: true,
    json: JSON.stringify(
      analyzeNode(parseDocumentText(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), "body")),
    ),
  };
} catch (e) {
  const message = (e as Error).message.replace(/\s*\n\s*/g, " ");
  reply =
    e instanceof InputError
      ? { ok: false, input: true, tooLarge: e instanceof DocumentTooLarge, message }
      : { ok: false, input: false, tooLarge: false, message };
}
parentPort!.postMessage(reply);
