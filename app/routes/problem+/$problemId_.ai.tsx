import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AiConversation } from "~/components/ai/AiConversation";
import { aiFormInput } from "~/http/ai-chat.server";
import { requireUser } from "~/http/guards.server";
import { httpStatusOf } from "~/http/status.server";
import { AI_LIMITS, type AiMessage } from "~/lib/ai";
import { LIMITS } from "~/lib/constants";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { aiChatSchema, askAi } from "~/services/ai/chat.server";
import { aiEnabled } from "~/services/ai/config.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { codeTemplates, editorLanguages, findVisibleProblem } from "~/services/problem/problems.server";

// The AI helper without JavaScript: the problem page's panel posts its question with the editor's
// code and language here (or the code-analysis button does), and this page answers with the whole
// reply, the conversation so far, and the form to ask again. Same rules and schema as the panel's
// stream (/problem/:problemId/ai-reply) and HOJ's /ojapi/teaching/teachingAiPrompt/ai.

export const handle = { i18n: ["ai", "problem", "judge"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data ? `${data.problem.problemId} · ${data.title}` : undefined);

interface Values {
  language: string;
  code: string;
  question: string;
}

type ActionData = { history: AiMessage[]; values: Values; error: string | null };

async function load(request: Request, problemId: string | undefined) {
  const user = await requireUser(request);
  const problem = await findVisibleProblem(problemId ?? "", user);
  if (!problem) throw new Response("Not Found", { status: 404 });
  return { user, problem };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { problem } = await load(request, params.problemId);
  const [t, editor, enabled] = await Promise.all([getT(request, "ai"), editorLanguages(problem), aiEnabled()]);
  return json({
    title: t("page.title"),
    enabled,
    problem: { problemId: problem.problemId, title: problem.title },
    languages: editor.languages,
    values: { language: editor.defaultLanguage, code: codeTemplates(problem, editor.languages)[editor.defaultLanguage] ?? "", question: "" } satisfies Values,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, problem } = await load(request, params.problemId);
  const t = await getT(request, ["ai", "judge", "common"]);
  const form = await request.formData();
  const { history, question, raw } = aiFormInput(form, problem._id, t);
  const values: Values = { language: raw.language, code: raw.code, question: raw.analyse ? "" : question };
  const v = validate(t, aiChatSchema, raw);
  if (!v.ok) return json<ActionData>({ history, values, error: Object.values(v.errors)[0] ?? t("common:errors.badRequest") }, { status: 400 });
  try {
    const reply = await askAi(user, v.data, request.signal);
    const next: AiMessage[] = [...history, { role: "user" as const, content: question }, { role: "assistant" as const, content: reply }].slice(-AI_LIMITS.historyMax);
    return json<ActionData>({ history: next, values: { ...values, question: "" }, error: null });
  } catch (err) {
    if (err instanceof DomainError) return json<ActionData>({ history, values, error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

const fieldCls = "mt-1 w-full rounded border border-gray-400 p-2 text-sm";

export default function AiPage() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation(["ai", "problem"]);
  const values = posted?.values ?? data.values;
  const history = posted?.history ?? [];
  const problemHref = `/problem/${encodeURIComponent(data.problem.problemId)}`;
  return (
    <div className="mx-auto max-w-4xl p-4" data-testid="ai-page">
      <h1 className="text-xl font-semibold">
        {t("page.title")}: {data.problem.problemId} {data.problem.title}
      </h1>
      <p className="mt-1 text-sm">
        <Link to={problemHref} className="text-brand underline">
          {t("page.back")}
        </Link>
      </p>
      {!data.enabled ? (
        <p className="mt-4 rounded border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" role="status" data-testid="ai-off">
          {t("panel.off")}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-gray-700">{t("panel.intro")}</p>
      <AiConversation messages={history} className="mt-4" />
      {posted?.error ? (
        <p className="mt-3 text-sm text-red-700" role="alert" data-testid="ai-error">
          {posted.error}
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-3" data-testid="ai-page-form" key={history.length}>
        <input type="hidden" name="history" value={JSON.stringify(history)} />
        <label className="block text-sm">
          {t("panel.question")}
          <textarea name="question" defaultValue={values.question} rows={3} maxLength={AI_LIMITS.questionMax} className={fieldCls} data-testid="ai-question-input" />
        </label>
        <label className="block text-sm">
          {t("page.language")}
          <select name="language" defaultValue={values.language} className="ml-2 rounded border border-gray-400 px-2 py-1 text-sm">
            {data.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          {t("page.code")}
          <textarea name="code" defaultValue={values.code} rows={12} maxLength={LIMITS.codeMax} spellCheck={false} className={`${fieldCls} font-mono`} />
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="chat" className="rounded bg-brand px-4 py-1.5 text-sm text-white" data-testid="ai-send">
            {t("panel.send")}
          </button>
          <button type="submit" name="intent" value="analyse" className="rounded border border-gray-400 px-4 py-1.5 text-sm" data-testid="ai-analyse">
            {t("panel.analyse")}
          </button>
        </div>
      </Form>
    </div>
  );
}
