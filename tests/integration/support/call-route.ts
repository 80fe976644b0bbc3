import type { AppLoadContext } from "@remix-run/node";
import { sessionStorage } from "~/services/account/session.server";
import { asPageCall } from "../../support/page-token";

// Calling route loaders and actions directly, as Remix would, with a signed-in user's cookie.

export async function sessionCookieFor(uid: string): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("uid", uid);
  const setCookie = await sessionStorage.commitSession(session);
  return setCookie.split(";")[0];
}

export interface CallOptions {
  method?: string;
  cookie?: string;
  json?: unknown;
  form?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  params?: Record<string, string>;
}

export function makeRequest(path: string, o: CallOptions = {}): Request {
  const headers = new Headers(o.headers);
  if (o.cookie) headers.set("Cookie", o.cookie);
  let body: BodyInit | undefined;
  if (o.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(o.json);
  } else if (o.form) {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(o.form)) for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = f.toString();
  }
  return new Request(`http://localhost${path}`, { method: o.method ?? (body !== undefined ? "POST" : "GET"), headers, body });
}

const context = { nonce: "", requestId: "test", ip: "127.0.0.1" } as unknown as AppLoadContext;

type RouteFn = (args: { request: Request; params: Record<string, string>; context: AppLoadContext }) => unknown;

/**
 * Runs a loader or action (an /ojapi one signed with the cookie's page token); a thrown Response
 * (redirect, 403...) is returned like a returned one.
 */
export async function call(fn: RouteFn, path: string, o: CallOptions = {}): Promise<Response> {
  try {
    const res = await fn({ request: await asPageCall(makeRequest(path, o)), params: o.params ?? {}, context });
    if (!(res instanceof Response)) throw new Error(`expected a Response, got ${typeof res}`);
    return res;
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
