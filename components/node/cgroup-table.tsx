import { TableScroll } from "@/components/ui/table-scroll";
import { DATA_TABLE } from "@/components/ui/styles";
import { containerCgroup } from "@/lib/eviction";
import type { Pod } from "@/lib/eviction";
import type { AnalyzeOutput } from "@/lib/eviction";
import { formatBytes } from "@/lib/format";

/** Per-container cgroup settings the kubelet derives from requests and limits. */
export function CgroupTable({ pods, result }: { pods: Pod[]; result: AnalyzeOutput }) {
  const oom = new Map(result.pods.flatMap((p) => p.containers.map((c) => [`${p.uid}/${c.name}`, c.oomScoreAdj] as const)));
  return (
    <details className="space-y-2">
      <summary className="cursor-pointer text-lg font-medium">Container cgroup settings</summary>
      <TableScroll label="Container cgroup settings">
        <table className={DATA_TABLE}>
          <thead className="text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th>pod / container</th>
              <th>cpu.shares (v1)</th>
              <th>cpu.weight (v2)</th>
              <th>cpu.max</th>
              <th>memory.max</th>
              <th>oom_score_adj</th>
            </tr>
          </thead>
          <tbody>
            {pods.flatMap((p) =>
              (p.spec?.containers ?? []).map((c) => {
                const g = containerCgroup(c);
                return (
                  <tr key={`${p.metadata?.uid}/${c.name}`} className="border-t border-zinc-100 dark:border-zinc-900">
                    <td className="font-mono text-xs">
                      {p.metadata?.namespace}/{p.metadata?.name} / {c.name}
                    </td>
                    <td className="tabular-nums">{g.cpuShares}</td>
                    <td className="tabular-nums">{g.cpuWeight}</td>
                    <td className="tabular-nums">{g.cpuMax}</td>
                    <td className="tabular-nums">{g.memoryMax == null ? "max" : formatBytes(g.memoryMax)}</td>
                    <td className="tabular-nums">{oom.get(`${p.metadata?.uid}/${c.name}`) ?? "–"}</td>
                  </tr>
                );
              }),
            )}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
