import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SimilarityReport } from "~/components/similarity/SimilarityReport";
import { contestSimilarityBase, similarityAction, similarityPageData } from "~/http/similarity-page.server";

// A contest's code similarity checks (its admins and the site's admins; 404 for everyone else):
// the start form, the checks with their progress, the chosen check's pairs.

export const handle = { i18n: ["contest-page", "contest", "similarity"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await similarityPageData(request, await contestSimilarityBase(request, params)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return similarityAction(request, await contestSimilarityBase(request, params));
}

export default function Similarity() {
  return <SimilarityReport data={useLoaderData<typeof loader>()} />;
}
