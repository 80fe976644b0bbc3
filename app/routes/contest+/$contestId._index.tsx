import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ContestAuth } from "~/lib/contest";
import { durationParts } from "~/lib/contest-clock";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { contestPageBase } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { registerContest, registerContestSchema } from "~/services/contest/contests.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";
import { validate } from "~/services/platform/validation.server";
import { clientOf } from "~/http/account.server";

// A contest's overview (spec section 2): the description, the facts of the contest, and for a
// private or protected contest the password form that registers the viewer ("Register contest
// successfully"). What the viewer may not do yet (not started, needs the password) is said here.

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const { contest: c, ctx, json: vo } = base.info;
  const refusal = base.cs.standing.entryRefusal;
  const t = await getT(request, ["contest-page", "contest"]);
  return json({
    contest: {
      id: c._id,
      type: c.type,
      auth: c.auth,
      author: c.author,
      startTime: c.startTime.toISOString(),
      endTime: c.endTime.toISOString(),
      duration: c.duration,
      count: vo.count,
      sealRank: c.sealRank,
      sealRankTime: c.sealRankTime ? c.sealRankTime.toISOString() : null,
      allowEndSubmit: c.allowEndSubmit,
      html: renderMarkdownCached(c.description),
    },
    needsPassword: !base.cs.standing.hasAccess,
    registered: ctx.registered,
    entryRefusal: refusal ? t(refusal.message) : null,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const t = await getT(request, ["contest", "common"]);
  const form = await request.formData();
  const v = validate(t, registerContestSchema, { cid: base.cid, password: form.get("password") ?? "" });
  if (!v.ok) return json({ error: v.errors.password ?? v.errors._form ?? Object.values(v.errors)[0] ?? "" }, { status: 400 });
  try {
    await registerContest(base.cs, v.data, clientOf(request, context).ip);
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "contest:registerSuccess" });
  return siteRedirect(`/contest/${base.cid}`, { headers: { "Set-Cookie": cookie } });
}

export default function ContestOverview() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-page");
  const c = data.contest;
  const d = durationParts(c.duration);
  const facts: Array<[string, string]> = [
    [t("overview.startTime"), formatDateTime(c.startTime)],
    [t("overview.endTime"), formatDateTime(c.endTime)],
    [t("list.duration"), t("list.hoursMinutes", { h: d.h, m: d.m })],
    [t("overview.rule"), t(`type.${c.type}`)],
    [t("overview.auth"), t(`auth.${c.auth}`)],
    [t("overview.author"), c.author],
  ];
  if (c.auth !== ContestAuth.PUBLIC) facts.push([t("overview.participants"), String(c.count)]);
  if (c.sealRank && c.sealRankTime) facts.push([t("overview.sealAt"), formatDateTime(c.sealRankTime)]);
  if (c.allowEndSubmit) facts.push([t("overview.allowEndSubmit"), t("overview.yes")]);
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="contest-overview">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {facts.map(([k, v]) => (
          <div key={k} className="flex gap-2">
            <dt className="text-gray-700">{k}:</dt>
            <dd className="text-gray-900">{v}</dd>
          </div>
        ))}
      </dl>
      {data.needsPassword ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-2 rounded border border-amber-300 bg-amber-50 p-3" data-testid="register-form">
          <label className="flex flex-col text-sm text-gray-800">
            {t("overview.password")}
            <input
              type="password"
              name="password"
              required
              maxLength={100}
              autoComplete="off"
              aria-invalid={answer?.error ? true : undefined}
              aria-describedby={answer?.error ? "register-error" : undefined}
              className="mt-1 w-64 rounded border px-2 py-1"
            />
          </label>
          <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
            {t("overview.register")}
          </button>
          {answer?.error ? (
            <p id="register-error" role="alert" className="w-full text-sm text-red-700">
              {answer.error}
            </p>
          ) : null}
        </Form>
      ) : null}
      {data.registered ? <p className="mt-3 text-sm text-green-800">{t("overview.registered")}</p> : null}
      {data.entryRefusal && !data.needsPassword ? (
        <p className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900" data-testid="entry-refusal">
          {data.entryRefusal}
        </p>
      ) : null}
      <article className="statement prose-sm mt-4 break-words leading-relaxed" dangerouslySetInnerHTML={{ __html: c.html }} />
    </section>
  );
}
