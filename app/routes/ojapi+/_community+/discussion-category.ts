import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { categoryListSchema, listCategories, saveCategories } from "~/services/community/discussions.server";

// /ojapi/discussion-category: GET the categories [{id, name, gmtCreate, gmtModified}] (HOJ's
// Category); POST the whole edited list [{id, name}] (super admin).
const categoryJson = (c: { _id: number; name: string; gmtCreate: Date; gmtModified?: Date }) => ({
  id: c._id,
  name: c.name,
  gmtCreate: c.gmtCreate,
  gmtModified: c.gmtModified ?? c.gmtCreate,
});

export const loader = apiRoute(async (_args: LoaderFunctionArgs) => (await listCategories()).map(categoryJson), ["community"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") throw new DomainError("invalid", "common:errors.badRequest");
  const user = await requireApiUser(request);
  const body: unknown = await bodyParams(request);
  const fields = body as Record<string, unknown>;
  const list = Array.isArray(body) ? body : Array.isArray(fields.categoryList) ? fields.categoryList : null;
  if (!list) throw new DomainError("invalid", "common:errors.badRequest");
  return (await saveCategories(user, parseWith(categoryListSchema, list))).map(categoryJson);
}, ["community"]);
