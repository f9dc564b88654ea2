"use client";

import Link from "next/link";
import { useState } from "react";

import { DATA_TABLE, MUTED } from "@/components/ui/styles";
import { TableScroll } from "@/components/ui/table-scroll";
import type { Termination } from "@/lib/contract/termination";
import { formatTime } from "@/lib/format";
import { CAUSE_LABEL, terminationVerdict } from "@/lib/words/termination";

// The verdict's time on the reader's local 24-hour clock, like every time on the node page.
const atLocal = (iso: string) => formatTime(Date.parse(iso));
// Columns shown from the sm breakpoint; below it their values sit under the verdict.
const WIDE = "hidden sm:table-cell";

/** Terminations newest first, one verdict in words each (first after the time: on a phone it is what shows); the raw Kubernetes message on hover. */
export function TerminationsTable({
  terminations,
  label,
  showNode = false,
  newest,
}: {
  terminations: Termination[];
  label: string;
  showNode?: boolean;
  /** Show only this many rows until "Show N older" is pressed (the node page, so a crash-looping pod does not lengthen it). */
  newest?: number;
}) {
  const [all, setAll] = useState(false);
  const folded = !all && newest != null && terminations.length > newest + 1 ? terminations.length - newest : 0;
  return (
    <>
      <TableScroll label={label}>
        {/* On a phone: time and verdict, with pod, cause and node on a line under the verdict. */}
        <table className={`${DATA_TABLE} ${showNode ? "sm:min-w-[48rem]" : "sm:min-w-[36rem]"}`} data-testid="terminations-table">
          <thead className={`text-xs ${MUTED}`}>
            <tr>
              <th>time</th>
              <th>verdict</th>
              <th className={WIDE}>pod</th>
              <th className={WIDE}>cause</th>
              {showNode && <th className={WIDE}>node</th>}
            </tr>
          </thead>
          <tbody>
            {/* folded rows stay in the table (hidden): the table holds every termination, the button only shows them */}
            {terminations.map((t, i) => (
              <tr
                key={t.id}
                className="border-t border-zinc-100 dark:border-zinc-900"
                title={t.message}
                data-cause={t.cause}
                hidden={folded > 0 && i >= newest!}
              >
                <td className="whitespace-nowrap tabular-nums">{t.time ? atLocal(t.time) : "–"}</td>
                <td className="sm:min-w-64">
                  <span data-testid="termination-verdict">{terminationVerdict(t, atLocal)}</span>
                  <span className={`block font-mono text-xs [overflow-wrap:anywhere] sm:hidden ${MUTED}`}>
                    {[t.pod && `${t.namespace}/${t.pod}`, CAUSE_LABEL[t.cause], showNode && t.node].filter(Boolean).join(" · ")}
                  </span>
                </td>
                <td className={`${WIDE} font-mono text-xs [overflow-wrap:anywhere]`}>
                  {t.pod ? (
                    <Link
                      className="text-blue-700 underline dark:text-blue-300"
                      href={`/terminations?pod=${encodeURIComponent(`${t.namespace}/${t.pod}`)}`}
                      title={`Every termination of ${t.namespace}/${t.pod}`}
                    >
                      {t.namespace}/{t.pod}
                    </Link>
                  ) : (
                    "–"
                  )}
                </td>
                <td className={`${WIDE} whitespace-nowrap`}>{CAUSE_LABEL[t.cause]}</td>
                {showNode && (
                  <td className={`${WIDE} font-mono text-xs [overflow-wrap:anywhere]`}>
                    {t.node ? (
                      <Link className="text-blue-700 underline dark:text-blue-300" href={`/nodes/${encodeURIComponent(t.node)}`}>
                        {t.node}
                      </Link>
                    ) : (
                      "–"
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {folded > 0 && (
        <button type="button" className="text-sm text-blue-700 underline dark:text-blue-300" onClick={() => setAll(true)}>
          Show {folded} older
        </button>
      )}
    </>
  );
}
