// Fault injection, from the scenario or at run time: slow, hanging, failing or garbled kubelets;
// a throttling or failing API server; dropped watch connections. Which request a probabilistic
// fault hits is drawn from a seeded sequence, so a test run is repeatable.
import type { FaultSpec } from "./scenario";
import { hash01 } from "./units";

export type FaultRule = FaultSpec & { id: number };

export class Faults {
  private rules: FaultRule[] = [];
  private seq = 0;
  private nextId = 1;
  private readonly dropHooks = new Set<() => void>();
  private readonly served = new Map<number, number>();
  private readonly bytes = new Map<number, number>();

  constructor(
    private readonly seed: number,
    initial: FaultSpec[] = [],
  ) {
    for (const f of initial) this.add(f);
  }

  /** Adds a fault rule and returns its id (for `remove`). */
  add(spec: Omit<FaultSpec, "probability"> & { probability?: number }): number {
    const rule = { probability: 1, ...spec, id: this.nextId++ } as FaultRule;
    this.rules.push(rule);
    return rule.id;
  }

  /** How many requests a rule has hit so far (tests check a fault was really served). */
  hits(id: number): number {
    return this.served.get(id) ?? 0;
  }

  /** Adds to the body bytes a rule's responses have written (the `huge` fault counts its own). */
  countBytes(id: number, n: number): void {
    this.bytes.set(id, (this.bytes.get(id) ?? 0) + n);
  }

  /** Body bytes written by a rule's responses so far: how far a client read before it hung up. */
  bytesSent(id: number): number {
    return this.bytes.get(id) ?? 0;
  }

  /** Removes one rule. */
  remove(id: number): void {
    this.rules = this.rules.filter((r) => r.id !== id);
  }

  /** Removes every rule. */
  clear(): void {
    this.rules = [];
  }

  /** Returns the rules in force. */
  list(): FaultRule[] {
    return [...this.rules];
  }

  /** Picks the fault (if any) for a request to a target, node and path. */
  pick(target: FaultSpec["target"], node: string | undefined, path: string): FaultRule | undefined {
    for (const r of this.rules) {
      if (r.target !== target) continue;
      if (r.nodes && (!node || !r.nodes.includes(node))) continue;
      if (r.paths && !r.paths.some((p) => path.startsWith(p))) continue;
      if (r.probability < 1 && hash01(`${this.seed}/fault/${this.seq++}`) >= r.probability) continue;
      this.served.set(r.id, (this.served.get(r.id) ?? 0) + 1);
      return r;
    }
    return undefined;
  }

  /** Closes every open watch connection now, as a restarting API server or a flaky proxy would. */
  dropWatches(): void {
    for (const h of [...this.dropHooks]) h();
  }

  /** Registers an open watch so `dropWatches` can cut it; returns the unregister function. */
  onDrop(hook: () => void): () => void {
    this.dropHooks.add(hook);
    return () => this.dropHooks.delete(hook);
  }
}

/** Resolves after `ms` of wall-clock time (faults delay real sockets, not the sim clock). */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
