// The repository's import graph, read with TypeScript's own pre-processor (no type-check, no
// bundler): every static and dynamic import of every .ts/.tsx/.mjs file outside node_modules,
// resolved to a repository file when it names one ("@/lib/x", "./x", "../x.ts").
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";

const SKIP = new Set(["node_modules", ".next", ".git", "test-results", "playwright-report", "artifacts"]);
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts", "/index.tsx"];

function sourceFiles(root: string, dir = root): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(root, path));
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".d.ts") && !name.endsWith(".d.mts")) out.push(relative(root, path));
  }
  return out;
}

function resolveImport(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = join(root, dirname(from), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return null;
}

/** file → the repository files it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    const targets = info.importedFiles.map((f) => resolveImport(root, file, f.fileName)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * Concepts split into sub-folders only to keep folders small (docs/architecture.md): each is one
 * layer, so its sub-folders may import each other. Every other folder is a layer of its own.
 */
const SPLIT_FOR_SIZE: Record<string, string[]> = {
  "lib/eviction": ["config", "document", "node", "pods", "quantities"],
  "lib/k8s": ["documents", "io", "metrics", "replicas", "store"],
  "lib/k8s/replicas": ["merge", "peer"],
  "lib/sim": ["apiserver", "kubelet", "state"],
};

/** The folder a file belongs to for layering ("lib/k8s/store/cache.ts" → "lib/k8s"; "lib/contract/dto.ts" → "lib/contract"). */
export function folderOf(file: string): string {
  // a split folder's own sub-folders belong to it too ("lib/k8s/replicas/peer" → "lib/k8s")
  let dir = dirname(file);
  for (let parent = dirname(dir); SPLIT_FOR_SIZE[parent]?.includes(dir.slice(parent.length + 1)); parent = dirname(dir))
    dir = parent;
  return dir;
}

/** Folder-level edges (a → b when a file in a imports a file in b), without self edges. */
export function folderEdges(graph: Map<string, string[]>): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const a = folderOf(file);
      const b = folderOf(target);
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
    }
  }
  return edges;
}

/** Strongly connected groups of more than one folder (Tarjan), each sorted, with one file edge per link as evidence. */
export function folderCycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return groups;
}
