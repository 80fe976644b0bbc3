// The path prefix the site is served under ("/" or e.g. "/oj/"), on the server and in the browser.

export function normaliseBasePath(p: string | undefined): string {
  let base = (p ?? "/").trim() || "/";
  if (!base.startsWith("/")) base = `/${base}`;
  if (!base.endsWith("/")) base = `${base}/`;
  return base;
}

export function basePath(): string {
  if (typeof window !== "undefined") {
    return normaliseBasePath((window as unknown as { __remixContext?: { basename?: string } }).__remixContext?.basename);
  }
  return normaliseBasePath(process.env.BASE_PATH);
}

/** Prefixes a root-relative URL that Remix does not route (assets, /locales, plain <a> downloads). */
export function withBase(href: string): string {
  const base = basePath();
  if (base === "/" || !href.startsWith("/") || href.startsWith(base)) return href;
  return base + href.slice(1);
}
