import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";

// Errors inside the admin area: a refusal or a failure shown in place of the page (the admin
// navigation stays when a child page fails; the layout's boundary shows it without the shell).
export function AdminError({ inShell }: { inShell: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation(["admin", "common"]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key =
    status === 403 ? "common:errors.forbidden" : status === 404 ? "common:notFound.text" : status === 401 ? "common:errors.pleaseLoginAdmin" : "common:errors.server";
  return (
    <div className={inShell ? "rounded-lg bg-white p-8 text-center shadow-sm" : "mx-auto max-w-xl px-4 py-20 text-center"} data-error-page={status}>
      <p className="text-5xl font-bold text-gray-500">{status}</p>
      <h1 className="mt-4 text-lg font-semibold text-gray-800">{t(key)}</h1>
      <div className="mt-6 flex justify-center gap-3">
        {inShell ? (
          <Link to="/admin/dashboard" className="rounded bg-brand px-4 py-2 text-sm text-white no-underline">
            {t("admin:nav.dashboard")}
          </Link>
        ) : (
          <Link to="/home" reloadDocument className="rounded bg-brand px-4 py-2 text-sm text-white no-underline">
            {t("common:notFound.goHome")}
          </Link>
        )}
      </div>
    </div>
  );
}
