import { describe, expect, it } from "vitest";

import { forecastWithheld, rowStatus } from "./node-status";

const row = {
  ready: "True" as "True" | "False" | "Unknown",
  leaseAgeSeconds: 4 as number | null,
  leaseDurationSeconds: 40 as number | null,
  collection: { state: "ok" as const, ageSeconds: 3, error: null, configSource: "configz" as const },
};

describe("rowStatus", () => {
  it("Ready with a fresh Lease", () => {
    expect(rowStatus(row)).toEqual({
      label: "Ready",
      ok: true,
      explanation: "Ready is True. Its Lease was last renewed 4s ago (it lasts 40 s).",
    });
  });
  it("Ready Unknown is Unreachable, never a question mark, and names the taint and the 300 s default", () => {
    const s = rowStatus({ ...row, ready: "Unknown", leaseAgeSeconds: 3000 });
    expect(s.label).toBe("Unreachable");
    expect(s.ok).toBe(false);
    expect(s.explanation).toContain("Its Lease was last renewed 50m ago (it lasts 40 s).");
    expect(s.explanation).toContain("node.kubernetes.io/unreachable:NoExecute");
    expect(s.explanation).toContain("300 s by default");
  });
  it("Ready False is NotReady and names the not-ready taint", () => {
    expect(rowStatus({ ...row, ready: "False" })).toMatchObject({ label: "NotReady", ok: false });
    expect(rowStatus({ ...row, ready: "False" }).explanation).toContain("node.kubernetes.io/not-ready:NoExecute");
  });
  it("a Lease past its duration while Ready is still True: Lease expired", () => {
    expect(rowStatus({ ...row, leaseAgeSeconds: 41 }).label).toBe("Lease expired");
    expect(rowStatus({ ...row, leaseAgeSeconds: 40 }).label).toBe("Ready");
    expect(rowStatus({ ...row, leaseAgeSeconds: null, leaseDurationSeconds: null }).explanation).toContain("no Lease");
  });
});

describe("forecastWithheld", () => {
  it("a reporting node's forecast is shown", () => {
    expect(forecastWithheld(row)).toBeNull();
    expect(forecastWithheld({ ...row, ready: "False" })).toBeNull();
  });
  it("no forecast for a silent kubelet or from failed or stale stats", () => {
    expect(forecastWithheld({ ...row, ready: "Unknown" })).toBe("No forecast: the kubelet stopped reporting");
    expect(forecastWithheld({ ...row, leaseAgeSeconds: 60 })).toBe("No forecast: the kubelet stopped reporting");
    expect(forecastWithheld({ ...row, collection: { ...row.collection, state: "stale", ageSeconds: 95 } })).toBe(
      "No forecast: stats stale (last Summary 95s ago)",
    );
    expect(forecastWithheld({ ...row, collection: { ...row.collection, state: "failed", ageSeconds: null } })).toBe(
      "No forecast: stats failed",
    );
  });
});
