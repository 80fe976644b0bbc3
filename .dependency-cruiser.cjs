// The layers of the code (docs/DEVELOPING.md, "Layers"), checked by `npx depcruise` in `npm test`:
// routes → http → services → models, each importing only downwards; no import circles.
// app/lib (pure helpers and constants) and app/services/errors.server.ts may be imported from anywhere.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Modules that import each other (even for types only): move the shared piece to the lower one or a small file of its own.",
      from: {},
      to: { circular: true },
    },
    {
      name: "services-not-up",
      severity: "error",
      comment: "Services answer the edge; they never import it (routes, http, components, the root page).",
      from: { path: "^app/services/" },
      to: { path: "^app/(routes|http|components)/|^app/(root|entry\\.server|entry\\.client)\\.tsx$" },
    },
    {
      name: "models-not-up",
      severity: "error",
      comment: "Models are the collections' schemas: they import no services and no edge.",
      from: { path: "^app/models/" },
      to: { path: "^app/(services|http|routes|components)/" },
    },
    {
      name: "http-not-routes",
      severity: "error",
      comment: "The edge helpers serve the routes; a route module is never imported by them.",
      from: { path: "^app/http/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "components-are-views",
      severity: "error",
      comment:
        "Components render what a loader hands them: they may name a service's or an edge helper's " +
        "types, never call them, and never import a route module.",
      from: { path: "^app/components/" },
      to: { path: "^app/(services|http|routes)/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "lib-is-plain",
      severity: "error",
      comment: "app/lib holds pure helpers shared with the browser: no services, models, edge or pages.",
      from: { path: "^app/lib/" },
      to: { path: "^app/(services|models|http|routes|components)/" },
    },
    {
      name: "models-only-from-services",
      severity: "error",
      comment:
        "A collection is read and written in services alone. The edge and the components may name a " +
        "document's type (a type-only import, erased at build), never the model itself.",
      from: { path: "^(app|server)/|^server\\.ts$", pathNot: "^app/(services|models)/" },
      to: { path: "^app/models/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "roles-only-in-access",
      severity: "error",
      comment: "Role codes are the access policy's own business: ask the policy (app/services/access/policy.server.ts) instead.",
      from: { pathNot: "^app/services/access/" },
      to: { path: "^app/services/access/roles\\.server\\.ts$" },
    },
    {
      name: "judge-apart",
      severity: "error",
      comment: "The judge never talks to the store: it shares only app/lib (the protocol, constants) with the site.",
      from: { path: "^judge-service/" },
      to: { path: "^app/", pathNot: "^app/lib/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|public/build|node_modules|\\.data|\\.tools|\\.cache)/" },
    // Type-only imports count: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
