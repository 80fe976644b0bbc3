import { Link, useNavigate } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";

// The 404 page (spec: "the page can't be found", Go Home and Back), for unknown paths and for pages
// that find nothing to show (through the root error boundary). Back is a link to the page the
// visitor came from (or home), so it works without JavaScript; with JavaScript it goes back in
// the history, which also restores the scroll position.
export function NotFound({ back, homeTo = "/home", homeLabel }: { back: string | null; homeTo?: string; homeLabel?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const button = "inline-block rounded px-5 py-2 text-sm no-underline";
  const goBack = (e: React.MouseEvent) => {
    if (window.history.length > 1) {
      e.preventDefault();
      navigate(-1);
    }
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center" data-not-found="">
      <p className="text-7xl font-bold text-gray-500">404</p>
      <h1 className="mt-4 text-xl font-semibold text-gray-800">{t("notFound.text")}</h1>
      <div className="mt-8 flex justify-center gap-3">
        <Link to={homeTo} className={`${button} bg-brand text-white hover:bg-brand-dark`}>
          {homeLabel ?? t("notFound.goHome")}
        </Link>
        {back ? (
          <a
            href={back}
            className={`${button} border border-gray-300 bg-white text-gray-700 hover:border-brand hover:text-brand`}
            onClick={goBack}
          >
            {t("notFound.back")}
          </a>
        ) : (
          <Link to={homeTo} onClick={goBack} className={`${button} border border-gray-300 bg-white text-gray-700 hover:border-brand hover:text-brand`}>
            {t("notFound.back")}
          </Link>
        )}
      </div>
    </div>
  );
}
