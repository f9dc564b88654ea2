import "server-only";

import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { z } from "zod";

// Node-pool profiles for kubelets whose /configz is forbidden or absent: a label selector picks
// the nodes, and the profile gives their KubeletConfiguration and/or kubelet flags.
//   profiles:
//     - name: eks-general
//       selector: "eks.amazonaws.com/nodegroup=ng-general"
//       kubeletConfig: { evictionHard: { memory.available: 100Mi } }
//       kubeletFlags: "--system-reserved=memory=1Gi"

const profileSchema = z.object({
  name: z.string(),
  selector: z.string().default(""),
  kubeletConfig: z.record(z.string(), z.unknown()).optional(),
  kubeletFlags: z.string().optional(),
});
const fileSchema = z.object({ profiles: z.array(profileSchema).default([]) });

export type Profile = z.infer<typeof profileSchema> & { matches: (labels: Record<string, string>) => boolean };

type Term = (labels: Record<string, string>) => boolean;

/** Parses an equality/set-based label selector ("a=b,c!=d,e,!f,g in (x,y),h notin (z)"). */
export function parseSelector(sel: string): Term {
  const terms: Term[] = [];
  for (const raw of sel.match(/(?:[^,(]+|\([^)]*\))+/g) ?? []) {
    const t = raw.trim();
    if (!t) continue;
    let m: RegExpExecArray | null;
    if ((m = /^([\w./-]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(t))) {
      const [, k, op, list] = m as unknown as [string, string, string, string];
      const vals = new Set(list.split(",").map((v) => v.trim()));
      terms.push(op === "in" ? (l) => l[k] !== undefined && vals.has(l[k]!) : (l) => l[k] === undefined || !vals.has(l[k]!));
    } else if ((m = /^([\w./-]+)\s*(==|=|!=)\s*([\w.-]*)$/.exec(t))) {
      const [, k, op, v] = m as unknown as [string, string, string, string];
      terms.push(op === "!=" ? (l) => l[k] !== v : (l) => l[k] === v);
    } else if ((m = /^!\s*([\w./-]+)$/.exec(t))) {
      const k = m[1]!;
      terms.push((l) => l[k] === undefined);
    } else if ((m = /^([\w./-]+)$/.exec(t))) {
      const k = m[1]!;
      terms.push((l) => l[k] !== undefined);
    } else throw new Error(`profiles: bad selector term ${JSON.stringify(t)}`);
  }
  return (l) => terms.every((f) => f(l));
}

/** Parses profile YAML text; throws one line naming the bad field. */
export function parseProfiles(text: string): Profile[] {
  const r = fileSchema.safeParse(parse(text) ?? {});
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new Error(`profiles: ${i.path.join(".")}: ${i.message}`);
  }
  return r.data.profiles.map((p) => ({ ...p, matches: parseSelector(p.selector) }));
}

/** Loads the profiles file (none configured → no profiles). */
export function loadProfiles(file: string | undefined): Profile[] {
  return file ? parseProfiles(readFileSync(file, "utf8")) : [];
}

/** Returns the first profile whose selector matches the node's labels. */
export function profileFor(profiles: readonly Profile[], labels: Record<string, string>): Profile | undefined {
  return profiles.find((p) => p.matches(labels));
}
