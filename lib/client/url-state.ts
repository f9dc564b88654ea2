// The one place that defines the dashboard's URL: view state and what-if settings, parsed from and
// serialized to search params. Shared links must reproduce a view exactly, and hostile or stale
// links must never crash a page: bad values are dropped and reported, never thrown.
import { isSignal, parseGoDuration, parseQuantity, WHAT_IF_KEYS, type Signal, type WhatIf } from "@/lib/eviction/client";

import { labelSelectorError } from "../contract/label-selector";
import { DEFAULT_RANGE, isRange, RANGE_NAMES, type RangeName } from "../contract/ranges";

export const RESERVED_RESOURCES = ["cpu", "memory", "ephemeral-storage", "pid"] as const;
export const SCALE_RESOURCES = ["memory", "ephemeral-storage", "pid"] as const;
// One per fleet column: "memory", "disk" and "pid" are the margin columns, "usage" the memory bar.
export const SORTS = [
  "name",
  "pool",
  "ready",
  "conditions",
  "lease",
  "worst",
  "eviction",
  "memory",
  "disk",
  "pid",
  "psi",
  "usage",
  "pods",
  "stats",
  "findings",
] as const;
export const FILTERS = ["all", "pressure", "notready", "failed"] as const;
export const SCOPES = ["node", "pool", "all"] as const;

type Sort = (typeof SORTS)[number];
type Filter = (typeof FILTERS)[number];
type Scope = (typeof SCOPES)[number];

export interface WhatIfState {
  kubeReserved: Partial<Record<(typeof RESERVED_RESOURCES)[number], string>>;
  systemReserved: Partial<Record<(typeof RESERVED_RESOURCES)[number], string>>;
  evictionHard: Partial<Record<Signal, string>>;
  evictionSoft: Partial<Record<Signal, string>>;
  evictionSoftGracePeriod: Partial<Record<Signal, string>>;
  evictionMinimumReclaim: Partial<Record<Signal, string>>;
  usageScale: Partial<Record<(typeof SCALE_RESOURCES)[number], number>>;
  scope: Scope;
}

export interface UrlState {
  q: string;
  sort: Sort;
  desc: boolean;
  filter: Filter;
  pool: string;
  /** A label selector (`kubectl -l` syntax) the fleet's nodes must match; "" = off. */
  label: string;
  /** Show only nodes whose worst margin fraction is below this (0..1); null = off. */
  marginBelow: number | null;
  signal: Signal;
  /** The node charts' time range (from Prometheus when configured, else the in-memory hour). */
  range: RangeName;
  embed: boolean;
  theme: "light" | "dark" | null;
  /** The node page's what-if panel, when the link says (`whatif=1|0`); null = the default (whatIfOpen). */
  whatIfPanel: "open" | "closed" | null;
  /** Embeds: one panel alone (one of PANELS or `signal:<name>`); null = the whole page. */
  panel: Panel | null;
  whatIf: WhatIfState;
  /** A pinned link: the node view as of this moment (ms since the epoch, from `at=RFC3339`); null = live. */
  at: number | null;
}

// The node page's sections a portal may tile alone; `signal:<name>` is one signal's panel.
const PANELS = ["signals", "ranking", "capacity", "pressure", "terminations", "oom-order"] as const;
type Panel = (typeof PANELS)[number] | `signal:${Signal}`;

/** Reads a `panel` value; null when it is not one. */
function parsePanel(v: string): Panel | null {
  const p = oneOf(PANELS, v);
  if (p) return p;
  return v.startsWith("signal:") && isSignal(v.slice(7)) ? (v as Panel) : null;
}

export interface InvalidParam {
  param: string;
  reason: string;
}

export function emptyWhatIf(): WhatIfState {
  return {
    kubeReserved: {},
    systemReserved: {},
    evictionHard: {},
    evictionSoft: {},
    evictionSoftGracePeriod: {},
    evictionMinimumReclaim: {},
    usageScale: {},
    scope: "node",
  };
}

export const DEFAULT_STATE: Readonly<UrlState> = Object.freeze({
  q: "",
  sort: "memory",
  desc: false,
  filter: "all",
  pool: "",
  label: "",
  marginBelow: null,
  signal: "memory.available",
  range: DEFAULT_RANGE,
  embed: false,
  theme: null,
  whatIfPanel: null,
  panel: null,
  whatIf: emptyWhatIf(),
  at: null,
});

const MAX_VALUE = 128;
// Param prefixes for the what-if maps: short, because the links get pasted into chat.
const MAPS = {
  kr: "kubeReserved",
  sr: "systemReserved",
  eh: "evictionHard",
  es: "evictionSoft",
  gp: "evictionSoftGracePeriod",
  mr: "evictionMinimumReclaim",
} as const;
type MapPrefix = keyof typeof MAPS;

