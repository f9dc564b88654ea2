// A request target Next cannot route answers 500 deep inside it (decodeURIComponent throws on
// "%FF" or a lone "%"; "*" is no path at all). Checked first, before anything else reads the URL.

/** Why the request target is unusable (a 400), or null when it is a decodable origin-form path. */
export function targetProblem(url: string | undefined): string | null {
  if (!url || !url.startsWith("/")) return "request target: must be a path starting with /";
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  try {
    decodeURIComponent(path);
    if (q >= 0) decodeURIComponent(url.slice(q + 1).replace(/\+/g, " "));
  } catch {
    return "request target: not a valid percent-encoded path or query";
  }
  // Next routes the URL parser's reading of the path, which resolves "..", "%2e%2e" and "\\":
  // "/_next/static/../api/cluster" would be checked as a static file and served as the API.
  // A path that the parser would change is refused, so what is checked is what is served.
  if (new URL(path, "http://headroom.invalid").pathname !== path) return "request target: not a normalised path";
  return null;
}
