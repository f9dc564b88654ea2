// The kubelet's defaults that Headroom's rules and words depend on, in one place, each with its source
// (docs/engine-rules.md). Image GC's thresholds live with their rule in image-gc.ts.

/** KubeletConfiguration evictionPressureTransitionPeriod, default 5m (pkg/kubelet/apis/config/v1beta1/defaults.go). */
export const DEFAULT_PRESSURE_TRANSITION_PERIOD_SECONDS = 300;

/**
 * How often the eviction manager runs its synchronize loop: `evictionMonitoringPeriod` (10 s) in
 * pkg/kubelet/kubelet.go, the "housekeeping" cycle of kubelet-eviction.md §2.
 */
export const HOUSEKEEPING_INTERVAL_SECONDS = 10;

/** KubeletConfiguration nodeLeaseDurationSeconds, default 40 (defaults.go); the node controller's grace follows it. */
export const DEFAULT_NODE_LEASE_DURATION_SECONDS = 40;
