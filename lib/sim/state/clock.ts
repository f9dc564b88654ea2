// The simulator's only source of time. Tests drive it by hand (`advance`), the demo lets it follow
// the wall clock; either way every timestamp the sim writes comes from here, so a seeded run with
// the same steps produces the same objects.

/** A periodic job run by the clock; `next` is the simulated ms when it is next due. */
interface Job {
  every: number;
  next: number;
  run: (now: number) => void;
}

export type ClockMode = "manual" | "realtime";

export interface ClockOptions {
  /** Simulated start time (ms since epoch or RFC3339). Default 2026-01-01T00:00:00Z. */
  start?: number | string;
  /** "manual" (tests: only `advance` moves time) or "realtime" (demo). */
  mode?: ClockMode;
  /** Real-time speed factor: 1 = wall clock. */
  speed?: number;
}

export class SimClock {
  private current: number;
  private readonly jobs: Job[] = [];
  private timer: NodeJS.Timeout | undefined;
  mode: ClockMode;
  private speed: number;

  constructor(opts: ClockOptions = {}) {
    const s = opts.start ?? "2026-01-01T00:00:00Z";
    this.current = typeof s === "number" ? s : Date.parse(s);
    this.mode = opts.mode ?? "manual";
    this.speed = opts.speed ?? 1;
  }

  /** Returns the simulated time in ms since the epoch. */
  now(): number {
    return this.current;
  }

  /** Returns the simulated time as RFC3339 with second precision (the API server's format). */
  iso(): string {
    return rfc3339(this.current);
  }

  /** Registers `run` every `everySeconds` of simulated time, first after `offsetSeconds`. */
  every(everySeconds: number, run: (now: number) => void, offsetSeconds = everySeconds): void {
    this.jobs.push({ every: everySeconds * 1000, next: this.current + offsetSeconds * 1000, run });
  }

  /** Moves simulated time forward, running every due job in time order (deterministic). */
  advance(seconds: number): void {
    this.advanceTo(this.current + seconds * 1000);
  }

  /** Moves simulated time to `target` ms, running due jobs in order; ties run in registration order. */
  advanceTo(target: number): void {
    for (;;) {
      let due: Job | undefined;
      for (const j of this.jobs) if (j.next <= target && (!due || j.next < due.next)) due = j;
      if (!due) break;
      this.current = Math.max(this.current, due.next);
      due.next += due.every;
      due.run(this.current);
    }
    this.current = Math.max(this.current, target);
  }

  /** Starts following the wall clock (realtime mode); a no-op in manual mode. */
  start(): void {
    if (this.mode !== "realtime" || this.timer) return;
    let last = Date.now();
    // 250 ms is fine-grained enough for 10 s kubelet cycles and cheap when idle.
    this.timer = setInterval(() => {
      const t = Date.now();
      this.advance(((t - last) / 1000) * this.speed);
      last = t;
    }, 250);
    this.timer.unref();
  }

  /** Switches a manual clock to follow the wall clock from now on (the demo, after its warm-up). */
  follow(speed = 1): void {
    this.mode = "realtime";
    this.speed = speed;
    this.start();
  }

  /** Stops following the wall clock. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

// The last text made for each of 4 096 seconds (direct-mapped by second): a LIST of 150 000 pods
// formats ~10 timestamps a pod, nearly all of them seconds it formatted before, and building each
// anew through Date and a replace was a tenth of the simulated API server's time.
const SLOTS = 4096;
const slotSecond = new Float64Array(SLOTS).fill(NaN);
const slotText: string[] = new Array<string>(SLOTS).fill("");

/** Formats ms since epoch as RFC3339 without fractional seconds, like metav1.Time. */
export function rfc3339(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (!Number.isSafeInteger(second)) return new Date(second * 1000).toISOString(); // throws as before on NaN
  const slot = ((second % SLOTS) + SLOTS) % SLOTS;
  if (slotSecond[slot] !== second) {
    slotSecond[slot] = second;
    slotText[slot] = new Date(second * 1000).toISOString().replace(".000Z", "Z");
  }
  return slotText[slot]!;
}

/** Formats ms since epoch as RFC3339 with microseconds, like metav1.MicroTime. */
export function rfc3339Micro(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, ".$1000Z");
}
