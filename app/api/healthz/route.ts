export const dynamic = "force-dynamic";

/** Liveness: the process is up and serving. */
export function GET() {
  return Response.json({ status: "ok" });
}
