// The one access policy (ARCHITECTURE.md "Access and security"): every question "may this viewer
// see or do this, here" is answered by a scope of scopes/ (the bank, a contest, a training, a group)
// or by the site's and the community's rules beside them. Callers import from here.

export * from "./scope.server";
export * from "./scopes/bank.server";
export * from "./scopes/records.server";
export * from "./scopes/contest.server";
export * from "./scopes/training.server";
export * from "./scopes/group.server";
export * from "./ai.server";
export * from "./site.server";
export * from "./scopes/similarity.server";
export * from "./scopes/exports.server";
