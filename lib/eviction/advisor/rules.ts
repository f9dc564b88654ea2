// The advisor's rules in one list: id, title, the highest severity and the kubelet/kernel source
// (paths in the Kubernetes repository, as docs/engine-rules.md cites them). docs/advisor.md has
// an example of each.
import type { RuleId, RuleInfo } from "./types";

export const RULES: Readonly<Record<RuleId, RuleInfo>> = {
  "config-invalid": {
    id: "config-invalid",
    title: "The kubelet refuses this configuration",
    severity: "error",
    source:
      "pkg/kubelet/eviction/helpers.go ParseThresholdConfig; pkg/kubelet/apis/config/validation/validation.go ValidateKubeletConfiguration",
  },
  "partial-eviction-hard": {
    id: "partial-eviction-hard",
    title: "evictionHard sets some signals and drops the defaults of the others",
    severity: "error",
    source:
      "cmd/kubelet/app/server.go loadConfigFile (mergeDefaultEvictionSettings, kubernetes#127577); pkg/kubelet/apis/config/v1beta1/defaults.go SetDefaults_KubeletConfiguration; pkg/kubelet/eviction/defaults_linux.go DefaultEvictionHard",
  },
  "hugepages-counted-twice": {
    id: "hugepages-counted-twice",
    title: "memory.available threshold still inflated by the hugepage total with HugepageAwareEviction on",
    severity: "error",
    source:
      "pkg/kubelet/server/stats/summary.go Get (HugepageAwareEviction, kubernetes#138127); pkg/features/kube_features.go HugepageAwareEviction (beta, on by default from 1.37: feature-gates/HugepageAwareEviction.md, kubernetes/website#56504)",
  },
  "hugepages-inflate-available": {
    id: "hugepages-inflate-available",
    title: "Hugepages inflate memory.available (HugepageAwareEviction off)",
    severity: "warning",
    source:
      "pkg/kubelet/eviction/helpers_others.go makeMemoryAvailableSignalObservation; pkg/kubelet/server/stats/summary.go Get (kubernetes#137984)",
  },
  "soft-not-above-hard": {
    id: "soft-not-above-hard",
    title: "A soft threshold at or below its hard threshold never acts first",
    severity: "warning",
    source:
      "pkg/kubelet/eviction/helpers.go thresholdsMet, isHardEvictionThreshold; pkg/kubelet/eviction/eviction_manager.go synchronize",
  },
  "setting-without-threshold": {
    id: "setting-without-threshold",
    title: "A grace period or minimum reclaim for a signal with no threshold does nothing",
    severity: "warning",
    source: "pkg/kubelet/eviction/helpers.go ParseThresholdConfig",
  },
  "allocatable-eviction-off": {
    id: "allocatable-eviction-off",
    title: "No allocatableMemory.available threshold: pods may use memory meant for the system",
    severity: "warning",
    source:
      "pkg/kubelet/eviction/helpers.go addAllocatableThresholds; pkg/kubelet/cm/node_container_manager_linux.go enforceNodeAllocatableCgroups",
  },
  "pool-drift": {
    id: "pool-drift",
    title: "Nodes of one pool run different eviction settings",
    severity: "warning",
    source:
      "pkg/kubelet/eviction/helpers.go ParseThresholdConfig; pkg/kubelet/cm/node_container_manager_linux.go GetNodeAllocatableReservation",
  },
  "hard-below-cycle-drop": {
    id: "hard-below-cycle-drop",
    title: "memory.available falls further in one 10 s housekeeping cycle than the hard threshold",
    severity: "warning",
    source:
      "pkg/kubelet/eviction/eviction_manager.go Start (monitoringInterval 10 s), synchronize; kernel mm/oom_kill.c out_of_memory",
  },
  "container-near-limit": {
    id: "container-near-limit",
    title: "A container runs at 90 % or more of its memory limit",
    severity: "warning",
    source:
      "pkg/kubelet/kuberuntime/kuberuntime_container_linux.go generateLinuxContainerResources (limit → memory.max); kernel mm/memcontrol.c mem_cgroup_out_of_memory",
  },
  "out-of-pod-slots": {
    id: "out-of-pod-slots",
    title: "The node has no pod slots left (maxPods)",
    severity: "warning",
    source:
      "pkg/kubelet/lifecycle/predicate.go Admit (OutOfpods); pkg/kubelet/nodestatus/setters.go MachineInfo (pods = maxPods)",
  },
};

export const SEVERITY_RANK: Readonly<Record<RuleInfo["severity"], number>> = { error: 0, warning: 1, info: 2 };
