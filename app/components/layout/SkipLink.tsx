import { useTranslation } from "~/lib/translation";

// The first thing Tab reaches on every page: a link past the header to the page's <main id="main">.
// Hidden until focused.
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-medium focus:text-brand focus:shadow-lg focus:outline focus:outline-2 focus:outline-brand"
      data-skip-link=""
    >
      {t("nav.skipToMain")}
    </a>
  );
}
