import { RemoteError } from "./errors";

// A small HTTP client for remote sites: a cookie jar per account, redirects followed by hand so
// every Set-Cookie on the way is kept, a time limit per request, and the answers that mean "slow
// down" (429, 503) turned into RemoteError.

export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(saved?: Record<string, string> | null) {
    for (const [k, v] of Object.entries(saved ?? {})) this.cookies.set(k, v);
  }

  take(setCookies: string[]): void {
    for (const line of setCookies) {
      const pair = line.split(";", 1)[0];
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      // An expired or emptied cookie is a logout.
      if (value === "" || value === "deleted" || /max-age=0\b/i.test(line) || /expires=Thu, 01[- ]Jan[- ]1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  toJSON(): Record<string, string> {
    return Object.fromEntries(this.cookies);
  }

  get size(): number {
    return this.cookies.size;
  }
}

export interface HttpAnswer {
  status: number;
  url: string;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  method?: "GET" | "POST";
  form?: Record<string, string>;
  json?: unknown;
  /** multipart/form-data fields (SPOJ's submit form). */
  multipart?: Record<string, string>;
  headers?: Record<string, string>;
  /** Do not follow a redirect (the answer is the 30x itself). */
  noRedirect?: boolean;
}

const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";

export class RemoteHttp {
  /** Extra headers sent with every request (HOJ's Authorization token). */
  readonly headers: Record<string, string> = {};

  constructor(
    readonly baseUrl: string,
    readonly jar: CookieJar,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {}

  url(path: string): string {
    return new URL(path, this.baseUrl.endsWith("/") ? this.baseUrl : `${this.baseUrl}/`).toString();
  }

  get(path: string, opts: Omit<RequestOptions, "method"> = {}): Promise<HttpAnswer> {
    return this.request(path, { ...opts, method: "GET" });
  }

  post(path: string, opts: Omit<RequestOptions, "method"> = {}): Promise<HttpAnswer> {
    return this.request(path, { ...opts, method: "POST" });
  }

  async json<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const answer = await this.request(path, { ...opts, headers: { Accept: "application/json", ...opts.headers } });
    try {
      return JSON.parse(answer.text) as T;
    } catch {
      throw new RemoteError("unavailable", `${this.url(path)} answered ${answer.status} with no JSON`);
    }
  }

  async request(path: string, opts: RequestOptions = {}): Promise<HttpAnswer> {
    let url = this.url(path);
    let method = opts.method ?? "GET";
    let body: string | FormData | undefined;
    const headers: Record<string, string> = { "User-Agent": USER_AGENT, ...this.headers, ...opts.headers };
    if (opts.form) {
      body = new URLSearchParams(opts.form).toString();
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    } else if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers["Content-Type"] = "application/json";
    } else if (opts.multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(opts.multipart)) fd.append(k, v);
      body = fd;
    }
    for (let hop = 0; hop < 6; hop++) {
      const cookie = this.jar.header();
      const signal = this.signal ? AbortSignal.any([this.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs);
      let res: Response;
      try {
        res = await fetch(url, { method, body, headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual", signal });
      } catch (err) {
        if (this.signal?.aborted) throw err;
        const e = err as Error;
        if (e.name === "TimeoutError") throw new RemoteError("timeout", `${url} did not answer within ${this.timeoutMs} ms`);
        throw new RemoteError("unavailable", `${url} could not be reached: ${e.message}`);
      }
      this.jar.take(res.headers.getSetCookie());
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location && !opts.noRedirect) {
        await res.arrayBuffer().catch(() => undefined);
        url = new URL(location, url).toString();
        // 303 and the usual browser behaviour on 301/302 after a form: the next request is a GET.
        if (res.status !== 307 && res.status !== 308) {
          method = "GET";
          body = undefined;
          delete headers["Content-Type"];
        }
        continue;
      }
      const text = await res.text();
      if (res.status === 429) throw new RemoteError("rate-limit", `${url} answered 429 Too Many Requests`);
      if (res.status === 503 && /captcha|cloudflare|challenge/i.test(text)) throw new RemoteError("captcha", `${url} asked for a browser challenge`);
      if (res.status >= 500) throw new RemoteError("unavailable", `${url} answered ${res.status}`);
      return { status: res.status, url, text, headers: res.headers };
    }
    throw new RemoteError("unavailable", `${url}: too many redirects`);
  }
}
