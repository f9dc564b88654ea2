import { parseDocumentText } from "@/lib/document";
import { analyzeNode } from "@/lib/eviction";
import { InputError } from "@/lib/eviction/input-errors";

export const dynamic = "force-dynamic";

// One node's Summary + pods + configz is well under a few MiB; a cap stops a client from making
// the server buffer an unbounded body.
const MAX_BODY_BYTES = 32 * 1024 * 1024;

function badRequest(error: string, status = 400) {
  return Response.json({ error }, { status });
}

/** POST /api/analyze: the engine contract over HTTP (body = input document, JSON or YAML). */
export async function POST(request: Request) {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) return badRequest(`body: larger than ${MAX_BODY_BYTES} bytes`, 413);
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return badRequest(`body: larger than ${MAX_BODY_BYTES} bytes`, 413);
  try {
    return Response.json(analyzeNode(parseDocumentText(text, "body")));
  } catch (e) {
    if (e instanceof InputError) return badRequest(e.message.replace(/\s*\n\s*/g, " "));
    throw e;
  }
}
