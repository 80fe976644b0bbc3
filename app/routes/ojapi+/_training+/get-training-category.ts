import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { categoryJson, listCategories } from "~/services/training/categories.server";
import { SITE } from "~/services/training/scope.server";

// GET /ojapi/get-training-category: the site's training categories (TrainingCategory).
export const loader = apiRoute(async (_args: LoaderFunctionArgs) => (await listCategories(SITE)).map(categoryJson), ["training"]);
