import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { categoryInputSchema, categoryJson, createCategory, deleteCategory, updateCategory } from "~/services/training/categories.server";
import { SITE } from "~/services/training/scope.server";

// /ojapi/admin/training/category: POST {name, color} (create), PUT {id, name, color}, DELETE ?cid.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    await deleteCategory(user, inputId(q.cid ?? q.id), SITE);
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return categoryJson(await createCategory(user, parseWith(categoryInputSchema, body), SITE));
  if (request.method === "PUT") return categoryJson(await updateCategory(user, inputId(body.id), parseWith(categoryInputSchema, body), SITE));
  throw new DomainError("invalid", "errors.badRequest");
}, ["training"]);
