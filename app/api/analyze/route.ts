import { parseDocumentText } from "@/lib/document";
import { analyzeNode } from "@/lib/eviction";
import { InputError } from "@/lib/eviction/input-errors";
import { readBody } from "@/lib/http/read-body";

export const dynamic = "force-dynamic";

// One node's Summary + pods + configz is well under a few MiB; a cap stops a client from making
// the server buffer an unbounded body.
const MAX_BODY_BYTES = 32 * 1024 * 1024;

function badRequest(error: string, status = 400) {
  return Response.json({ error }, { status });
}

/** POST /api/analyze: the engine contract over HTTP (body = input document, JSON or YAML). */
export async function POST(request: Request) {
  const body = await readBody(request, MAX_BODY_BYTES);
  if (!body.ok) return badRequest(body.error, body.status);
  try {
    return Response.json(analyzeNode(parseDocumentText(body.text, "body")));
  } catch (e) {
    if (e instanceof InputError) return badRequest(e.message.replace(/\s*\n\s*/g, " "));
    throw e;
  }
}
