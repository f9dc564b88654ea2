import { AnalyzeForm } from "@/components/analyze/analyze-form";

export default function AnalyzePage() {
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-semibold tracking-tight">Analyze a node document</h1>
        <p className="text-zinc-600 dark:text-zinc-400">
          What the kubelet is about to evict, and why: every eviction signal computed the kubelet&apos;s way, next to the
          node&apos;s real thresholds, with the order in which pods would go.
        </p>
      </header>
      <AnalyzeForm />
    </main>
  );
}
