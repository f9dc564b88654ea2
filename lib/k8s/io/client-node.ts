// What Headroom uses of @kubernetes/client-node, and the one module the rest of the code takes its
// values from. "@headroom/client-node" is an esbuild bundle of exactly these exports, generated at
// `npm install` by scripts/bundle-client-node.mjs (which reads the list below) into node_modules;
// its types are the package's own. The package's entry loads its whole generated API (~1 500
// modules, +86 MiB RSS per process: docs/benchmark-rounds.md, "Round six, memory"). To use another
// export, add it here; the next `npm install`, `npm start` or `npm test` bundles it.
// eslint-disable-next-line no-restricted-imports -- the one place the bundle is imported
export { ApiException, CoordinationV1Api, createConfiguration, KubeConfig, ServerConfiguration } from "@headroom/client-node";
