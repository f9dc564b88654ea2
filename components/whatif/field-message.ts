// What a person reads next to a what-if field whose text the kubelet would refuse: words and
// examples, never a pattern.
import { parseGoDuration, parseQuantity } from "@/lib/eviction/client";

export type FieldKind = "reserved" | "threshold" | "grace" | "reclaim";

function quantityProblem(t: string, allowPercent: boolean, examples: string): string | null {
  const pct = /^(-?\d+(?:\.\d+)?)%$/.exec(t);
  if (pct) {
    if (!allowPercent) return `a percentage is not allowed here: use ${examples}`;
    const n = Number(pct[1]);
    return n < 0 ? "must not be negative" : n > 100 ? "must be at most 100%" : null;
  }
  try {
    const q = parseQuantity(t);
    return q.num < 0n ? "must not be negative" : null;
  } catch {
    return `not a quantity: use ${examples}`;
  }
}

/** Explains why a what-if value would be refused, or null when it is fine (an empty field means "live"). */
export function fieldMessage(kind: FieldKind, text: string, resource?: string): string | null {
  const t = text.trim();
  if (t === "") return null;
  if (kind === "grace") {
    try {
      return parseGoDuration(t) < 0 ? "must not be negative" : null;
    } catch {
      return "not a duration: use 30s, 1m30s or 2h";
    }
  }
  if (kind === "reserved") {
    const examples = resource === "cpu" ? "250m or 1" : resource === "pid" ? "a number such as 1000" : "500Mi or 1Gi";
    return quantityProblem(t, false, examples);
  }
  return quantityProblem(t, true, "500Mi, 1Gi or 10%");
}
