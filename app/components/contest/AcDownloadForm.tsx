import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { useTranslation } from "~/lib/translation";
import { contestPrimaryButton } from "./styles";

// The contest admin table's "download accepted submissions" popover (spec section 2): leave out
// the admins' own, split by user or problem; a GET form to the zip's address (`action`).
export function AcDownloadForm({ action }: { action: string }) {
  const { t } = useTranslation("contest-admin");
  return (
    <details className="relative">
      <summary className={`${buttonClass} cursor-pointer list-none text-gray-800`}>{t("list.download")}</summary>
      <Form method="get" action={action} reloadDocument className="absolute right-0 z-10 mt-1 w-56 space-y-2 rounded border bg-white p-3 shadow">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="excludeAdmin" value="true" defaultChecked />
          {t("list.excludeAdmin")}
        </label>
        <fieldset className="text-sm">
          <legend className="text-gray-700">{t("list.splitType")}</legend>
          <label className="mr-3">
            <input type="radio" name="splitType" value="user" defaultChecked /> {t("list.splitUser")}
          </label>
          <label>
            <input type="radio" name="splitType" value="problem" /> {t("list.splitProblem")}
          </label>
        </fieldset>
        <button type="submit" className={contestPrimaryButton}>
          {t("list.downloadZip")}
        </button>
      </Form>
    </details>
  );
}
