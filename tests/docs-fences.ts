// Shell blocks in README.md and docs/: each one is either run by a test it names or marked as an
// illustration. The marker is the fence's info string:
//   ```sh illustration                      a command shown, not run (it needs a real cluster, …)
//   ```sh tested-by=FILE [FILE…]            each command is run by FILE (a test, a config, .ci/run)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Shell languages, and the first words that make an unlabelled block a shell block. */
const SHELL = /^(sh|bash|shell|console|zsh)$/;
const LOOKS_LIKE_SHELL = /^(\$ )?(npm|npx|node|kubectl|curl|jq|helm|docker|apt-get|sudo|git|[A-Z_]+=\S*)(\s|$)/;

export interface Fence {
  line: number;
  lang: string;
  attrs: string[];
  body: string[];
}

/** The fenced code blocks of a Markdown text. */
export function fences(text: string): Fence[] {
  const out: Fence[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [lang = "", ...attrs] = open[1]!.trim().split(/\s+/).filter(Boolean);
    const start = i;
    const body: string[] = [];
    while (++i < lines.length && !lines[i]!.startsWith("```")) body.push(lines[i]!);
    out.push({ line: start + 1, lang, attrs, body });
  }
  return out;
}

export const isShell = (f: Fence) => SHELL.test(f.lang) || (f.lang === "" && LOOKS_LIKE_SHELL.test(f.body[0] ?? ""));

/** The commands of a block: comments dropped, continuations joined, split on && ; and |. */
export function commands(body: string[]): string[] {
  const joined = body
    .map((l) => l.replace(/\s+#.*$/, "").replace(/^#.*$/, ""))
    .join("\n")
    .replace(/\\\n\s*/g, " ");
  return joined
    .split(/\n|&&|;|\|/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/**
 * What a test file must contain for a command to count as run: its leading words (program and
 * subcommands, up to three; the subcommands on one line, as a test spells out an argument list), stopping at a flag, path, value or placeholder), with `npm run X` and
 * `npx BIN` replaced by what package.json runs for them.
 */
function evidence(command: string, root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
    bin: Record<string, string>;
  };
  const words: string[] = [];
  for (const w of command.replace(/^[A-Z_]+=\S+\s+/g, "").split(/\s+/)) {
    if (!/^[a-z][\w:-]*$/.test(w) || words.length === 3) break;
    words.push(w);
  }
  const [a, b, c] = words;
  if (a === "npm" && b === "run" && c && pkg.scripts[c]) return [pkg.scripts[c]];
  if (a === "npx" && b && pkg.bin[b]) return [pkg.bin[b], ...words.slice(2)];
  return words;
}

/** Whether the files named by tested-by= contain the evidence of a command (an npm script counts by name or by what it runs). */
export function runBy(command: string, files: string[], root: string): boolean {
  const text = files.map((f) => readFileSync(join(root, f), "utf8")).join("\n");
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const npm = /^npm (start|test|install)\b/.exec(command);
  if (npm) {
    const script = pkg.scripts[npm[1]!];
    return text.includes(`npm ${npm[1]}`) || (!!script && text.includes(script));
  }
  // The program anywhere in the files; its subcommands together, in order, on one line.
  const [program, ...rest] = evidence(command, root);
  const word = (w: string) => `(?<![\\w-])${w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?![\\w-])`;
  if (!program || !new RegExp(word(program), "m").test(text)) return false;
  return rest.length === 0 || new RegExp(rest.map(word).join("[^\\n]*"), "m").test(text);
}

export const testedBy = (f: Fence) =>
  f.attrs.flatMap((a, i) => (a.startsWith("tested-by=") ? [a.slice("tested-by=".length), ...f.attrs.slice(i + 1)] : []));

export const fileExists = (root: string, f: string) => existsSync(join(root, f));
