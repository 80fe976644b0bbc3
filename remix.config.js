import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes live in a folder per feature (app/routes/contest+/, group+/, admin+/, ojapi+/ …): a
  // `name+` folder adds `name.` to the flat route names inside it, a `_name+` folder groups files
  // without adding to their addresses (remix-flat-routes' hybrid routes).
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"] }),
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
