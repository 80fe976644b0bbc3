import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError, type ZodTypeAny, type z } from "zod";
import { getT } from "./i18n.server";
import { logger } from "./logger.server";
import { isAdminRole, isSuperAdmin } from "./permissions.server";
import { getCurrentUser, type CurrentUser } from "./session.server";
import { refreshTokenHeaders } from "./api-token.server";

// The /ojapi response wrapper of spec section 8: {status, msg, data}. A body status other than 200
// is an error; the HTTP status matches it so 401/403/404 reach HOJ's client as it expects.

export type ApiStatus = 200 | 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

export class ApiError extends Error {
  constructor(
    public readonly status: ApiStatus,
    message: string,
  ) {
    super(message);
  }
}

export function apiBody<T>(data: T, msg = "success") {
  return { status: 200 as const, msg, data };
}

type ApiArgs = LoaderFunctionArgs | ActionFunctionArgs;

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
      return json(apiBody(data ?? null), { headers: extra });
    } catch (err) {
      if (err instanceof ApiError) {
        const t = await getT(request, ["common", ...ns] as [string, ...string[]]);
        const params = (err as { params?: Record<string, string | number> }).params;
        return json({ status: err.status, msg: t(err.message, params ?? {}), data: null }, { status: err.status, headers: extra });
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
        const msg = status === 401 ? t("errors.pleaseLoginFirst") : status === 403 ? t("errors.forbidden") : t("errors.notFound");
        return json({ status, msg, data: null }, { status, headers: extra });
      }
      logger.error({ err, url: request.url }, "ojapi handler failed");
      const t = await getT(request, "common");
      return json({ status: 500, msg: t("errors.server"), data: null }, { status: 500, headers: extra });
    }
  };
}

/** 401 with "Please login first" when the request has no signed-in user (cookie or token). */
export async function requireApiUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new ApiError(401, "errors.pleaseLoginFirst");
  return user;
}

export async function requireApiAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw new ApiError(401, "errors.pleaseLoginAdmin");
  if (!isAdminRole(user)) throw new ApiError(403, "errors.forbidden");
  return user;
}

export async function requireApiSuperAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireApiAdmin(request);
  if (!isSuperAdmin(user)) throw new ApiError(403, "errors.forbidden");
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
      throw new ApiError(400, "errors.badRequest");
    }
  }
  if (type.includes("form")) return Object.fromEntries(await request.formData());
  return {};
}

export function parseWith<S extends ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  return schema.parse(input) as z.infer<S>;
}
