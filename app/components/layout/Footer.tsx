import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { isSitePath } from "~/lib/site-links";
import { LanguageSwitch } from "./LanguageSwitch";
import type { FrameData } from "./types";

// The footer (spec section 1): site name and link, record name and link, support (/introduction),
// knowledge base, language switch.

function ConfigLink({ href, children }: { href: string; children: React.ReactNode }) {
  if (!href) return <span>{children}</span>;
  if (isSitePath(href)) return <Link to={href}>{children}</Link>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function Footer({ data }: { data: FrameData }) {
  const { t } = useTranslation();
  const { config } = data;
  return (
    <footer className="mt-8 border-t border-gray-200 bg-white px-4 py-6 text-center text-sm text-gray-600" data-site-footer="">
      <div className="mx-auto flex max-w-[1400px] flex-col items-center gap-2">
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
          <span data-footer="site">
            <ConfigLink href={config.projectUrl}>{config.projectName}</ConfigLink>
          </span>
          {config.recordName ? (
            <span data-footer="record">
              <ConfigLink href={config.recordUrl}>{config.recordName}</ConfigLink>
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1">
          <Link to="/introduction">{t("footer.support")}</Link>
          {config.knowledgeBaseUrl ? <ConfigLink href={config.knowledgeBaseUrl}>{t("footer.knowledgeBase")}</ConfigLink> : null}
          <LanguageSwitch locale={data.locale} />
        </div>
      </div>
    </footer>
  );
}
