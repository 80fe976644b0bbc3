import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useTranslation } from "~/lib/translation";
import { JUDGE_STATUS_INFO, JudgeStatus } from "~/lib/constants";
import { LANGUAGES } from "~/lib/languages";
import type { RouteHandle } from "~/lib/route-handle";
import { getT } from "~/services/platform/i18n.server";
import { pageTitle } from "~/lib/meta";

// The help page (spec "User home and settings"): every language with its compile command and
// sample program, what each result status means, and four tips on compiling.

export const handle: RouteHandle = { i18n: ["common", "help", "judge"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, ["help", "common"]);
  return json({ title: t("help:title") });
}

/** The statuses in the order a learner meets them: results first, then the judging stages. */
export const HELP_STATUS_ORDER: readonly number[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTING,
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
  JudgeStatus.CANCELLED,
  JudgeStatus.NOT_SUBMITTED,
];

const STATUS_COLORS: Record<string, string> = {
  green: "bg-green-100 text-green-800",
  red: "bg-red-100 text-red-800",
  yellow: "bg-yellow-100 text-yellow-800",
  blue: "bg-blue-100 text-blue-800",
  purple: "bg-purple-100 text-purple-800",
  gray: "bg-gray-100 text-gray-700",
};

const TIPS = ["mainReturn", "javaMain", "longLong", "stdio"] as const;

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-gray-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function Introduction() {
  const { t } = useTranslation(["help", "judge", "common"]);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold text-gray-800">{t("help:title")}</h1>

      <Card id="help-languages" title={t("help:languages.title")}>
        <p className="mb-3 text-sm text-gray-600">{t("help:languages.limits")}</p>
        <div className="divide-y rounded border">
          {LANGUAGES.map((lang) => (
            <details key={lang.name} className="group p-3" data-language={lang.name}>
              <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-medium text-gray-800">{lang.name}</span>
                <span className="text-sm text-gray-600">{lang.description}</span>
              </summary>
              <dl className="mt-3 grid gap-2 text-sm">
                <dt className="text-gray-600">{t("help:languages.compileCommand")}</dt>
                <dd>
                  <code tabIndex={0} className="block overflow-x-auto whitespace-pre rounded bg-gray-50 p-2 text-xs text-gray-800">{lang.compileCommand}</code>
                </dd>
                <dt className="text-gray-600">{t("help:languages.template")}</dt>
                <dd>
                  <pre tabIndex={0} className="overflow-x-auto rounded bg-gray-50 p-2 text-xs text-gray-800">
                    <code>{lang.template}</code>
                  </pre>
                </dd>
              </dl>
            </details>
          ))}
        </div>
      </Card>

      <Card id="help-statuses" title={t("help:statuses.title")}>
        <table className="w-full text-left text-sm">
          <thead className="border-b text-gray-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                {t("help:statuses.status")}
              </th>
              <th scope="col" className="py-2 font-medium">
                {t("help:statuses.meaning")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {HELP_STATUS_ORDER.map((code) => {
              const info = JUDGE_STATUS_INFO[code];
              return (
                <tr key={code} data-status={code}>
                  <td className="whitespace-nowrap py-2 pr-4 align-top">
                    <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${STATUS_COLORS[info.color] ?? STATUS_COLORS.gray}`}>
                      {info.short}
                    </span>{" "}
                    <span className="text-gray-800">{t(`judge:status.${code}`)}</span>
                  </td>
                  <td className="py-2 text-gray-600">{t(`help:statuses.explain.${code}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>

      <Card id="help-tips" title={t("help:tips.title")}>
        <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-700">
          {TIPS.map((tip) => (
            <li key={tip}>{t(`help:tips.${tip}`)}</li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
