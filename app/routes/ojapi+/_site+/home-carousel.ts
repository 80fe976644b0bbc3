import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { carouselImages } from "~/services/site/home.server";

// GET /ojapi/home-carousel: the carousel's images ({id, url}); an empty list means the default banner.
export const loader = apiRoute<LoaderFunctionArgs>(async () => carouselImages());
