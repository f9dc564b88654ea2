import "server-only";

import type { ClusterCache } from "@/lib/k8s/store/cache";

import { ownerOf } from "./assignment";
import type { Member, Membership } from "./membership";

// Ties membership to the cache: `owns` answers from the current members (memoized per membership,
// since the cache asks once per pod event), and every membership change reshards the cache.

export class Shard {
  private readonly memo = new Map<string, string | undefined>();
  private members: string[] = [];

  constructor(
    readonly membership: Membership,
    readonly identity: string,
  ) {
    membership.onChange((m) => {
      this.members = m;
      this.memo.clear();
    });
  }

  /** The live member that collects `node`, or undefined while there are none (bound: callers pass it on). */
  readonly ownerOf = (node: string): string | undefined => {
    if (this.memo.has(node)) return this.memo.get(node);
    const o = ownerOf(node, this.members);
    this.memo.set(node, o);
    return o;
  };

  /** Whether this replica collects `node` (never while it does not hold its own Lease). */
  readonly owns = (node: string): boolean => this.ownerOf(node) === this.identity;

  /** What a merge across replicas needs now: the live peers, the members and each node's owner. */
  view(): { peers: Member[]; members: string[]; ownerOf: (node: string) => string | undefined } {
    return { peers: this.membership.peers(), members: this.membership.members(), ownerOf: this.ownerOf };
  }

  /** Reshards the cache on every membership change (after `owns` sees the new members). */
  attach(cache: ClusterCache): () => void {
    return this.membership.onChange(() => cache.reshard());
  }
}