function oneOf<T extends string>(list: readonly T[], v: string): T | undefined {
  return (list as readonly string[]).includes(v) ? (v as T) : undefined;
}

function checkQuantityOrPercent(v: string, allowPercent: boolean): string | null {
  if (allowPercent && /^\d+(\.\d+)?%$/.test(v)) return Number(v.slice(0, -1)) <= 100 ? null : "percentage above 100%";
  try {
    parseQuantity(v);
    return null;
  } catch {
    return allowPercent ? "not a quantity or percentage" : "not a quantity";
  }
}

function checkMapValue(prefix: MapPrefix, key: string, v: string): string | null {
  if (prefix === "kr" || prefix === "sr") {
    if (!oneOf(RESERVED_RESOURCES, key)) return `unknown resource ${key}`;
    return checkQuantityOrPercent(v, false);
  }
  if (!isSignal(key)) return `unknown signal ${key}`;
  if (prefix === "gp") {
    try {
      parseGoDuration(v);
      return null;
    } catch {
      return "not a duration such as 1m30s";
    }
  }
  return checkQuantityOrPercent(v, true);
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function entries(params: Params): [string, string][] {
  if (params instanceof URLSearchParams) return [...params.entries()];
  return Object.entries(params).flatMap(([k, v]) =>
    v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, x] as [string, string]) : [[k, v] as [string, string]],
  );
}

/**
 * What `embed=` means, for every reader (pages, the header, the theme): `1` (or `true`) is embed
 * mode, anything else is not. Read raw by components that only need this one parameter.
 */
export function embedParam(v: string | null): boolean {
  return v === "1" || v === "true";
}

/** What `theme=` means: `light` or `dark` forces that theme; anything else forces none. */
export function themeParam(v: string | null): "light" | "dark" | null {
  return v === "light" || v === "dark" ? v : null;
}

