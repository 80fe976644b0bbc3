import { json } from "@remix-run/node";
import { mayUploadMarkdownImage } from "~/services/access/community.server";
import { bankScope } from "~/services/access/policy.server";
import { isSuperAdmin } from "~/services/access/roles.server";
import { problemByRef } from "~/services/problem/problems.server";
import { getCurrentUser } from "~/services/account/session.server";
import {
  createDiscussion,
  discussionDetail,
  discussionInputSchema,
  discussionUpdateSchema,
  listCategories,
  listDiscussions,
  postRefusalFor,
  requireArea,
  SITE_AREA,
  updateDiscussion,
} from "~/services/community/discussions.server";
import { validate } from "~/services/platform/validation.server";
import { flash } from "./flash.server";
import { requireUser } from "./guards.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { pageFrom } from "~/lib/format";
import { positiveOrNull, truthy } from "./community.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The community pages' edge: a closed area sends the visitor home with its no-access message (spec
// section 2), other refusals become their status.

export function communityPageRefusal(err: unknown): unknown {
  if (!(err instanceof DomainError)) return err;
  if (err.message === "community:noPublicDiscussion") return siteRedirect("/home?notice=noPublicDiscussion");
  if (err.message === "community:noContestComment") return siteRedirect("/home?notice=noContestComment");
  if (err.kind === "unauthenticated") return siteRedirect("/home?login=1&notice=pleaseLoginFirst");
  const status = httpStatusOf(err.kind);
  return new Response(status === 404 ? "Not Found" : err.message, { status });
}

/** The discussion list of /discussion and /discussion/{problemId}. */
export async function discussionListLoader(request: Request, problemId: string | null) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const viewer = await getCurrentUser(request);
  const t = await getT(request, ["community", "common"]);
  if (problemId !== null) {
    const problem = await problemByRef(problemId);
    if (!problem || !bankScope.seesProblem(viewer, problem)) throw new Response("Not Found", { status: 404 });
    problemId = problem.problemId;
  }
  try {
    const query = {
      page: pageFrom(q.get("currentPage")),
      categoryId: positiveOrNull(q.get("cid")),
      pid: problemId,
      onlyMine: truthy(q.get("onlyMine")) && !!viewer,
      keyword: (q.get("keyword") ?? "").slice(0, 100),
    };
    const [list, categories, refusal] = await Promise.all([listDiscussions(viewer, query), listCategories(), postRefusalFor(viewer, SITE_AREA)]);
    return json({
      pageTitle: problemId ? t("list.problemTitle", { pid: problemId }) : t("list.title"),
      problemId,
      query: { keyword: query.keyword, cid: query.categoryId, onlyMine: query.onlyMine, currentPage: query.page },
      list,
      categories: categories.map((c) => ({ id: c._id, name: c.name })),
      signedIn: !!viewer,
      superAdmin: isSuperAdmin(viewer),
      postRefusal: refusal && refusal.kind !== "unauthenticated" ? t(refusal.message, refusal.params ?? {}) : null,
    });
  } catch (err) {
    throw communityPageRefusal(err);
  }
}

/** The create and edit form's POST: validated with the /ojapi schema; field errors keep the draft. */
export async function discussionFormAction(request: Request, editId: number | null) {
  const user = await requireUser(request);
  const t = await getT(request, ["community", "common"]);
  const form = await request.formData();
  const draft = {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    content: String(form.get("content") ?? ""),
    categoryId: String(form.get("categoryId") ?? ""),
    pid: String(form.get("pid") ?? ""),
  };
  const v = editId ? validate(t, discussionUpdateSchema, { ...draft, id: editId }) : validate(t, discussionInputSchema, draft);
  if (!v.ok) return json({ errors: v.errors, draft, error: null as string | null }, { status: 400 });
  try {
    let id = editId;
    if (editId) await updateDiscussion(user, { ...v.data, id: editId });
    else id = (await createDiscussion(user, v.data))._id;
    const cookie = await flash(request, { type: "success", key: editId ? "common:success.update" : "community:flash.posted" });
    return siteRedirect(`/discussion-detail/${id}`, { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    if (err instanceof DomainError) return json({ errors: {} as Record<string, string>, draft, error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

/** The form's data: categories, and the discussion being edited (its author only). */
export async function discussionFormLoader(request: Request, editId: number | null) {
  const user = await requireUser(request);
  const t = await getT(request, ["community", "common"]);
  const url = new URL(request.url);
  try {
    await requireArea(SITE_AREA);
    const categories = (await listCategories()).map((c) => ({ id: c._id, name: c.name }));
    if (editId) {
      const { discussion, rights } = await discussionDetail(user, editId, SITE_AREA, { countView: false });
      if (!rights.edit) throw new DomainError("forbidden", "community:errors.notAuthor");
      return json({ pageTitle: t("form.editTitle"), categories, canUploadImage: mayUploadMarkdownImage(user), editing: true, backTo: `/discussion-detail/${editId}`, refusal: null as string | null, initial: { title: discussion.title, description: discussion.description, content: discussion.content, categoryId: String(discussion.categoryId), pid: discussion.pid ?? "" } });
    }
    const refusal = await postRefusalFor(user, SITE_AREA);
    const pid = (url.searchParams.get("pid") ?? "").slice(0, 100);
    return json({ pageTitle: t("form.newTitle"), categories, canUploadImage: mayUploadMarkdownImage(user), editing: false, backTo: "/discussion", refusal: refusal ? t(refusal.message, refusal.params ?? {}) : null, initial: { title: "", description: "", content: "", categoryId: categories[0] ? String(categories[0].id) : "", pid } });
  } catch (err) {
    throw communityPageRefusal(err);
  }
}
