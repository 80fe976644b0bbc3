import type { ReactNode } from "react";
import { useFrameFlags } from "~/lib/route-handle";
import { Footer } from "./Footer";
import { Header } from "./Header";
import type { FrameData } from "./types";

// Header, content and footer of every page but the admin area, which brings its own shell
// (spec: "Admin paths show only content; other paths show navigation bar, footer and content").
export function SiteFrame({ data, children }: { data: FrameData; children: ReactNode }) {
  const { hideFooter, adminShell } = useFrameFlags();
  if (adminShell) return <>{children}</>;
  return (
    <div className="flex min-h-screen flex-col">
      <Header data={data} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {hideFooter ? null : <Footer data={data} />}
    </div>
  );
}
