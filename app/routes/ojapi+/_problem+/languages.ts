import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { languagesQuerySchema, listLanguages } from "~/services/problem/languages.server";
import { getCurrentUser } from "~/services/account/session.server";

// GET /ojapi/languages?all=&pid=: the languages offered (HOJ Language shape).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = parseWith(languagesQuerySchema, queryParams(request));
  return listLanguages(await getCurrentUser(request), q);
}, ["judge"]);
