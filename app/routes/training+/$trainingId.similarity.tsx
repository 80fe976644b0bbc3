import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SimilarityReport } from "~/components/similarity/SimilarityReport";
import { trainingSimilarityBase, similarityAction, similarityPageData } from "~/http/similarity-page.server";

// A training's code similarity checks (its admins and the site's admins; 404 for everyone else),
// at the site's address or in its group's frame (group+/$groupId.training.$trainingId.similarity.tsx).

export const handle = { i18n: ["training", "similarity"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await similarityPageData(request, await trainingSimilarityBase(request, params)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return similarityAction(request, await trainingSimilarityBase(request, params));
}

export default function Similarity() {
  return <SimilarityReport data={useLoaderData<typeof loader>()} />;
}
