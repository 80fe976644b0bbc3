import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { LIMITS } from "~/lib/constants";
import { useTranslation } from "~/lib/translation";
import { contestPageBase } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { printInputSchema, submitPrint } from "~/services/contest/prints.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// Printing in a contest (spec section 2 "Contest admin helper pages"): a warning, the text (at least
// 50 characters) and the submit. Only when the contest has printing on.

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  if (!base.info.contest.openPrint) throw new Response("Not Found", { status: 404 });
  return json({ cid: base.cid });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const t = await getT(request, ["contest", "common"]);
  const form = await request.formData();
  const content = String(form.get("content") ?? "");
  const v = validate(t, printInputSchema, { cid: base.cid, content });
  if (!v.ok) return json({ error: v.errors.content ?? Object.values(v.errors)[0] ?? "", content }, { status: 400 });
  try {
    await submitPrint(base.cs, v.data);
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}), content }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "contest-page:print.sent" });
  return siteRedirect(`/contest/${base.cid}/print`, { headers: { "Set-Cookie": cookie } });
}

export default function ContestPrint() {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-page");
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5">
      <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">{t("print.warning", { min: LIMITS.printMin })}</p>
      <Form method="post" className="space-y-2" data-testid="print-form">
        <label className="block text-sm text-gray-800" htmlFor="print-content">
          {t("print.content")}
        </label>
        <textarea
          id="print-content"
          name="content"
          rows={16}
          defaultValue={answer?.content ?? ""}
          aria-invalid={answer?.error ? true : undefined}
          aria-describedby={answer?.error ? "print-error" : undefined}
          className="w-full rounded border p-2 font-mono text-sm"
        />
        {answer?.error ? (
          <p id="print-error" role="alert" className="text-sm text-red-700">
            {answer.error}
          </p>
        ) : null}
        <button type="submit" className="rounded bg-blue-700 px-4 py-1 text-sm text-white">
          {t("print.submit")}
        </button>
      </Form>
    </section>
  );
}
