import { formatMemoryMb, formatTimeMs } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

// A problem's statement as the problem pages inside a scope show it (a group's): the limits line,
// description, input, output, samples and hint, from the rendered parts the server sends
// (`statementData` in app/http/problem-statement.server.ts). Needs the `problem` namespace.

export interface StatementData {
  limits: Array<{ kind: string; time: number; memory: number }>;
  stackLimit: number;
  html: { description: string; input: string; output: string; hint: string };
  examples: Array<{ input: string; output: string }>;
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

const sampleClass = "overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm focus:outline focus:outline-2 focus:outline-brand";

export function ProblemStatement({ problem }: { problem: StatementData }) {
  const { t } = useTranslation("problem");
  return (
    <>
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
      <Part title={t("problem:detail.description")} html={problem.html.description} />
      <Part title={t("problem:detail.input")} html={problem.html.input} />
      <Part title={t("problem:detail.output")} html={problem.html.output} />
      {problem.examples.map((ex, i) => (
        <section key={i} className="mt-5 grid gap-3 sm:grid-cols-2">
          <div>
            <div className="mb-1 text-sm font-semibold">{t("problem:detail.sampleInput", { n: i + 1 })}</div>
            <pre className={sampleClass} tabIndex={0}>
              {ex.input}
            </pre>
          </div>
          <div>
            <div className="mb-1 text-sm font-semibold">{t("problem:detail.sampleOutput", { n: i + 1 })}</div>
            <pre className={sampleClass} tabIndex={0}>
              {ex.output}
            </pre>
          </div>
        </section>
      ))}
      <Part title={t("problem:detail.hint")} html={problem.html.hint} />
    </>
  );
}
