import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { logger } from "~/services/platform/logger.server";
import { apiUser, icpcContest, type IcpcScope } from "~/services/icpc/access.server";
import type { CurrentUser } from "~/services/account/session.server";
import { clientOf } from "./account.server";
import { pathId } from "./ids.server";
import { outageHeaders, outageRefusal } from "./outage.server";
import { httpStatusOf } from "./status.server";

// The edge of the ICPC Contest API (/icpc-api): read-only JSON with cross-origin reads allowed, as
// the spec asks, and its error shape {code, message} (the message translated). A wrong id is a
// 404, never a 500.

const CORS = { "Access-Control-Allow-Origin": "*" };

function errorJson(code: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ code, message }, { status: code, headers: { ...CORS, "Cache-Control": "no-store", ...headers } });
}

/** Wraps an API loader: its value as JSON (or its own Response, with the CORS header), refusals in the spec's shape. */
export function icpcRoute(handler: (args: LoaderFunctionArgs) => Promise<unknown>) {
  return async (args: LoaderFunctionArgs): Promise<Response> => {
    const { request } = args;
    try {
      const data = await handler(args);
      if (data instanceof Response) {
        data.headers.set("Access-Control-Allow-Origin", "*");
        return data;
      }
      return json(data, { headers: { ...CORS, "Cache-Control": "no-store" } });
    } catch (err) {
      const refusal = err instanceof DomainError ? err : outageRefusal(err, request);
      if (refusal) {
        const own = /^([\w-]+):/.exec(refusal.message)?.[1];
        const t = await getT(request, ["common", "icpc", ...(own && own !== "common" && own !== "icpc" ? [own] : [])] as [string, ...string[]]);
        const status = httpStatusOf(refusal.kind);
        const extra: Record<string, string> = refusal.kind === "unavailable" ? outageHeaders() : status === 401 ? { "WWW-Authenticate": 'Basic realm="icpc-api", charset="UTF-8"' } : {};
        return errorJson(status, t(refusal.message, refusal.params ?? {}), extra);
      }
      if (err instanceof Response) {
        const t = await getT(request, "common");
        return errorJson(err.status === 400 ? 400 : 404, err.status === 400 ? t("errors.badRequest") : t("errors.notFound"));
      }
      logger.error({ err, url: request.url }, "icpc-api handler failed");
      const t = await getT(request, "common");
      return errorJson(500, t("errors.server"));
    }
  };
}

/** The account of the request's credentials (Basic or an /ojapi token); null without any. */
export function icpcUser(args: LoaderFunctionArgs): Promise<CurrentUser | null> {
  return apiUser(args.request, clientOf(args.request, args.context));
}

/** The contest the path names, as the API serves it to the request's account. */
export async function icpcContestOf(args: LoaderFunctionArgs): Promise<IcpcScope> {
  const cid = pathId(args.params.contestId);
  return icpcContest(cid, await icpcUser(args));
}
