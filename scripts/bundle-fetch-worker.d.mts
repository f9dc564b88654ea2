export const FETCH_WORKER_FILE: string;
export const ANALYZE_WORKER_FILE: string;
export function bundleFetchWorker(outFile: string, entry?: string[]): void;
export function bundleAnalyzeWorker(outFile: string): void;
export const PROMETHEUS_WORKER_FILE: string;
export function bundlePrometheusWorker(outFile: string): void;
export function bundleServerParts(name: string): string;
