import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { StatusTag } from "~/components/submission/StatusTag";
import { Pagination } from "~/components/ui/Pagination";
import katexStyles from "katex/dist/katex.min.css";
import prismStyles from "prismjs/themes/prism.css";
import { EditorPanel, type SubmitResult } from "~/components/problem/EditorPanel";
import { FocusFrame } from "~/components/problem/FocusFrame";
import { SplitPane } from "~/components/problem/SplitPane";
import { withBase } from "~/lib/base-path";
import { JudgeStatus, PAGE_SIZE } from "~/lib/constants";
import { formatDateTime, formatMemory, formatMemoryMb, formatTimeMs } from "~/lib/format";
import { displayedLimits } from "~/lib/languages";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { contestProblemDetail, contestProblemList } from "~/services/contest/problems.server";
import { contestSubmissionsSchema, listContestSubmissions } from "~/services/contest/submissions.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";
import { validate } from "~/services/platform/validation.server";
import { codeTemplates, editorLanguages } from "~/services/problem/problems.server";
import { createSubmission, submitSchema } from "~/services/submission/submissions.server";

// A problem inside a contest (spec section 2, /contest/{id}/problem/{displayId}): its display id
// and title, the statement, and the problem page's editor submitting to the contest (the same
// submit path with cid; the policy's contest scope decides). Focus mode (?focus=1) fills the
// screen with a strip of the contest's problems at the bottom. The "My Submission" tab (?tab=mine)
// lists the viewer's own submissions of the problem in the contest, 10 a page, with what the seal
// hides hidden (the contest's submission list, narrowed).

