import type { MetaFunction } from "@remix-run/node";
import { useTranslation } from "react-i18next";

export const meta: MetaFunction = () => [{ title: "Home" }];

export default function Home() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-6xl p-4">
      <h1 className="text-2xl">{t("home.title")}</h1>
    </main>
  );
}
