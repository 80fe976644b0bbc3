import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { mkdtempSync } from "node:fs";
import type { AppLoadContext } from "@remix-run/node";
import { startMailbox } from "../../e2e/support/mailbox";

// Account tests run the app's real services against the test store and Redis. Mail goes to a real
// local SMTP server whose messages land in a folder. The environment must be set before the first
// app module is imported (env.server.ts reads it once), so the modules are imported here, after.

export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

export async function setupAuthEnv(opts: { smtp: boolean; rateLimitScale?: number }): Promise<{ mailbox: Mailbox | null }> {
  let mailbox: Mailbox | null = null;
  if (opts.smtp) {
    mailbox = await startMailbox(mkdtempSync(path.join(os.tmpdir(), "oj-mail-")));
    process.env.SMTP_HOST = "127.0.0.1";
    process.env.SMTP_PORT = String(mailbox.port);
    process.env.SMTP_SECURE = "false";
    process.env.SMTP_FROM = "Online Judge <noreply@oj.test>";
  } else {
    delete process.env.SMTP_HOST;
  }
  if (opts.rateLimitScale) process.env.RATE_LIMIT_SCALE = String(opts.rateLimitScale);
  process.env.PUBLIC_URL = "http://oj.test/";
  const { bootstrap } = await import("~/services/account/bootstrap.server");
  await bootstrap();
  return { mailbox };
}

/** The English catalogue, to compare messages (requests below ask for English). */
export const en = JSON.parse(readFileSync(path.resolve("locales/en/auth.json"), "utf8")) as Record<string, Record<string, string>>;
export const zh = JSON.parse(readFileSync(path.resolve("locales/zh-CN/auth.json"), "utf8")) as Record<string, Record<string, string>>;

export function msg(section: string, key: string, params: Record<string, string | number> = {}): string {
  return Object.entries(params).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, String(v)), en[section][key]);
}

export interface Req {
  method?: string;
  form?: Record<string, string>;
  json?: unknown;
  cookie?: string;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
}

/** A request to the site as a browser (form) or HOJ's client (JSON, token) would send it. */
export function request(pathAndQuery: string, r: Req = {}): Request {
  const headers = new Headers({ "Accept-Language": r.lang ?? "en", ...(r.headers ?? {}) });
  if (r.cookie) headers.set("Cookie", r.cookie);
  if (r.token) headers.set("Authorization", r.token);
  let body: string | undefined;
  if (r.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(r.form).toString();
  } else if (r.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(r.json);
  }
  return new Request(`http://localhost${pathAndQuery}`, { method: r.method ?? (body ? "POST" : "GET"), headers, body });
}

export function ctx(ip = "203.0.113.1"): AppLoadContext {
  return { ip, nonce: "", requestId: "test", log: undefined as never };
}

export const args = (req: Request, ip?: string) => ({ request: req, context: ctx(ip), params: {} });

/** The Cookie header value ("oj_sid=...") from a Set-Cookie header. */
export function cookieOf(res: Response): string {
  const set = res.headers.get("Set-Cookie") ?? "";
  return set.split(";")[0];
}

export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export type ApiBody<T = unknown> = { status: number; msg: string; data: T };

let n = 0;
/** A fresh username (max 20 characters) and e-mail for one test. */
export function fresh(prefix = "u"): { username: string; email: string } {
  const username = `${prefix}${process.pid % 1000}${Date.now() % 100000}${n++}`.slice(0, 20);
  return { username, email: `${username}@example.test` };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
