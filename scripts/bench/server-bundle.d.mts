export function bundleServerParts(name: string): string;
export function importServerParts(file: string): Promise<typeof import("./server-parts")>;
