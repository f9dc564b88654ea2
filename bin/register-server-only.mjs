// Outside Next.js, `import "server-only"` (the guard at the top of lib/k8s modules) must resolve to
// nothing: Next aliases it at build time, Vitest through vitest.config.ts, and the CLI and
// scripts through this resolve hook. Import it before anything that loads lib/k8s.
import { registerHooks } from "node:module";

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === "server-only") return { url: "data:text/javascript,export{}", shortCircuit: true };
    return next(specifier, context);
  },
});
