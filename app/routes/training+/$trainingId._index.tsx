import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { trainingPageBase } from "~/http/training-page.server";
import { useTranslation } from "~/lib/translation";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";
import { validate } from "~/services/platform/validation.server";
import { registerTraining, registerTrainingSchema } from "~/services/training/trainings.server";
import { clientOf } from "~/http/account.server";

// A training's overview: its description, and for a private training the viewer may not enter
// yet, the password form ("Enter the training password"; "Register training successfully").

export const handle = { i18n: ["training"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { detail } = await trainingPageBase(request, params);
  return json({
    html: renderMarkdownCached(detail.training.description),
    needsPassword: !detail.canEnter,
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { tid, ts, base } = await trainingPageBase(request, params);
  const t = await getT(request, ["training", "common"]);
  const form = await request.formData();
  const v = validate(t, registerTrainingSchema, { tid, password: form.get("password") ?? "" });
  if (!v.ok) return json({ error: Object.values(v.errors)[0] ?? "" }, { status: 400 });
  try {
    await registerTraining(ts, v.data, clientOf(request, context).ip);
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "training:registered" });
  return siteRedirect(base, { headers: { "Set-Cookie": cookie } });
}

export default function TrainingOverview() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("training");
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="training-overview">
      {data.needsPassword ? (
        <Form method="post" className="mb-4 flex flex-wrap items-end gap-2 rounded border border-amber-300 bg-amber-50 p-3" data-testid="training-password-form">
          <label className="flex flex-col text-sm text-gray-800">
            {t("detail.passwordLabel")}
            <input
              type="password"
              name="password"
              placeholder={t("detail.passwordPlaceholder")}
              aria-invalid={answer?.error ? true : undefined}
              className="mt-1 w-64 rounded border px-2 py-1 text-sm"
              autoComplete="off"
            />
          </label>
          <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
            {t("detail.register")}
          </button>
          {answer?.error ? (
            <p role="alert" className="w-full text-sm text-red-700" data-testid="training-password-error">
              {answer.error}
            </p>
          ) : null}
        </Form>
      ) : null}
      <h2 className="mb-2 border-l-4 border-blue-700 pl-2 font-semibold">{t("detail.description")}</h2>
      <div className="statement prose-sm break-words leading-relaxed" dangerouslySetInnerHTML={{ __html: data.html }} />
    </section>
  );
}
