// The collection thread's entry for `npm run bench:replicas` with BENCH_CPU_PROF: the real entry
// (lib/k8s/io/fetch-worker.ts), and a CPU profile of this thread between the "start" and the
// "stop" that replica-process.ts posts around its steady window (profile-channel.ts). Node's
// --cpu-prof cannot do that: it reaches tsx's launcher, not the replica.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { BroadcastChannel } from "node:worker_threads";

import "../../lib/k8s/io/fetch-worker";

import { PROFILE_CHANNEL, type ProfileMessage } from "./profile-channel";

const channel = new BroadcastChannel(PROFILE_CHANNEL);
const session = new Session();
channel.onmessage = (event) => {
  const m = (event as { data: ProfileMessage }).data;
  void (async () => {
    if ("start" in m) {
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.start");
      return;
    }
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(m.stop, JSON.stringify(profile));
    session.disconnect();
    channel.close();
  })();
};
// The channel must not keep the thread alive when the process closes it.
channel.unref();