export const handle = { i18n: ["contest-page", "contest", "problem", "judge", "submission"], hideFooter: true };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: withBase(katexStyles) },
  { rel: "stylesheet", href: withBase(prismStyles) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const displayId = params.displayId ?? "";
  let detail: Awaited<ReturnType<typeof contestProblemDetail>>;
  let strip: Awaited<ReturnType<typeof contestProblemList>>["rows"];
  try {
    detail = await contestProblemDetail(base.cs, displayId);
    strip = (await contestProblemList(base.cs)).rows;
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const { problem, contestProblem: cp } = detail;
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "mine" ? "mine" : "description";
  const [editor, mine] = await Promise.all([
    editorLanguages(problem),
    tab === "mine"
      ? listContestSubmissions(
          base.cs,
          contestSubmissionsSchema.parse({ cid: base.cid, onlyMine: true, displayId: cp.displayId, completeProblemID: true, containsEnd: true, currentPage: url.searchParams.get("currentPage") ?? undefined, limit: PAGE_SIZE.ownSubmissions }),
        ).catch((err) => {
          throw contestPageRefusal(err);
        })
      : Promise.resolve(null),
  ]);
  return json({
    cid: base.cid,
    problem: {
      pid: problem._id,
      displayId: cp.displayId,
      title: cp.displayTitle || problem.title,
      color: cp.color,
      limits: displayedLimits(problem),
      stackLimit: problem.stackLimit,
      html: {
        description: renderMarkdownCached(problem.description),
        input: renderMarkdownCached(problem.input),
        output: renderMarkdownCached(problem.output),
        hint: renderMarkdownCached(problem.hint),
      },
      examples: (problem.examples ?? []).map((e) => ({ input: e.input ?? "", output: e.output ?? "" })),
    },
    editor: { ...editor, templates: codeTemplates(problem, editor.languages) },
    myStatus: strip.find((r) => r.pid === problem._id)?.myStatus ?? null,
    strip: strip.map((r) => ({ displayId: r.displayId, color: r.color, myStatus: r.myStatus })),
    focus: url.searchParams.get("focus") === "1",
    tab,
    mine: mine && {
      total: mine.total,
      size: mine.size,
      current: mine.current,
      records: mine.records.map((r) => ({ submitId: r.submitId, status: r.status, score: r.score, time: r.time, memory: r.memory, language: r.language, submitTime: r.submitTime })),
    },
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const t = await getT(request, ["contest", "problem", "judge", "common"]);
  let pid: number;
  try {
    pid = (await contestProblemDetail(base.cs, params.displayId ?? "")).problem._id;
  } catch (err) {
    throw contestPageRefusal(err);
  }
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const language = String(form.get("language") ?? "");
  const refuse = (errors: Record<string, string>, status: number) => json<SubmitResult>({ ok: false, errors, code, language }, { status });
  const v = validate(t, submitSchema, { pid, language, code, cid: base.cid });
  if (!v.ok) return refuse(v.errors, 400);
  let submitId: number;
  try {
    submitId = (await createSubmission(base.user, v.data, { ip: context?.ip }))._id;
  } catch (err) {
    if (err instanceof DomainError) return refuse({ _form: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  if (form.get("js") === "1") return json<SubmitResult>({ ok: true, submitId });
  const cookie = await flash(request, { type: "success", key: "problem:submitted" });
  return siteRedirect(`/contest/${base.cid}/submissions?onlyMine=true`, { headers: { "Set-Cookie": cookie } });
}

function Part({ title, html }: { title: string; html: string }) {
  if (!html) return null;
  return (
    <section className="mt-5">
      <h2 className="mb-2 border-l-4 border-blue-700 pl-2 font-semibold">{title}</h2>
      <div className="statement prose-sm break-words leading-relaxed" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

export default function ContestProblem() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() ?? null;
  const { t } = useTranslation(["contest-page", "problem", "submission", "judge"]);
  const [sp] = useSearchParams();
  const { problem, editor } = data;
  const here = `/contest/${data.cid}/problem/${encodeURIComponent(problem.displayId)}`;
  const detailHref = (submitId: number) => `${here}/submission-detail/${submitId}`;
  /** A tab or a page of "My Submission", keeping the rest of the address (the focus view). */
  const tabHref = (tab: "description" | "mine", page?: number) => {
    const q = new URLSearchParams(sp);
    q.delete("currentPage");
    if (tab === "mine") q.set("tab", "mine");
    else q.delete("tab");
    if (page) q.set("currentPage", String(page));
    const query = q.toString();
    return query ? `${here}?${query}` : here;
  };
  const focusHref = () => {
    const q = new URLSearchParams(sp);
    if (data.focus) q.delete("focus");
    else q.set("focus", "1");
    const query = q.toString();
    return query ? `${here}?${query}` : here;
  };
  const statement = (
    <article className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="contest-statement">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">
          <span className="mr-2 inline-flex items-center gap-1 font-mono text-gray-700">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border" style={{ backgroundColor: problem.color || "transparent" }} />
            {problem.displayId}
          </span>
          {problem.title}
        </h1>
        <Link to={focusHref()} className="text-sm text-blue-700 hover:underline" data-testid="focus-toggle">
          {data.focus ? t("problem:detail.exitFocus") : t("problem:detail.focus")}
        </Link>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
        {problem.limits.map((row) => (
          <span key={row.kind}>
            {t(`problem:detail.timeLimit.${row.kind}`)}: {formatTimeMs(row.time)} · {t(`problem:detail.memoryLimit.${row.kind}`)}: {formatMemoryMb(row.memory)}
          </span>
        ))}
        <span>
          {t("problem:detail.stackLimit")}: {formatMemoryMb(problem.stackLimit)}
        </span>
      </div>
      <nav className="mt-3 flex flex-wrap gap-1 border-b text-sm" aria-label={t("problem:detail.tabsLabel")}>
        {(["description", "mine"] as const).map((key) => (
          <Link
            key={key}
            to={tabHref(key)}
            preventScrollReset
            className={`-mb-px border-b-2 px-3 py-2 ${data.tab === key ? "border-blue-700 text-blue-700" : "border-transparent text-gray-700"}`}
            aria-current={data.tab === key ? "page" : undefined}
          >
            {t(`problem:detail.tabs.${key}`)}
          </Link>
        ))}
      </nav>
      {data.mine ? <MyContestSubmissions mine={data.mine} detailHref={detailHref} pageHref={(n) => tabHref("mine", n)} /> : <Statement problem={problem} />}
    </article>
  );
  const workspace = (
    <div className="rounded bg-white p-3 shadow-sm sm:p-4">
      <EditorPanel
        pid={problem.pid}
        languages={editor.languages}
        defaultLanguage={editor.defaultLanguage}
        templates={editor.templates}
        judgeOnline={editor.judgeOnline}
        signedIn
        myStatus={data.myStatus}
        refused={refused}
        detailHref={detailHref}
        cid={data.cid}
        example={problem.examples[0] ?? null}
      />
    </div>
  );
  const strip = {
    label: t("contest-page:focus.strip"),
    problems: data.strip,
    current: problem.displayId,
    href: (displayId: string) => `/contest/${data.cid}/problem/${encodeURIComponent(displayId)}?focus=1`,
    back: { to: `/contest/${data.cid}/problems`, label: t("contest-page:focus.back") },
  };
  return (
    <FocusFrame focus={data.focus} strip={strip} testId="contest-problem-page">
      <SplitPane left={statement} right={workspace} />
    </FocusFrame>
  );
}

type ProblemData = ReturnType<typeof useLoaderData<typeof loader>>["problem"];

function Statement({ problem }: { problem: ProblemData }) {
  const { t } = useTranslation(["contest-page", "problem"]);
  return (
    <div data-testid="contest-problem-description">
      <Part title={t("problem:detail.description")} html={problem.html.description} />
      <Part title={t("problem:detail.input")} html={problem.html.input} />
      <Part title={t("problem:detail.output")} html={problem.html.output} />
      {problem.examples.map((ex, i) => (
        <section key={i} className="mt-5 grid gap-3 sm:grid-cols-2">
          <div>
            <div className="mb-1 text-sm font-semibold">{t("problem:detail.sampleInput", { n: i + 1 })}</div>
            <pre className="overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>{ex.input}</pre>
          </div>
          <div>
            <div className="mb-1 text-sm font-semibold">{t("problem:detail.sampleOutput", { n: i + 1 })}</div>
            <pre className="overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>{ex.output}</pre>
          </div>
        </section>
      ))}
      <Part title={t("problem:detail.hint")} html={problem.html.hint} />
    </div>
  );
}

type Mine = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["mine"]>;

/** The viewer's own submissions of this problem in the contest; a result the seal hides reads "Submitted Unknown Result". */
function MyContestSubmissions({ mine, detailHref, pageHref }: { mine: Mine; detailHref: (submitId: number) => string; pageHref: (n: number) => string }) {
  const { t } = useTranslation(["submission", "judge"]);
  return (
    <section className="mt-3 overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} data-testid="my-submissions">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-xs text-gray-700">
          <tr>
            <th className="py-2 pr-2">{t("submission:columns.runId")}</th>
            <th className="py-2 pr-2">{t("submission:columns.submitTime")}</th>
            <th className="py-2 pr-2">{t("submission:columns.status")}</th>
            <th className="py-2 pr-2">{t("submission:columns.time")}</th>
            <th className="py-2 pr-2">{t("submission:columns.memory")}</th>
            <th className="py-2 pr-2">{t("submission:columns.language")}</th>
          </tr>
        </thead>
        <tbody>
          {mine.records.length === 0 ? (
            <tr>
              <td colSpan={6} className="py-6 text-center text-gray-700">
                {t("submission:empty")}
              </td>
            </tr>
          ) : null}
          {mine.records.map((s) => (
            <tr key={s.submitId} className="border-b last:border-0" data-testid="my-submission" data-status={s.status}>
              <td className="py-2 pr-2">
                <Link to={detailHref(s.submitId)} className="text-blue-700 underline">
                  {s.submitId}
                </Link>
              </td>
              <td className="whitespace-nowrap py-2 pr-2">
                <time dateTime={String(s.submitTime)} suppressHydrationWarning>
                  {formatDateTime(s.submitTime)}
                </time>
              </td>
              <td className="py-2 pr-2">
                <StatusTag status={s.status} />
                {s.score !== null && s.score !== undefined && s.status !== JudgeStatus.ACCEPTED ? <span className="ml-1 text-xs">{s.score}</span> : null}
              </td>
              <td className="py-2 pr-2">{s.time === null ? "-" : formatTimeMs(s.time)}</td>
              <td className="py-2 pr-2">{s.memory === null ? "-" : formatMemory(s.memory)}</td>
              <td className="py-2 pr-2">{s.language}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination total={mine.total} size={mine.size} current={mine.current} href={pageHref} />
    </section>
  );
}
