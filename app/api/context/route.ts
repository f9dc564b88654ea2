import { BODY_LIMITS } from "@/lib/http/body-limits";
import { readBody } from "@/lib/http/read-body";
import { contextDocument } from "@/lib/k8s/documents/api";

export const dynamic = "force-dynamic";

const reply = (r: ReturnType<typeof contextDocument>) =>
  r.ok ? Response.json(r.data) : Response.json({ error: r.error }, { status: r.status });

/** GET /api/context: the kubeconfig's contexts and the current one. */
export function GET() {
  return reply(contextDocument());
}

/** POST /api/context {"context": NAME}: switches context; the shared cache is rebuilt. */
export async function POST(request: Request) {
  const raw = await readBody(request, BODY_LIMITS["/api/context"]!);
  if (!raw.ok) return Response.json({ error: raw.error }, { status: raw.status });
  let body: unknown;
  try {
    body = JSON.parse(raw.text);
  } catch {
    return Response.json({ error: "body: not valid JSON" }, { status: 400 });
  }
  return reply(contextDocument(body ?? {}));
}