// RFC 3339 with a date, a time and a zone (Date.parse alone takes "2024" or "Nov 24").
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** Reads an `at=` value: ms since the epoch, or null when it is not an RFC 3339 time. */
export function parseAt(v: string): number | null {
  if (!RFC3339.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}

/** Writes a moment as `at=` takes it: UTC RFC 3339, milliseconds only when there are some ("2026-11-24T13:31:20Z"). */
export function formatAt(ms: number): string {
  return new Date(ms).toISOString().replace(".000Z", "Z");
}

/** Parses search params into dashboard state; unknown keys are ignored, bad values dropped and listed. */
export function parseUrlState(params: Params): { state: UrlState; invalid: InvalidParam[] } {
  const state: UrlState = { ...DEFAULT_STATE, whatIf: emptyWhatIf() };
  const invalid: InvalidParam[] = [];
  const bad = (param: string, reason: string) => invalid.push({ param, reason });
  for (const [param, raw] of entries(params)) {
    if (raw.length > MAX_VALUE) {
      bad(param, `longer than ${MAX_VALUE} characters`);
      continue;
    }
    const v = raw.trim();
    const dot = param.indexOf(".");
    const prefix = dot > 0 ? param.slice(0, dot) : param;
    if (prefix in MAPS && dot > 0) {
      const key = param.slice(dot + 1);
      const reason = checkMapValue(prefix as MapPrefix, key, v);
      if (reason) bad(param, reason);
      else (state.whatIf[MAPS[prefix as MapPrefix]] as Record<string, string>)[key] = v;
      continue;
    }
    if (prefix === "scale" && dot > 0) {
      const key = oneOf(SCALE_RESOURCES, param.slice(dot + 1));
      const n = Number(v);
      if (!key) bad(param, "unknown resource");
      else if (v === "" || !Number.isFinite(n) || n < 0 || n > 10) bad(param, "must be a number from 0 to 10");
      else state.whatIf.usageScale[key] = n;
      continue;
    }
    switch (param) {
      case "q":
        state.q = v;
        break;
      case "sort": {
        const s = oneOf(SORTS, v);
        if (s) state.sort = s;
        else bad(param, `must be one of ${SORTS.join(", ")}`);
        break;
      }
      case "desc":
        state.desc = v === "1";
        break;
      case "filter": {
        const f = oneOf(FILTERS, v);
        if (f) state.filter = f;
        else bad(param, `must be one of ${FILTERS.join(", ")}`);
        break;
      }
      case "pool":
        state.pool = v;
        break;
      case "label": {
        const reason = labelSelectorError(v);
        if (reason) bad(param, `not a label selector: ${reason}`);
        else state.label = v;
        break;
      }
      case "margin": {
        const n = Number(v);
        if (v !== "" && Number.isFinite(n) && n >= 0 && n <= 1) state.marginBelow = n;
        else bad(param, "must be a fraction from 0 to 1");
        break;
      }
      case "signal":
        if (isSignal(v)) state.signal = v;
        else bad(param, "unknown signal");
        break;
      case "range":
        if (isRange(v)) state.range = v;
        else bad(param, `must be one of ${RANGE_NAMES.join(", ")}`);
        break;
      case "scope": {
        const s = oneOf(SCOPES, v);
        if (s) state.whatIf.scope = s;
        else bad(param, `must be one of ${SCOPES.join(", ")}`);
        break;
      }
      case "embed":
        state.embed = embedParam(v);
        break;
      case "theme":
        state.theme = themeParam(v);
        if (!state.theme) bad(param, "must be light or dark");
        break;
      case "whatif":
        if (v === "1" || v === "0") state.whatIfPanel = v === "1" ? "open" : "closed";
        else bad(param, "must be 1 (open) or 0 (closed)");
        break;
      case "panel": {
        const p = parsePanel(v);
        if (p) state.panel = p;
        else bad(param, `must be ${PANELS.join(", ")} or signal:<signal name>`);
        break;
      }
      case "at": {
        const ms = parseAt(v);
        if (ms != null) state.at = ms;
        else bad(param, 'must be an RFC 3339 time such as "2026-11-24T13:31:20Z"');
        break;
      }
      default:
        break; // unknown keys (utm_*, old links) are not our business
    }
  }
  return { state, invalid };
}

/** Serializes state to search params, leaving out defaults so links stay short; keys in a stable order. */
export function serializeUrlState(state: UrlState): URLSearchParams {
  const p = new URLSearchParams();
  const d = DEFAULT_STATE;
  if (state.q) p.set("q", state.q);
  if (state.sort !== d.sort) p.set("sort", state.sort);
  if (state.desc) p.set("desc", "1");
  if (state.filter !== d.filter) p.set("filter", state.filter);
  if (state.pool) p.set("pool", state.pool);
  if (state.label) p.set("label", state.label);
  if (state.marginBelow != null) p.set("margin", String(state.marginBelow));
  if (state.signal !== d.signal) p.set("signal", state.signal);
  if (state.range !== d.range) p.set("range", state.range);
  if (state.embed) p.set("embed", "1");
  if (state.theme) p.set("theme", state.theme);
  if (state.whatIfPanel) p.set("whatif", state.whatIfPanel === "open" ? "1" : "0");
  if (state.panel) p.set("panel", state.panel);
  if (state.at != null) p.set("at", formatAt(state.at));
  for (const [prefix, key] of Object.entries(MAPS) as [MapPrefix, (typeof MAPS)[MapPrefix]][]) {
    const m = state.whatIf[key] as Record<string, string>;
    // A what-if box being retyped (blank for a moment) is no setting yet.
    for (const k of Object.keys(m).sort()) if ((m[k] as string).trim() !== "") p.set(`${prefix}.${k}`, m[k] as string);
  }
  for (const k of SCALE_RESOURCES)
    if (state.whatIf.usageScale[k] != null) p.set(`scale.${k}`, String(state.whatIf.usageScale[k]));
  if (state.whatIf.scope !== "node") p.set("scope", state.whatIf.scope);
  return p;
}

/**
 * Tells whether the what-if panel is open: as the link says, else open for a link that carries a
 * what-if (someone shared it to be seen) except in embed mode, where a portal shows the node view.
 */
export function whatIfOpen(state: Pick<UrlState, "whatIfPanel" | "embed" | "whatIf">): boolean {
  if (state.whatIfPanel) return state.whatIfPanel === "open";
  return !state.embed && hasWhatIf(state.whatIf);
}

/** Tells whether any what-if setting differs from live values. */
export function hasWhatIf(w: WhatIfState): boolean {
  return Object.values(w).some((v) => typeof v === "object" && Object.keys(v).length > 0);
}

/** Converts what-if state to the engine contract's `whatIf` object. */
export function toEngineWhatIf(w: WhatIfState): WhatIf {
  const out: WhatIf = {};
  for (const key of WHAT_IF_KEYS) {
    const set = Object.entries(w[key] as Record<string, string>).filter(([, v]) => v.trim() !== "");
    if (set.length) out[key] = Object.fromEntries(set);
  }
  if (Object.keys(w.usageScale).length) out.usageScale = { ...w.usageScale };
  return out;
}
