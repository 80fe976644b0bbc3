import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError, type ZodTypeAny, type z } from "zod";
import { DomainError } from "~/services/errors.server";
import { getT } from "../services/platform/i18n.server";
import { logger } from "../services/platform/logger.server";
import { mayAdministerSite, mayEnterAdminArea } from "../services/access/policy.server";
import { getCurrentUser, type CurrentUser } from "../services/account/session.server";
import { outageHeaders, outageRefusal } from "./outage.server";
import { httpStatusOf, type HttpRefusalStatus } from "./status.server";
import { refreshTokenHeaders } from "../services/account/api-token.server";

// The /ojapi response wrapper of spec section 8: {status, msg, data}. A body status other than 200
// is an error; the HTTP status matches it so 401/403/404 reach HOJ's client as it expects, and 503
// when the store or Redis cannot be reached (outage.server.ts).

export type ApiStatus = 200 | HttpRefusalStatus;

export function apiBody<T>(data: T, msg = "success") {
  return { status: 200 as const, msg, data };
}

type ApiArgs = LoaderFunctionArgs | ActionFunctionArgs;

/**
 * HOJ's pages (MyBatis-Plus IPage) carry `pages` beside records, total, size and current: the
 * number of pages, 0 when size is 0. A page-like answer, or one a level or two inside it (comments'
 * commentList), gets it where its service left it out.
 */
export function withPages<T>(data: T, depth = 0): T {
  if (!data || typeof data !== "object" || Array.isArray(data) || depth > 2) return data;
  const o = data as Record<string, unknown>;
  if (Array.isArray(o.records) && typeof o.total === "number" && typeof o.size === "number" && o.pages === undefined) {
    o.pages = o.size > 0 ? Math.ceil(o.total / o.size) : 0;
  }
  for (const v of Object.values(o)) if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)) withPages(v, depth + 1);
  return data;
}

/**
 * Wraps an /ojapi loader or action. The handler returns the `data` part (or a whole Response for
 * downloads); thrown ApiErrors and validation errors become the wrapper with a translated message.
 * `ns` lists the translation namespaces the handler's messages come from.
 */
export function apiRoute<A extends ApiArgs>(handler: (args: A) => Promise<unknown>, ns: string[] = ["common"]) {
  return async (args: A): Promise<Response> => {
    const { request } = args;
    const extra = await refreshTokenHeaders(request).catch(() => ({}));
    try {
      const data = await handler(args);
      if (data instanceof Response) {
        for (const [k, v] of Object.entries(extra)) data.headers.set(k, v);
        return data;
      }
      return json(apiBody(withPages(data ?? null)), { headers: extra });
    } catch (err) {
      // The store or Redis unreachable is refused as "unavailable" (503), like a service's own refusal.
      const refusal = err instanceof DomainError ? err : outageRefusal(err, request);
      if (refusal) {
        // A refusal names its namespace ("group:notMember"): it is loaded too, whichever call answers.
        const own = /^([\w-]+):/.exec(refusal.message)?.[1];
        const t = await getT(request, ["common", ...ns, ...(own && !ns.includes(own) ? [own] : [])] as [string, ...string[]]);
        const status = httpStatusOf(refusal.kind);
        const headers = refusal.kind === "unavailable" ? { ...extra, ...outageHeaders() } : extra;
        return json({ status, msg: t(refusal.message, refusal.params ?? {}), data: null }, { status, headers });
      }
      if (err instanceof ZodError) {
        const t = await getT(request, ["common", ...ns] as [string, ...string[]]);
        const first = err.issues[0];
        return json({ status: 400, msg: first ? t(first.message) : t("errors.badRequest"), data: null }, { status: 400, headers: extra });
      }
      if (err instanceof Response) {
        // A page helper threw a redirect or a status: answer in API terms instead.
        const status = (err.status >= 300 && err.status < 400 ? 401 : err.status) as ApiStatus;
        const t = await getT(request, "common");
        const msg =
          status === 401 ? t("errors.pleaseLoginFirst") : status === 403 ? t("errors.forbidden") : status === 400 ? t("errors.badRequest") : t("errors.notFound");
        return json({ status, msg, data: null }, { status, headers: extra });
      }
      logger.error({ err, url: request.url }, "ojapi handler failed");
      const t = await getT(request, "common");
      return json({ status: 500, msg: t("errors.server"), data: null }, { status: 500, headers: extra });
    }
  };
}

/** 401 with "Please login first" when the call carries no valid token (cookies authenticate no /ojapi call). */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new DomainError("unauthenticated", "errors.pleaseLoginFirst");
  return user;
}

/** The admin area's roles, asked before anything else is read (HOJ's role guard); `refusal` words a 403 for the call's feature. */
export async function requireApiAdmin(request: Request, refusal = "errors.forbidden"): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new DomainError("unauthenticated", "errors.pleaseLoginAdmin");
  if (!mayEnterAdminArea(user)) throw new DomainError("forbidden", refusal);
  return user;
}

export async function requireApiSuperAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireApiAdmin(request);
  if (!mayAdministerSite(user)) throw new DomainError("forbidden", "errors.forbidden");
  return user;
}

/** Query parameters (GET) as a plain object, for zod. */
export function queryParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** A JSON body, or form fields, as a plain object; {} when empty. */
export async function bodyParams(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const text = await request.text();
    if (!text.trim()) return {};
    try {
      const v = JSON.parse(text) as unknown;
      return v && typeof v === "object" ? (v as Record<string, unknown>) : { value: v };
    } catch {
      throw new DomainError("invalid", "errors.badRequest");
    }
  }
  if (type.includes("form")) return Object.fromEntries(await request.formData());
  return {};
}

export function parseWith<S extends ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input) as z.infer<S>;
}
