import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { publicWebsiteConfig } from "~/services/site/config.server";

// GET /ojapi/get-website-config: the public part of the website configuration (HOJ's shape).
export const loader = apiRoute<LoaderFunctionArgs>(async () => publicWebsiteConfig());
