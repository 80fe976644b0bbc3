import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { SimilarityReport } from "~/components/similarity/SimilarityReport";
import { groupSimilarityBase, similarityAction, similarityPageData } from "~/http/similarity-page.server";

// Code similarity checks of a group's own problems (the group's admins and the site's admins; 404
// for its members and everyone else).

export const handle = { i18n: ["group", "group-activity", "similarity"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await similarityPageData(request, await groupSimilarityBase(request, params)));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return similarityAction(request, await groupSimilarityBase(request, params));
}

export default function Similarity() {
  return <SimilarityReport data={useLoaderData<typeof loader>()} />;
}
