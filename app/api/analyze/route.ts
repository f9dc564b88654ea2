import { DocumentTooLarge, parseDocumentText } from "@/lib/contract/document";
import { analyzeNode, InputError } from "@/lib/eviction";
import {
  admitToThread,
  analysedInline,
  BUSY,
  INLINE_BYTES,
  type Admission,
  type AnalyzeOutcome,
} from "@/lib/http/analyze-thread";
import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readBodyBytes } from "@/lib/http/read-body";
import { log } from "@/lib/server/log";

export const dynamic = "force-dynamic";

function refuse(error: string, status = 400, headers?: Record<string, string>) {
  return Response.json({ error }, { status, headers });
}

function fromThread(r: AnalyzeOutcome): Response {
  if (r.ok) return new Response(r.json, { headers: { "Content-Type": "application/json" } });
  if ("busy" in r) return refuse(r.message, 503, { "Retry-After": "5" });
  if (r.input || r.tooLarge) return refuse(r.message, r.tooLarge ? 413 : 400);
  log.error("analyze thread failed", { error: r.message });
  return refuse("internal error while analysing the document", 500);
}

/** POST /api/analyze: the engine contract over HTTP (body = input document, JSON or YAML). */
export async function POST(request: Request) {
  // A body that may need the thread (declared past INLINE_BYTES, or not declared) takes its place
  // in the queue first: a full queue answers 503 before buffering up to 32 MiB of it.
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  let place: Admission | null = null;
  if (!(declared <= INLINE_BYTES) && !(place = admitToThread())) return fromThread(BUSY);
  try {
    const body = await readBodyBytes(request, BODY_LIMITS["/api/analyze"]!);
    if (!body.ok) return refuse(body.error, body.status);
    // Large documents, and YAML past a few KiB, are parsed and analysed off the event loop
    // (lib/http/analyze-thread.ts).
    if (!analysedInline(body.bytes)) {
      place ??= admitToThread();
      return fromThread(place ? await place.analyze(body.bytes) : BUSY);
    }
    try {
      return Response.json(analyzeNode(parseDocumentText(body.bytes.toString("utf8"), "body")));
    } catch (e) {
      if (e instanceof InputError) return refuse(e.message.replace(/\s*\n\s*/g, " "), e instanceof DocumentTooLarge ? 413 : 400);
      throw e;
    }
  } finally {
    place?.release();
  }
}
