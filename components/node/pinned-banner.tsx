"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

import type { Pinned } from "@/components/forecast/use-node-forecast";
import { CopyButton } from "@/components/whatif/copy-button";
import { serializeUrlState, type UrlState } from "@/lib/client/url-state";
import { formatTime } from "@/lib/format";

const BOX = "rounded border-l-4 px-3 py-2 text-sm";

function href(pathname: string, state: UrlState): string {
  // a colon is allowed in a query; "at=2026-11-24T13:31:20Z" reads better than "13%3A31%3A20"
  const qs = serializeUrlState(state).toString().replaceAll("%3A", ":");
  return qs ? `${pathname}?${qs}` : pathname;
}

export interface PinnedBannerProps {
  pinned: Pinned;
  state: UrlState;
}

/**
 * Says what a pinned link (`at=`) shows: "As of 13:31:20" with a "Go live" link, or, for a moment
 * no history reaches, why the live view is shown instead. Nothing for a live view.
 */
export function PinnedBanner({ pinned, state }: PinnedBannerProps) {
  const pathname = usePathname();
  if (pinned.kind === "live") return null;
  const goLive = (
    <Link href={href(pathname, { ...state, at: null })} className="font-medium underline" data-testid="go-live">
      Go live
    </Link>
  );
  if (pinned.kind === "loading")
    return (
      <p role="status" className={`${BOX} border-sky-500 bg-sky-50 dark:bg-sky-950/40`}>
        Reading this node&apos;s history as of {formatTime(pinned.at)}… {goLive}
      </p>
    );
  if (pinned.kind === "outside")
    return (
      <p role="note" data-testid="pinned-outside" className={`${BOX} border-amber-500 bg-amber-50 dark:bg-amber-950/40`}>
        {pinned.note} {goLive}
      </p>
    );
  const from = pinned.source === "prometheus" ? "Prometheus" : "Headroom's in-memory history";
  return (
    <section
      aria-label="Pinned view"
      data-testid="pinned-banner"
      className={`${BOX} border-violet-600 bg-violet-50 text-violet-950 dark:border-violet-400 dark:bg-violet-950/40 dark:text-violet-50`}
    >
      <p>
        <strong data-testid="pinned-at">As of {formatTime(pinned.view.at)}</strong>: signals, charts and the forecast as they were
        then (from {from}); pods, their order and the kubelet&apos;s settings are today&apos;s, as Headroom keeps no history of
        those. {goLive}
      </p>
    </section>
  );
}

/** "Copy link": the live view, or this view pinned to the newest data's moment (`at=`), for a colleague to see what you saw. */
export function CopyLinks({ state, newest }: { state: UrlState; newest: number }) {
  const pathname = usePathname();
  // the origin is the browser's: the button renders after hydration only (node page is client-rendered)
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="copy-links">
      <CopyButton text={origin + href(pathname, { ...state, at: null })} label="Copy live link" what="live link" />
      <CopyButton
        text={origin + href(pathname, { ...state, at: newest })}
        label={`Copy link as of now (${formatTime(newest)})`}
        what="pinned link"
      />
    </span>
  );
}
