import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { StatusTag } from "~/components/submission/StatusTag";
import { JudgeStatus, LIMITS } from "~/lib/constants";
import { formatMemory, formatTimeMs } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { requireUser } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { httpStatusOf } from "~/http/status.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { codeTemplates, editorLanguages, findVisibleProblem } from "~/services/problem/problems.server";
import { getSelfTestResult, selfTestSchema, submitSelfTest, testKeySchema, waitForSelfTestResult, type SelfTestResult } from "~/services/submission/self-test.server";

// The online self-test without JavaScript: the problem page's "Online Test" button posts the
// editor's form here (its code and language), which shows a form with the test input (the first
// sample's to start with); running it posts again and answers once the judge has, with the result
// and the same form to run again. Same service and schema as POST /ojapi/submit-problem-test-judge.

export const handle = { i18n: ["problem", "judge"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageTitle(matches, data ? `${data.problem.problemId} · ${data.title}` : undefined);

interface Values {
  language: string;
  code: string;
  userInput: string;
  expectedOutput: string;
}

type ActionData = { values: Values; errors: Record<string, string> | null; result: SelfTestResult | null; testKey: string | null };

/** The problem, in the bank or (`?gid=`: the group's problem page sent the form) in its group. */
async function load(request: Request, problemId: string | undefined) {
  const user = await requireUser(request);
  const rawGid = new URL(request.url).searchParams.get("gid");
  const gid = rawGid === null ? null : inputId(rawGid);
  let problem;
  try {
    problem = await findVisibleProblem(problemId ?? "", user, { gid });
  } catch (err) {
    if (err instanceof DomainError) throw new Response(err.message, { status: httpStatusOf(err.kind) });
    throw err;
  }
  if (!problem) throw new Response("Not Found", { status: 404 });
  return { user, problem, gid };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, problem, gid } = await load(request, params.problemId);
  const [t, editor] = await Promise.all([getT(request, "problem"), editorLanguages(problem)]);
  const key = new URL(request.url).searchParams.get("key");
  // A result asked for again (the "Refresh" link of a test the judge was slow with).
  let result: SelfTestResult | null = null;
  if (key !== null) {
    const parsed = testKeySchema.safeParse({ testJudgeKey: key });
    if (!parsed.success) throw new Response("Not Found", { status: 404 });
    try {
      result = await getSelfTestResult(user, parsed.data.testJudgeKey);
    } catch (err) {
      if (err instanceof DomainError) throw new Response("Not Found", { status: httpStatusOf(err.kind) });
      throw err;
    }
  }
  const first = problem.examples?.[0];
  return json({
    title: t("selfTest.title"),
    problem: { problemId: problem.problemId, title: problem.title },
    gid,
    languages: editor.languages,
    values: {
      language: editor.defaultLanguage,
      code: codeTemplates(problem, editor.languages)[editor.defaultLanguage] ?? "",
      userInput: (first?.input ?? "").slice(0, LIMITS.testInputMax),
      expectedOutput: first?.output ?? "",
    } satisfies Values,
    result,
    testKey: result ? key : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, problem, gid } = await load(request, params.problemId);
  const t = await getT(request, ["problem", "judge", "common"]);
  const form = await request.formData();
  const first = problem.examples?.[0];
  const text = (name: string, fallback: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : fallback;
  };
  // From the problem page the form carries only the code and the language: show the test form.
  const fromProblemPage = !form.has("userInput");
  const values: Values = {
    language: text("language", ""),
    code: text("code", ""),
    userInput: text("userInput", (first?.input ?? "").slice(0, LIMITS.testInputMax)),
    expectedOutput: text("expectedOutput", first?.output ?? ""),
  };
  if (fromProblemPage) return json<ActionData>({ values, errors: null, result: null, testKey: null });

  const v = validate(t, selfTestSchema, { pid: problem._id, language: values.language, code: values.code, userInput: values.userInput, expectedOutput: values.expectedOutput, type: gid ? "group" : "public", gid });
  if (!v.ok) return json<ActionData>({ values, errors: v.errors, result: null, testKey: null }, { status: 400 });
  try {
    const testKey = await submitSelfTest(user, v.data);
    const result = await waitForSelfTestResult(user, testKey);
    return json<ActionData>({ values, errors: null, result, testKey });
  } catch (err) {
    if (err instanceof DomainError) {
      return json<ActionData>({ values, errors: { _form: t(err.message, err.params ?? {}) }, result: null, testKey: null }, { status: httpStatusOf(err.kind) });
    }
    throw err;
  }
}

const fieldCls = "mt-1 w-full rounded border border-gray-400 p-2 font-mono text-sm";

export default function SelfTestPage() {
  const data = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation(["problem", "judge"]);
  const values = posted?.values ?? data.values;
  const result = posted ? posted.result : data.result;
  const testKey = posted ? posted.testKey : data.testKey;
  const errors = posted?.errors ?? null;
  const problemHref = data.gid ? `/group/${data.gid}/problem/${encodeURIComponent(data.problem.problemId)}` : `/problem/${encodeURIComponent(data.problem.problemId)}`;

  return (
    <div className="mx-auto max-w-4xl p-4" data-testid="self-test-page">
      <h1 className="text-xl font-semibold">
        {t("selfTest.title")}: {data.problem.problemId} {data.problem.title}
      </h1>
      <p className="mt-1 text-sm text-gray-700">{t("selfTest.noJsHint")}</p>
      <p className="mt-1 text-sm">
        <Link to={problemHref} className="text-brand underline">
          {t("selfTest.back")}
        </Link>
      </p>

      {result ? (
        <section className="mt-4 space-y-2 rounded border p-3 text-sm" data-testid="self-test-result" aria-live="polite">
          <div className="flex items-center gap-2">
            <StatusTag status={result.status} />
            {"time" in result ? (
              <span className="text-gray-700">
                {formatTimeMs(result.time)} · {formatMemory(result.memory)}
              </span>
            ) : null}
          </div>
          {result.status === JudgeStatus.PENDING ? (
            <p>
              {t("selfTest.pending")}{" "}
              {testKey ? (
                <Link to={`?key=${testKey}${data.gid ? `&gid=${data.gid}` : ""}`} className="text-brand underline" data-testid="self-test-refresh">
                  {t("selfTest.refresh")}
                </Link>
              ) : null}
            </p>
          ) : null}
          {"userOutput" in result && result.userOutput ? (
            <div>
              <div className="text-xs text-gray-700">{t("selfTest.output")}</div>
              <pre tabIndex={0} className="max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs" data-testid="self-test-output">
                {result.userOutput}
              </pre>
            </div>
          ) : null}
          {"stderr" in result && (result.stderr || result.errorMessage) ? (
            <div>
              <div className="text-xs text-gray-700">{t("selfTest.stderr")}</div>
              <pre tabIndex={0} className="max-h-64 overflow-auto rounded bg-red-50 p-2 text-xs text-red-800">{result.errorMessage || result.stderr}</pre>
            </div>
          ) : null}
        </section>
      ) : null}

      <Form method="post" className="mt-4 flex flex-col gap-3" data-testid="self-test-form" key={testKey ?? "form"}>
        <label className="block text-sm">
          {t("editor.language")}
          <select name="language" defaultValue={values.language} className="ml-2 rounded border border-gray-400 px-2 py-1 text-sm">
            {data.languages.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          {t("editor.code")}
          <textarea name="code" defaultValue={values.code} rows={16} maxLength={LIMITS.codeMax} spellCheck={false} className={fieldCls} />
        </label>
        <label className="block text-sm">
          {t("selfTest.input")} <span className="text-xs text-gray-700">(≤ {LIMITS.testInputMax})</span>
          <textarea name="userInput" defaultValue={values.userInput} rows={6} maxLength={LIMITS.testInputMax} className={fieldCls} />
        </label>
        <label className="block text-sm">
          {t("selfTest.expected")}
          <textarea name="expectedOutput" defaultValue={values.expectedOutput} rows={4} className={fieldCls} />
        </label>
        {errors ? (
          <ul className="text-sm text-red-700" role="alert" data-testid="self-test-errors">
            {Object.values(errors).map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
        <div>
          <button type="submit" className="rounded bg-brand px-4 py-1.5 text-sm text-white" data-testid="self-test-run">
            {t("selfTest.run")}
          </button>
        </div>
      </Form>
    </div>
  );
}
