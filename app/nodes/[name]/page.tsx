import { Suspense } from "react";

import { NodePage } from "@/components/node/node-page";

export default async function NodeRoute({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  return (
    <main className="mx-auto max-w-7xl p-4">
      <Suspense fallback={<p role="status">Loading…</p>}>
        <NodePage name={decodeURIComponent(name)} />
      </Suspense>
    </main>
  );
}
