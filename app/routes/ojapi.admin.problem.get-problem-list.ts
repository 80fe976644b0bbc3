import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/services/api.server";
import { toHojProblem } from "~/services/hoj-problem.server";
import { listAdminProblems } from "~/services/problem-admin.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";

// GET ?limit&currentPage&keyword&auth: the admin problem list, HOJ's page shape.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const q = queryParams(request);
  const auth = q.auth ? Number(q.auth) : undefined;
  const list = await listAdminProblems({ keyword: q.keyword, page: Number(q.currentPage) || 1, limit: Number(q.limit) || undefined, auth });
  const docs = await Problem.find({ _id: { $in: list.records.map((r) => r._id) } }).lean<ProblemDoc[]>();
  const byId = new Map(docs.map((d) => [d._id, d]));
  return {
    records: list.records.map((r) => byId.get(r._id)).filter((d): d is ProblemDoc => !!d).map(toHojProblem),
    total: list.total,
    size: list.limit,
    current: list.page,
    pages: Math.max(1, Math.ceil(list.total / list.limit)),
  };
}, ["admin-problem"]);
