export function importServerParts(file: string): Promise<typeof import("./server-parts")>;
