import { withBase } from "~/lib/base-path";
import { useTranslation } from "~/lib/translation";

// Links that download what a page shows as CSV or as an Excel workbook (plain links: the browser
// saves the file, with or without JavaScript). `href` is the download's address without `format`.

export function DownloadLinks({ href, what }: { href: string; what: "board" | "progress" | "rank" }) {
  const { t } = useTranslation("exports");
  const sep = href.includes("?") ? "&" : "?";
  const thing = t(`download.${what}`);
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800" data-testid="downloads">
      <span>{t("download.label")}:</span>
      <a href={withBase(`${href}${sep}format=xlsx`)} download className="rounded border border-blue-700 px-2 py-0.5 text-blue-700 underline" data-testid="download-xlsx">
        {t("download.xlsx")}
        <span className="sr-only"> ({t("download.xlsxLabel", { what: thing })})</span>
      </a>
      <a href={withBase(`${href}${sep}format=csv`)} download className="rounded border border-blue-700 px-2 py-0.5 text-blue-700 underline" data-testid="download-csv">
        {t("download.csv")}
        <span className="sr-only"> ({t("download.csvLabel", { what: thing })})</span>
      </a>
    </p>
  );
}
