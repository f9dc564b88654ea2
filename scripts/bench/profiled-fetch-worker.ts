// The collection thread's entry for `npm run bench:replicas` with BENCH_CPU_PROF: the real entry
// (lib/k8s/io/fetch-worker.ts), and a CPU profile of this thread between the "start" and the
// "stop" that replica-process.ts posts around its steady window (profile-channel.ts). Node's
// --cpu-prof cannot do that: it reaches tsx's launcher, not the replica.
import { BroadcastChannel } from "node:worker_threads";

import "../../lib/k8s/io/fetch-worker";

import { PROFILE_CHANNEL, startProfile, type ProfileMessage } from "./profile-channel";

const channel = new BroadcastChannel(PROFILE_CHANNEL);
let stop: ((file: string) => Promise<void>) | undefined;
channel.onmessage = (event) => {
  const m = (event as { data: ProfileMessage }).data;
  void (async () => {
    if ("start" in m) {
      stop = await startProfile();
      return;
    }
    await stop?.(m.stop);
    channel.close();
  })();
};
// The channel must not keep the thread alive when the process closes it.
channel.unref();
