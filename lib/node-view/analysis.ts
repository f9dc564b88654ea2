// The node page's engine runs, as plain functions: the node document validated once, analyzed
// live, and re-analyzed under a what-if. An engine error is kept as a message the page shows,
// never thrown into React (the page says which node could not be analyzed, and why).
import { analyze, parseAnalyzeInput, withWhatIf, type AnalyzeInput, type AnalyzeOutput } from "@/lib/eviction";
import { detailInput } from "@/lib/whatif/node";

/** An engine call's result, or the message of the error it threw. */
export type Run<T> = { out: T | null; error: string | null };

/** Runs an engine call, keeping its error message instead of throwing. */
export function run<T>(f: () => T): Run<T> {
  try {
    return { out: f(), error: null };
  } catch (e) {
    return { out: null, error: (e as Error).message };
  }
}

/** The node document as the engine's validated input (once per document: a what-if re-runs only `analyze`). */
export function parseDetail(data: Parameters<typeof detailInput>[0]): Run<AnalyzeInput> {
  return run(() => parseAnalyzeInput(detailInput(data)));
}

/** Analyzes a parsed document, live or under a what-if (engine form); a parse error carries through as the analysis error. */
export function analyzeParsed(parsed: Run<AnalyzeInput>, whatIf?: unknown): Run<AnalyzeOutput> {
  const input = parsed.out;
  if (!input) return { out: null, error: parsed.error };
  return run(() => analyze(whatIf === undefined ? input : withWhatIf(input, whatIf)));
}
