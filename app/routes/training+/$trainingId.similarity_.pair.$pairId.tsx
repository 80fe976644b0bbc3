import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PairView } from "~/components/similarity/PairView";
import { trainingSimilarityBase, similarityPairData } from "~/http/similarity-page.server";

// One pair of a similarity check side by side, for those who may read the check.

export const handle = { i18n: ["training", "similarity"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await similarityPairData(request, await trainingSimilarityBase(request, params), params));
}

export default function SimilarityPair() {
  return <PairView data={useLoaderData<typeof loader>()} />;
}
