import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";

// What a tab shows a viewer who may not look inside the training yet: the reason, and the way to
// the overview with the password form.

/** `base`: the training's pages' address (the site's or its group's). */
export function EntryRefusal({ base, message }: { base: string; message: string }) {
  const { t } = useTranslation("training");
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5">
      <p className="text-amber-900" role="alert" data-testid="entry-refusal">
        {message}
      </p>
      <Link to={base} className="mt-2 inline-block text-blue-700 underline">
        {t("detail.goRegister")}
      </Link>
    </section>
  );
}
