import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/services/api.server";
import { problemLanguages, problemLanguagesSchema } from "~/services/languages.server";
import { getCurrentUser } from "~/services/session.server";

// GET /ojapi/get-problem-languages?pid=: the offered languages of one problem.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { pid } = parseWith(problemLanguagesSchema, queryParams(request));
  return problemLanguages(await getCurrentUser(request), pid);
}, ["judge"]);
