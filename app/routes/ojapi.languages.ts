import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/services/api.server";
import { languagesQuerySchema, listLanguages } from "~/services/languages.server";
import { getCurrentUser } from "~/services/session.server";

// GET /ojapi/languages?all=&pid=: the languages offered (HOJ Language shape).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = parseWith(languagesQuerySchema, queryParams(request));
  return listLanguages(await getCurrentUser(request), q);
}, ["judge"]);
