// Whether a disk signal's projection is only a lower bound: before the kubelet evicts a pod for
// it, image GC (at imageGCHighThresholdPercent) and the eviction manager's reclaim delete unused
// images, and Headroom cannot see how many there are (the Summary reports the image filesystem,
// not which images are unused). When node.status.images and the pods tell the unused bytes
// (node-images.ts), that answers it: none left, the time is exact. Without them, the exception is
// a deletion the history shows that ran out of images (a rise that ended short of GC's low mark).
// The kubelet's rules come from lib/eviction/node/image-gc.ts; this reads the node's data.
import type { HistorySeries } from "@/lib/contract/dto";
import {
  imagesFreedBeforeEviction,
  unusedImagesMayRemain,
  type FilesystemLayout,
  type ImageGcThresholds,
  type SignalReport,
} from "@/lib/eviction";

/** The layout, read off the signals as inferFilesystemLayout reads it off the Summary: a filesystem reported with the same sizes is the same one. */
function layoutOf(signals: readonly SignalReport[]): FilesystemLayout {
  const get = (name: string) => signals.find((s) => s.signal === name);
  const differ = (a?: SignalReport, b?: SignalReport) => !!a && !!b && (a.capacity !== b.capacity || a.available !== b.available);
  const dedicatedImageFs = differ(get("nodefs.available"), get("imagefs.available"));
  return {
    dedicatedImageFs,
    splitContainerFs: dedicatedImageFs && differ(get("imagefs.available"), get("containerfs.available")),
  };
}

/** Whether unused images, as many as Headroom cannot see, come back to `s` before any eviction for it. */
export function imagesFirst(
  s: SignalReport,
  signals: readonly SignalReport[],
  history: HistorySeries | null,
  gc: ImageGcThresholds,
  unusedBytes?: number | null,
): boolean {
  if (!imagesFreedBeforeEviction(s.signal, layoutOf(signals))) return false;
  if (unusedBytes != null) return unusedBytes > 0;
  // GC's marks are in bytes: read the deletions off the filesystem's bytes signal
  const bytes = history?.signals[s.signal.replace(/\.inodesFree$/, ".available")];
  if (!bytes) return true;
  const v = bytes.available;
  const capacity = bytes.capacity ?? s.capacity;
  for (let i = v.length - 1; i > 0; i--) {
    const [a, b] = [v[i - 1], v[i]];
    if (a != null && b != null && b - a > 0.05 * capacity) return unusedImagesMayRemain(b, capacity, gc);
  }
  return true;
}
