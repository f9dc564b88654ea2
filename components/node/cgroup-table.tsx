import { Table, TableRow } from "@/components/ui/table";
import { containerCgroup, type AnalyzeOutput, type Pod } from "@/lib/eviction";
import { formatBytes } from "@/lib/format";

/** Per-container cgroup settings the kubelet derives from requests and limits. */
export function CgroupTable({ pods, result }: { pods: Pod[]; result: AnalyzeOutput }) {
  const oom = new Map(result.pods.flatMap((p) => p.containers.map((c) => [`${p.uid}/${c.name}`, c.oomScoreAdj] as const)));
  return (
    <details className="space-y-2">
      <summary className="cursor-pointer text-lg font-medium">Container cgroup settings</summary>
      <Table
        label="Container cgroup settings"
        columns={["pod / container", "cpu.shares (v1)", "cpu.weight (v2)", "cpu.max", "memory.max", "oom_score_adj"]}
      >
        {pods.flatMap((p) =>
          (p.spec?.containers ?? []).map((c) => {
            const g = containerCgroup(c);
            return (
              <TableRow key={`${p.metadata?.uid}/${c.name}`}>
                <td className="font-mono text-xs">
                  {p.metadata?.namespace}/{p.metadata?.name} / {c.name}
                </td>
                <td className="tabular-nums">{g.cpuShares}</td>
                <td className="tabular-nums">{g.cpuWeight}</td>
                <td className="tabular-nums">{g.cpuMax}</td>
                <td className="tabular-nums">{g.memoryMax == null ? "max" : formatBytes(g.memoryMax)}</td>
                <td className="tabular-nums">{oom.get(`${p.metadata?.uid}/${c.name}`) ?? "–"}</td>
              </TableRow>
            );
          }),
        )}
      </Table>
    </details>
  );
}
