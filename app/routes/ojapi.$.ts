import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ApiError, apiRoute } from "~/services/api.server";

// Unknown /ojapi paths answer in API terms (the wrapper with 404), not with the HTML 404 page.
async function notFound(): Promise<never> {
  throw new ApiError(404, "errors.notFound");
}

export const loader = apiRoute<LoaderFunctionArgs>(notFound);
export const action = apiRoute<ActionFunctionArgs>(notFound);
