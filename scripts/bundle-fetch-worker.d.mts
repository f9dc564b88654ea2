export const FETCH_WORKER_FILE: string;
export function bundleFetchWorker(outFile: string): void;
