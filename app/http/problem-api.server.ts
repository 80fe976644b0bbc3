import { json } from "@remix-run/node";
import { z } from "zod";
import { SPJ_LANGUAGES } from "~/lib/languages";
import { PROBLEM_LIMITS, type ConflictPolicy, type ImportFormat } from "~/lib/problem-admin";
import { bodyParams, queryParams } from "./api.server";
import { extraFilesFrom } from "../services/problem/hoj-problem.server";
import { getT } from "../services/platform/i18n.server";
import type { AdminActor } from "../services/problem/admin.server";
import { ProblemAdminError } from "../services/problem/errors.server";
import { parseMultipart, removeUploaded } from "./problem-form.server";
import { runImport } from "../services/problem/import.server";
import { compileCheck, CompileTimeoutError } from "../services/problem/spj-compile.server";
import { UPLOAD_LIMITS } from "~/lib/problem-admin";

// Pieces shared by several /ojapi adapters of the problem administration.

const E = (key: string) => `admin-problem:errors.${key}`;

export const compileRequestSchema = z.object({
  code: z.string({ required_error: E("spjCodeRequired"), invalid_type_error: E("spjCodeRequired") }).max(PROBLEM_LIMITS.judgeCodeMax, E("codeTooLong")).refine((s) => s.trim() !== "", E("spjCodeRequired")),
  language: z.enum(SPJ_LANGUAGES, { errorMap: () => ({ message: E("invalidSpjLanguage") }) }),
  extraFiles: z.preprocess(extraFilesFrom, z.array(z.object({ name: z.string(), content: z.string() }))),
});

/**
 * POST {code, language, extraFiles}: compiles a checker or interactor on a judge. A compile error
 * answers status 400 with the compiler's output as msg (HOJ's client shows it in the Compile
 * Error dialog). `body`: the request's body when the caller has read it already.
 */
export async function compileEndpoint(request: Request, purpose: "spj" | "interactive", body?: Record<string, unknown>): Promise<Response | null> {
  const input = compileRequestSchema.parse(body ?? (await bodyParams(request)));
  let result;
  try {
    result = await compileCheck({ purpose, language: input.language, code: input.code, extraFiles: input.extraFiles });
  } catch (err) {
    if (err instanceof CompileTimeoutError) throw new ProblemAdminError("compileTimeout", undefined, undefined, "unavailable");
    throw err;
  }
  const t = await getT(request, ["admin-problem", "common"]);
  if (!result.ok) return json({ status: 400, msg: result.message || t("admin-problem:errors.spjCompileFailed"), data: null }, { status: 400 });
  return json({ status: 200, msg: t("admin-problem:api.compiled"), data: null });
}

/** POST multipart `file`: one of the four import formats; answers the import report. */
export async function importEndpoint(request: Request, format: ImportFormat, actor: AdminActor) {
  const { files, tooLarge } = await parseMultipart(request, ["file"], Math.max(UPLOAD_LIMITS.archiveMaxBytes, UPLOAD_LIMITS.fpsMaxBytes));
  try {
    if (tooLarge.length) throw new ProblemAdminError("exceedMaxSize", "file", undefined, "tooLarge");
    const file = files.get("file");
    if (!file) throw new ProblemAdminError("chooseFile", "file");
    const q = queryParams(request);
    const onConflict: ConflictPolicy = q.onConflict === "suffix" ? "suffix" : "refuse";
    return await runImport(format, file.path, file.name, actor, { onConflict });
  } finally {
    await removeUploaded(files);
  }
}
