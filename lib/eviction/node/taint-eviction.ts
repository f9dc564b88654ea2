// The taint eviction controller's rule (kube-controller-manager, pkg/controller/tainteviction/
// taint_eviction.go, formerly the nodelifecycle "NoExecuteTaintManager"): when a node carries
// NoExecute taints, each pod on it is deleted at once if some taint is not tolerated, after the
// smallest tolerationSeconds of the tolerations it used when all are, and never when none of those
// tolerations has a limit. The kubelet cannot foresee this: it is the control plane acting on a
// node whose kubelet may be gone. Pure and browser-safe, like the rest of the engine.
//
// The node lifecycle controller (pkg/controller/nodelifecycle) adds node.kubernetes.io/unreachable
// or not-ready with effect NoExecute when the node's Ready condition turns Unknown or False; the
// DefaultTolerationSeconds admission plugin (plugin/pkg/admission/defaulttolerationseconds) gives
// every pod created without a toleration for them one of 300 s each, which is why most pods leave an
// unreachable node five minutes after the taint.

/** A node taint (core/v1 Taint). */
export interface TaintLike {
  key: string;
  value?: string;
  effect: string;
  /** RFC 3339; the API server sets it for NoExecute taints. */
  timeAdded?: string;
}

/** A pod toleration (core/v1 Toleration). */
export interface Toleration {
  key?: string;
  operator?: string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number | null;
}

export const TAINT_UNREACHABLE = "node.kubernetes.io/unreachable";
export const TAINT_NOT_READY = "node.kubernetes.io/not-ready";
/** --default-not-ready-toleration-seconds and --default-unreachable-toleration-seconds (kube-apiserver). */
export const DEFAULT_TOLERATION_SECONDS = 300;

/** core/v1 Toleration.ToleratesTaint: effect and key match when set; Equal (or empty) compares values, Exists matches any. */
export function toleratesTaint(t: Toleration, taint: TaintLike): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  if (!t.operator || t.operator === "Equal") return (t.value ?? "") === (taint.value ?? "");
  return t.operator === "Exists";
}

/** v1helper.GetMatchingTolerations: whether every taint is tolerated, and the first toleration that tolerates each. */
export function matchingTolerations(
  taints: readonly TaintLike[],
  tolerations: readonly Toleration[],
): { allTolerated: boolean; used: Toleration[] } {
  if (taints.length === 0) return { allTolerated: true, used: [] };
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = tolerations.find((x) => toleratesTaint(x, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/**
 * getMinTolerationTime: the smallest tolerationSeconds among the tolerations, in seconds; 0 when
 * there are none or one is ≤ 0; -1 (tolerated forever) when none sets a limit.
 */
export function minTolerationSeconds(tolerations: readonly Toleration[]): number {
  if (tolerations.length === 0) return 0;
  let min = Infinity;
  for (const t of tolerations) {
    if (t.tolerationSeconds == null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min;
}

/** When the controller deletes a pod on a tainted node. */
export type TaintEvictionPlan =
  | { kind: "none" }
  | { kind: "now"; taint: TaintLike }
  | { kind: "after"; seconds: number; at: number | null; taints: TaintLike[] }
  | { kind: "tolerated"; taints: TaintLike[] };

const ms = (iso: string | undefined) => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? null : t;
};

/**
 * processPodOnNode for one pod: only NoExecute taints count. The controller starts the pod's
 * clock when it first sees a NoExecute taint and keeps that start when more taints arrive (a
 * scheduled eviction keeps its CreatedAt), so the oldest taint's timeAdded stands for that moment;
 * `at` is null when a taint does not say when it was added.
 */
export function taintEvictionPlan(taints: readonly TaintLike[], tolerations: readonly Toleration[]): TaintEvictionPlan {
  const noExecute = taints.filter((t) => t.effect === "NoExecute");
  if (noExecute.length === 0) return { kind: "none" };
  const { allTolerated, used } = matchingTolerations(noExecute, tolerations);
  if (!allTolerated) return { kind: "now", taint: noExecute.find((x) => !tolerations.some((t) => toleratesTaint(t, x)))! };
  const seconds = minTolerationSeconds(used);
  if (seconds < 0) return { kind: "tolerated", taints: noExecute };
  const added = noExecute.map((t) => ms(t.timeAdded));
  const start = added.every((t): t is number => t != null) ? Math.min(...added) : null;
  return { kind: "after", seconds, at: start == null ? null : start + seconds * 1000, taints: noExecute };
}

/** DefaultTolerationSeconds admission: the two 300 s tolerations a pod gets when it has none for those taints. */
export function withDefaultTolerations(tolerations: readonly Toleration[]): Toleration[] {
  const covers = (key: string) => tolerations.some((t) => (t.key === key || !t.key) && (t.effect === "NoExecute" || !t.effect));
  const out = [...tolerations];
  for (const key of [TAINT_NOT_READY, TAINT_UNREACHABLE])
    if (!covers(key)) out.push({ key, operator: "Exists", effect: "NoExecute", tolerationSeconds: DEFAULT_TOLERATION_SECONDS });
  return out;
}
