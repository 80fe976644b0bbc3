import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { problemLanguages, problemLanguagesSchema } from "~/services/problem/languages.server";
import { getCurrentUser } from "~/services/account/session.server";

// GET /ojapi/get-problem-languages?pid=: the offered languages of one problem.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { pid } = parseWith(problemLanguagesSchema, queryParams(request));
  return problemLanguages(await getCurrentUser(request), pid);
}, ["judge"]);
