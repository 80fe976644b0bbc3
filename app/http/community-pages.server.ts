import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { discussionCommentsRefusal, mayUploadMarkdownImage, type CommunityPlace } from "~/services/access/community.server";
import { groupMemberPageBase } from "./group-page.server";
import { mayAdministerSite } from "~/services/access/policy.server";
import { getCurrentUser } from "~/services/account/session.server";
import { commentSection, speakRefusalFor } from "~/services/community/comments.server";
import {
  createDiscussion,
  deleteDiscussion,
  discussionDetail,
  discussionProblemId,
  discussionInputSchema,
  discussionUpdateSchema,
  listCategories,
  likeDiscussion,
  listDiscussions,
  moderateDiscussion,
  postRefusalFor,
  reportDiscussion,
  reportSchema,
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
import { commentSectionAction, positiveOrNull, truthy } from "./community.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The community pages' edge: a closed area sends the visitor home with its no-access message (spec
// section 2), other refusals become their status.

export function communityPageRefusal(err: unknown, group: GroupArea | null = null): unknown {
  if (!(err instanceof DomainError)) return err;
  if (err.message === "community:noPublicDiscussion") return siteRedirect("/home?notice=noPublicDiscussion");
  if (err.message === "community:noGroupDiscussion") return siteRedirect(group ? `/group/${group.gid}?notice=noGroupDiscussion` : "/home?notice=noGroupDiscussion");
  if (err.message === "community:noContestComment") return siteRedirect("/home?notice=noContestComment");
  if (err.kind === "unauthenticated") return siteRedirect("/home?login=1&notice=pleaseLoginFirst");
  const status = httpStatusOf(err.kind);
  return new Response(status === 404 ? "Not Found" : err.message, { status });
}

/** A group's discussion area as its pages meet it: the group's id and the viewer's place in it. */
export interface GroupArea {
  gid: number;
  place: CommunityPlace;
}

/** The group of `/group/{groupId}/discussion...`: its members only (a visitor logs in first). */
export async function groupDiscussionArea(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupArea> {
  const { gid, view } = await groupMemberPageBase(request, params);
  return { gid, place: { kind: "group", gid, groupAdmin: view.isAdmin } };
}

/** The addresses of an area's pages (and of the problems its discussions are about): the site's, or under a group's. */
export function discussionPaths(group: GroupArea | null) {
  const root = group ? `/group/${group.gid}` : "";
  return { list: `${root}/discussion`, detail: `${root}/discussion-detail`, edit: `${root}/discussion-edit`, problem: `${root}/problem` };
}

/**
 * The discussion list of /discussion, /discussion/{problemId}, /group/{gid}/discussion and
 * /group/{gid}/discussion/{problemId} (a problem the area's discussions may be about, else 404).
 */
export async function discussionListLoader(request: Request, problemId: string | null, group: GroupArea | null = null) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const viewer = await getCurrentUser(request);
  const t = await getT(request, ["community", "common"]);
  try {
    if (problemId !== null) {
      const ref = problemId.trim();
      problemId = ref && ref.length <= 100 ? await discussionProblemId(viewer, ref, group?.place) : null;
      if (!problemId) throw new Response("Not Found", { status: 404 });
    }
    const query = {
      page: pageFrom(q.get("currentPage")),
      categoryId: positiveOrNull(q.get("cid")),
      pid: problemId,
      onlyMine: truthy(q.get("onlyMine")) && !!viewer,
      keyword: (q.get("keyword") ?? "").slice(0, 100),
    };
    const place = group?.place ?? SITE_AREA;
    const [list, categories, refusal] = await Promise.all([listDiscussions(viewer, query, place), listCategories(), postRefusalFor(viewer, place)]);
    return json({
      pageTitle: problemId ? t("list.problemTitle", { pid: problemId }) : group ? t("list.groupTitle") : t("list.title"),
      paths: discussionPaths(group),
      inGroup: !!group,
      problemId,
      query: { keyword: query.keyword, cid: query.categoryId, onlyMine: query.onlyMine, currentPage: query.page },
      list,
      categories: categories.map((c) => ({ id: c._id, name: c.name })),
      signedIn: !!viewer,
      superAdmin: mayAdministerSite(viewer),
      postRefusal: refusal && refusal.kind !== "unauthenticated" ? t(refusal.message, refusal.params ?? {}) : null,
    });
  } catch (err) {
    throw communityPageRefusal(err, group);
  }
}

/** The create and edit form's POST: validated with the /ojapi schema; field errors keep the draft. */
export async function discussionFormAction(request: Request, editId: number | null, group: GroupArea | null = null) {
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
    const place = group?.place ?? SITE_AREA;
    if (editId) await updateDiscussion(user, { ...v.data, id: editId }, place);
    else id = (await createDiscussion(user, v.data, place))._id;
    const cookie = await flash(request, { type: "success", key: editId ? "common:success.update" : "community:flash.posted" });
    return siteRedirect(`${discussionPaths(group).detail}/${id}`, { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    if (err instanceof DomainError) return json({ errors: {} as Record<string, string>, draft, error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

/** The form's data: categories, and the discussion being edited (its author only). */
export async function discussionFormLoader(request: Request, editId: number | null, group: GroupArea | null = null) {
  const user = await requireUser(request);
  const t = await getT(request, ["community", "common"]);
  const url = new URL(request.url);
  const place = group?.place ?? SITE_AREA;
  const paths = discussionPaths(group);
  const canUploadImage = mayUploadMarkdownImage(user, place.kind === "group" && place.groupAdmin);
  const gid = group?.gid ?? null;
  try {
    await requireArea(place);
    const categories = (await listCategories()).map((c) => ({ id: c._id, name: c.name }));
    if (editId) {
      const { discussion, rights } = await discussionDetail(user, editId, place, { countView: false });
      if (!rights.edit) throw new DomainError("forbidden", "community:errors.notAuthor");
      return json({ pageTitle: t("form.editTitle"), categories, canUploadImage, gid, editing: true, backTo: `${paths.detail}/${editId}`, refusal: null as string | null, initial: { title: discussion.title, description: discussion.description, content: discussion.content, categoryId: String(discussion.categoryId), pid: discussion.pid ?? "" } });
    }
    const refusal = await postRefusalFor(user, place);
    const pid = (url.searchParams.get("pid") ?? "").slice(0, 100);
    return json({ pageTitle: t("form.newTitle"), categories, canUploadImage, gid, editing: false, backTo: paths.list, refusal: refusal ? t(refusal.message, refusal.params ?? {}) : null, initial: { title: "", description: "", content: "", categoryId: categories[0] ? String(categories[0].id) : "", pid } });
  } catch (err) {
    throw communityPageRefusal(err, group);
  }
}

/** The page of one discussion: the site's (`/discussion-detail/{id}`) or a group's. */
export async function discussionDetailLoader(request: Request, did: number, group: GroupArea | null = null) {
  const place = group?.place ?? SITE_AREA;
  const url = new URL(request.url);
  const viewer = await getCurrentUser(request);
  try {
    // Read side by side, but the discussion's own refusal (a hidden one is not found) is the answer
    // whichever read fails first; the others' failure counts only once the discussion is readable.
    const discussionRead = discussionDetail(viewer, did, place);
    const othersRead = Promise.all([
      commentSection(viewer, { did }, pageFrom(url.searchParams.get("commentPage")), positiveOrNull(url.searchParams.get("replies"))),
      speakRefusalFor(viewer, place),
      getT(request, ["community", "common"]),
    ]);
    othersRead.catch(() => undefined);
    const detail = await discussionRead;
    const [comments, speak, t] = await othersRead;
    // A hidden discussion is read by its author and the moderators, and takes no new comments.
    const refusal = discussionCommentsRefusal(viewer, detail.discussion, place, "write") ?? speak;
    return json({
      ...detail,
      paths: discussionPaths(group),
      inGroup: !!group,
      comments,
      signedIn: !!viewer,
      commentRefusal: refusal && refusal.kind !== "unauthenticated" ? t(refusal.message, refusal.params ?? {}) : null,
    });
  } catch (err) {
    throw communityPageRefusal(err, group);
  }
}

export type DiscussionAnswer = { discussionError?: string | null; confirmDelete?: boolean; report?: { error: string | null; reason: string; tags: string[] } };

/** The POSTs of a discussion's page: like, pin, delete, report, and its comment section's. */
export async function discussionDetailAction(request: Request, did: number, group: GroupArea | null = null) {
  const place = group?.place ?? SITE_AREA;
  const paths = discussionPaths(group);
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = await getT(request, ["community", "common"]);
  const back = new URL(request.url);
  const done = async (key?: string) => {
    const headers = key ? { "Set-Cookie": await flash(request, { type: "success", key }) } : undefined;
    return siteRedirect(`${paths.detail}/${did}${back.search}`, headers ? { headers } : undefined);
  };
  try {
    if (intent === "like" || intent === "unlike") {
      await likeDiscussion(user, did, intent === "like", place);
      return done(intent === "like" ? "community:flash.liked" : "community:flash.unliked");
    }
    if (intent === "pin" || intent === "unpin") {
      await moderateDiscussion(user, did, { topPriority: intent === "pin" }, place);
      return done("common:success.update");
    }
    if (intent === "delete") {
      if (form.get("confirmed") !== "1") return json<DiscussionAnswer>({ confirmDelete: true });
      await deleteDiscussion(user, did, place);
      return siteRedirect(paths.list, { headers: { "Set-Cookie": await flash(request, { type: "success", key: "community:flash.deleted" }) } });
    }
    if (intent === "report") {
      const tags = form.getAll("tags").map(String);
      const reason = String(form.get("reason") ?? "");
      const v = validate(t, reportSchema, { did, tags, reason });
      if (!v.ok) return json<DiscussionAnswer>({ report: { error: Object.values(v.errors)[0] ?? "", reason, tags } }, { status: 400 });
      await reportDiscussion(user, v.data, place);
      return done("community:flash.reported");
    }
  } catch (err) {
    if (err instanceof DomainError) return json<DiscussionAnswer>({ discussionError: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const answer = await commentSectionAction(request, user, form, { did });
  return answer ?? done();
}
