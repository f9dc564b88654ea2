/** @type {import('next').NextConfig} */
const nextConfig = {
  // client-node is ESM with Node-only dependencies (undici, ws); keeping it external halves build
  // memory and keeps it out of the server bundle (docs/stack.md G5).
  serverExternalPackages: ["@kubernetes/client-node"],
  poweredByHeader: false,
  reactStrictMode: true,
};

export default nextConfig;
