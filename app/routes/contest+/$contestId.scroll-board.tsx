import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { contestStatusAt } from "~/services/access/policy.server";
import { requireContestAdmin } from "~/services/contest/scope.server";

// The scroll board's configuration (spec section 2 "Contest admin helper pages"): the contest id,
// gold, silver and bronze counts, the remove-star switch and the start, which opens
// /scrollBoard?cid=&removeStar=&medals=&medals=&medals=. A contest not ended yet asks for a
// confirmation first (a required box, so it works without JavaScript). Contest admins only.

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  try {
    requireContestAdmin(base.cs);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  return json({ cid: base.cid, ended: contestStatusAt(base.info.contest, new Date()) === 1 });
}

export default function ScrollBoardConfig() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  const input = "mt-1 w-32 rounded border px-2 py-1";
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5">
      <Form method="get" action="/scrollBoard" className="grid max-w-md gap-3" data-testid="scroll-config">
        <label className="flex flex-col text-sm text-gray-800">
          {t("scroll.cid")}
          <input name="cid" value={data.cid} readOnly className={`${input} bg-gray-100`} />
        </label>
        {(["gold", "silver", "bronze"] as const).map((m) => (
          <label key={m} className="flex flex-col text-sm text-gray-800">
            {t(`scroll.${m}Count`)}
            <input type="number" name="medals" min={0} max={10000} defaultValue={m === "gold" ? 1 : m === "silver" ? 2 : 3} required className={input} />
          </label>
        ))}
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" name="removeStar" value="true" />
          {t("scroll.removeStar")}
        </label>
        {!data.ended ? (
          <label className="flex items-start gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            <input type="checkbox" name="confirmNotEnded" value="1" required className="mt-1" />
            {t("scroll.notEndedConfirm")}
          </label>
        ) : null}
        <button type="submit" className="w-fit rounded bg-blue-700 px-4 py-1 text-sm text-white">
          {t("scroll.start")}
        </button>
      </Form>
    </section>
  );
}
