import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";

// Unknown /ojapi paths answer in API terms (the wrapper with 404), not with the HTML 404 page.
async function notFound(): Promise<never> {
  throw new DomainError("notFound", "errors.notFound");
}

export const loader = apiRoute<LoaderFunctionArgs>(notFound);
export const action = apiRoute<ActionFunctionArgs>(notFound);
