import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { LANGUAGES_SUPPORTED } from "~/lib/constants";

// Switches the language: a POST to /language stores the choice in the oj_lng cookie and comes back
// to this page. A plain form, so it works without JavaScript.
export function LanguageSwitch({ locale, className = "" }: { locale: string; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/language" className={`inline-flex items-center gap-1 ${className}`} data-language-switch="">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <span className="sr-only">{t("language.label")}</span>
      {LANGUAGES_SUPPORTED.map((lng, i) => (
        <span key={lng} className="inline-flex items-center gap-1">
          {i > 0 ? <span aria-hidden="true">|</span> : null}
          <button
            type="submit"
            name="lng"
            value={lng}
            lang={lng}
            aria-pressed={lng === locale}
            className={lng === locale ? "font-semibold text-gray-800" : "text-brand hover:underline"}
          >
            {t(`language.${lng}`)}
          </button>
        </span>
      ))}
    </Form>
  );
}
