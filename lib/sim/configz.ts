// /configz as a v1.33 kubelet serves it: the whole KubeletConfiguration after defaulting, without
// kind/apiVersion, under "kubeletconfig". evictionHard is filled the way the kubelet does when it
// loads its config file (the engine's effective config), so what /configz shows is what it runs.
import { effective } from "./kubelet-brain";
import type { SimNode } from "./world";

const BASE = {
  enableServer: true, staticPodPath: "/etc/kubernetes/manifests", podLogsDir: "/var/log/pods", syncFrequency: "1m0s",
  fileCheckFrequency: "20s", httpCheckFrequency: "20s", address: "0.0.0.0", port: 10250,
  tlsCertFile: "/var/lib/kubelet/pki/kubelet.crt", tlsPrivateKeyFile: "/var/lib/kubelet/pki/kubelet.key", serverTLSBootstrap: true,
  authentication: { x509: { clientCAFile: "/etc/kubernetes/pki/ca.crt" }, webhook: { enabled: true, cacheTTL: "2m0s" }, anonymous: { enabled: false } },
  authorization: { mode: "Webhook", webhook: { cacheAuthorizedTTL: "5m0s", cacheUnauthorizedTTL: "30s" } },
  registryPullQPS: 5, registryBurst: 10, eventRecordQPS: 50, eventBurst: 100, enableDebuggingHandlers: true,
  healthzPort: 10248, healthzBindAddress: "127.0.0.1", oomScoreAdj: -999, clusterDomain: "cluster.local", clusterDNS: ["10.96.0.10"],
  streamingConnectionIdleTimeout: "4h0m0s", nodeStatusUpdateFrequency: "10s", nodeStatusReportFrequency: "5m0s", nodeLeaseDurationSeconds: 40,
  imageMinimumGCAge: "2m0s", imageMaximumGCAge: "0s", imageGCHighThresholdPercent: 85, imageGCLowThresholdPercent: 80,
  volumeStatsAggPeriod: "1m0s", cgroupsPerQOS: true, cgroupDriver: "systemd", cpuManagerPolicy: "none", cpuManagerReconcilePeriod: "10s",
  memoryManagerPolicy: "None", topologyManagerPolicy: "none", topologyManagerScope: "container", runtimeRequestTimeout: "2m0s",
  hairpinMode: "promiscuous-bridge", maxPods: 110, podPidsLimit: -1, resolvConf: "/run/systemd/resolve/resolv.conf",
  cpuCFSQuota: true, cpuCFSQuotaPeriod: "100ms", nodeStatusMaxImages: 50, maxOpenFiles: 1000000, contentType: "application/vnd.kubernetes.protobuf",
  kubeAPIQPS: 50, kubeAPIBurst: 100, serializeImagePulls: true,
  evictionPressureTransitionPeriod: "5m0s", enableControllerAttachDetach: true, makeIPTablesUtilChains: true,
  iptablesMasqueradeBit: 14, iptablesDropBit: 15, failSwapOn: true, memorySwap: {}, containerLogMaxSize: "10Mi", containerLogMaxFiles: 5,
  containerLogMaxWorkers: 1, containerLogMonitorInterval: "10s", configMapAndSecretChangeDetectionStrategy: "Watch",
  enforceNodeAllocatable: ["pods"], volumePluginDir: "/usr/libexec/kubernetes/kubelet-plugins/volume/exec/", logging: { format: "text", flushFrequency: "5s", verbosity: 0, options: { text: { infoBufferSize: "0" }, json: { infoBufferSize: "0" } } },
  enableSystemLogHandler: true, enableSystemLogQuery: false, shutdownGracePeriod: "0s", shutdownGracePeriodCriticalPods: "0s",
  enableProfilingHandler: true, enableDebugFlagsHandler: true, seccompDefault: false, memoryThrottlingFactor: 0.9,
  registerNode: true, localStorageCapacityIsolation: true, containerRuntimeEndpoint: "unix:///run/containerd/containerd.sock",
  failCgroupV1: false, crashLoopBackOff: {},
};

/** Builds the /configz document of a node: defaults, then the pool's config, then evictionHard as loaded. */
export function configzFor(n: SimNode): { kubeletconfig: Record<string, unknown> } {
  const pool = n.pool.kubeletConfig;
  const { kind: _k, apiVersion: _a, ...own } = pool as Record<string, unknown>;
  const cfg = effective(own);
  return { kubeletconfig: { ...BASE, ...own, evictionHard: cfg.evictionHard } };
}
