/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Every asset URL is rewritten at run time when BASE_PATH is not "/" (see server.ts).
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  serverBuildPath: "build/index.js",
  tailwind: true,
  postcss: true,
  // Heavy browser-only packages stay out of the server bundle decisions made by Remix.
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-utils/],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
