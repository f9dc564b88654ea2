"use client";

import { useEffect, useState, type RefObject } from "react";
import { flushSync } from "react-dom";

// How far outside the viewport a chart starts drawing: two-thirds of a laptop screen ahead, so a
// person scrolling at reading speed finds it drawn.
const AHEAD = "600px";

/**
 * Whether `ref`'s element has come within {@link AHEAD} of the viewport, once (it stays true), or
 * the page is about to print.
 *
 * Why: recharts 3 builds a store and measures text for every chart, ~150 ms of main thread each
 * on a 2-core machine, and the node page has up to twelve of them, most below the first screen.
 * Drawing only those a person scrolls to, as Grafana's panels do, took the node page's load from
 * 3.1–4.2 s to 2.6–3.1 s of main thread there (docs/ci-time.md).
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    // a browser without IntersectionObserver draws every chart, in a task after the first paint
    if (typeof IntersectionObserver === "undefined") {
      const later = setTimeout(() => setNear(true));
      return () => clearTimeout(later);
    }
    const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: `${AHEAD} 0px`,
    });
    seen.observe(el);
    // a printed page has no viewport to scroll: every chart is drawn, at once (flushSync), since
    // the browser prints as soon as its beforeprint handlers return
    const print = () => flushSync(() => setNear(true));
    window.addEventListener("beforeprint", print);
    return () => {
      seen.disconnect();
      window.removeEventListener("beforeprint", print);
    };
  }, [near, ref]);
  return near;
}
