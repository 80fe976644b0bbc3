import { httpStatusOf } from "~/http/status.server";
import { json, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { ZodError } from "zod";
import { AccountError } from "../services/account/errors.server";
import { userInfoView } from "../services/account/account.server";
import { createApiSession } from "../services/account/api-token.server";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "./api.server";
import { endTokenSession } from "./auth-session.server";
import { getT } from "../services/platform/i18n.server";
import { authenticate, loginSchema } from "../services/account/login.server";
import { fieldErrors } from "../services/platform/validation.server";

// How account refusals reach the client: field errors with status 400 (or the refusal's status) for
// the pages, HOJ's wrapper {status, msg, data} for /ojapi.

export const AUTH_NS = ["auth", "common"] as const;

/** The client of a request: the address Express resolved (trust proxy aware) and the user agent. */
export function clientOf(request: Request, context: AppLoadContext | undefined): { ip: string; userAgent: string } {
  return { ip: context?.ip || "", userAgent: request.headers.get("User-Agent") ?? "" };
}

export function authT(request: Request) {
  return getT(request, AUTH_NS);
}

/**
 * Turns a validation or account error into the action answer of a form (never echoing a password);
 * anything else is rethrown.
 */
export async function formFailure(request: Request, err: unknown, extra: Record<string, unknown> = {}) {
  const t = await authT(request);
  if (err instanceof ZodError) {
    return json({ ok: false as const, errors: fieldErrors(t, err), ...extra }, { status: 400 });
  }
  if (err instanceof AccountError) {
    return json({ ok: false as const, errors: err.translate(t), data: err.data, ...extra }, { status: httpStatusOf(err.kind) });
  }
  throw err;
}

type ApiArgs = LoaderFunctionArgs | ActionFunctionArgs;

/**
 * apiRoute for the account calls: an AccountError becomes the wrapper with its translated message,
 * its status, and its data (a new slide puzzle, for instance).
 */
export function accountApiRoute<A extends ApiArgs>(handler: (args: A) => Promise<unknown>, ns: string[] = []) {
  return apiRoute<A>(async (args) => {
    try {
      return await handler(args);
    } catch (err) {
      if (!(err instanceof AccountError)) throw err;
      const t = await authT(args.request);
      const data = Object.keys(err.data).length ? err.data : null;
      return json({ status: httpStatusOf(err.kind), msg: err.translatedMessage(t), data }, { status: httpStatusOf(err.kind) });
    }
  }, ["auth", ...ns]);
}

/** A success answer with a translated message (HOJ shows `msg` in a toast). */
export async function apiMessage(request: Request, key: string, data: unknown = null, init?: ResponseInit) {
  const t = await authT(request);
  return json({ status: 200, msg: t(key), data }, init);
}

/**
 * POST /ojapi/login and /ojapi/admin/login: checks the login, opens a server-side session and
 * answers the user info with the token in the Authorization header (HOJ's client reads it there).
 */
export async function apiLogin(request: Request, context: AppLoadContext | undefined, opts: { adminOnly?: boolean } = {}) {
  const input = parseWith(loginSchema, await bodyParams(request));
  const client = clientOf(request, context);
  const user = await authenticate(input, client, opts);
  const { token } = await createApiSession(user._id, client);
  const t = await authT(request);
  return json(
    { status: 200, msg: t("auth:login.welcome"), data: userInfoView(user) },
    { headers: { Authorization: token, "Access-Control-Expose-Headers": "Authorization,Refresh-Token,Url-Type" } },
  );
}

/**
 * GET /ojapi/logout and /ojapi/admin/logout: the token's session ends. The page's cookie session is
 * left alone: a cookie authenticates nothing here, so another site's link cannot sign a reader out.
 */
export async function apiLogout(request: Request) {
  await requireApiUser(request);
  await endTokenSession(request);
  return apiMessage(request, "auth:logout.success");
}

/**
 * HOJ's change-password and change-email answer a wrong current password (400) and a locked form
 * (403) inside data {code, msg} with the wrapper's status 200; other refusals are wrapper errors.
 */
export async function changeAccountAnswer(request: Request, run: () => Promise<{ code: number; msg: string } & Record<string, unknown>>) {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AccountError && (err.key === "auth:setting.currentPasswordWrong" || err.key === "auth:setting.locked")) {
      const t = await authT(request);
      return { code: err.kind === "forbidden" ? 403 : 400, msg: err.translatedMessage(t) };
    }
    throw err;
  }
}
