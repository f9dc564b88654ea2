// A small POSIX-shell-like word splitter for pasted kubelet command lines and env files.

/**
 * Splits text into words like a POSIX shell without expansion.
 *
 * Whitespace separates, '…' is literal, "…" honours \" \\ \$ \`, a backslash escapes the next character,
 * backslash-newline joins lines, and `#` starts a comment at the beginning of a word.
 * @example splitShellWords(`--a="x y" --b 'z'`) // ["--a=x y", "--b", "z"]
 */
export function splitShellWords(text: string): string[] {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? "";
    if (c === "\\") {
      const next = text[i + 1];
      i++;
      if (next === undefined) cur += "\\";
      else if (next !== "\n") cur += next;
      if (next !== "\n") inWord = true;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1);
      const stop = end < 0 ? text.length : end;
      cur += text.slice(i + 1, stop);
      i = stop;
      inWord = true;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        const d = text[i] ?? "";
        const n = text[i + 1];
        if (d === "\\" && n !== undefined && '"\\$`\n'.includes(n)) {
          if (n !== "\n") cur += n;
          i += 2;
          continue;
        }
        cur += d;
        i++;
      }
      inWord = true;
      continue;
    }
    if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
      continue;
    }
    if (c === "#" && !inWord) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl - 1;
      continue;
    }
    cur += c;
    inWord = true;
  }
  if (inWord) words.push(cur);
  return words;
}
