import { z } from "zod";
import { LANGUAGES, SPJ_LANGUAGES, type LanguageInfo } from "~/lib/languages";
import { parseRemoteProblemId, REMOTE_LANGUAGES, type RemoteOj } from "~/lib/remote-oj";
import { Problem } from "~/models/problem.server";
import { DomainError } from "~/services/errors.server";
import { judgeLanguages } from "../judging/queue.server";
import { bankScope } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";

// Languages offered to users: the catalogue (app/lib/languages.ts) restricted to what some live
// judge advertises. With no judge online, to what the judges advertised last (a submission then
// waits in the queue for a judge); only an installation where no judge ever advertised offers the
// whole catalogue.

/** HOJ's Language shape (spec section 3). */
export interface HojLanguage {
  id: number;
  name: string;
  description: string;
  compileCommand: string;
  template: string;
  oj: string;
  isSpj: boolean;
  contentType: string;
  /** HOJ's Language also carries these: the template again, its place in the list, and the row's
   * times (null: the catalogue is part of the code, not a stored row). */
  codeTemplate: string;
  seq: number;
  gmtCreate: null;
  gmtModified: null;
}

const CONTENT_TYPES: Record<LanguageInfo["mode"], string> = {
  c: "text/x-csrc",
  cpp: "text/x-c++src",
  java: "text/x-java",
  python: "text/x-python",
  go: "text/x-go",
  javascript: "text/javascript",
  rust: "text/x-rustsrc",
  php: "text/x-php",
  ruby: "text/x-ruby",
  csharp: "text/x-csharp",
};

function toHoj(info: LanguageInfo): HojLanguage {
  return {
    id: LANGUAGES.indexOf(info) + 1,
    name: info.name,
    description: info.description,
    compileCommand: info.compileCommand,
    template: info.template,
    oj: "ME",
    isSpj: (SPJ_LANGUAGES as readonly string[]).includes(info.name),
    contentType: CONTENT_TYPES[info.mode],
    codeTemplate: info.template,
    seq: LANGUAGES.indexOf(info),
    gmtCreate: null,
    gmtModified: null,
  };
}

/** Whether a language can be offered, given what the judges offer (null: never advertised, all). */
export function isOffered(name: string, offered: ReadonlySet<string> | null): boolean {
  return offered === null || offered.has(name);
}

/** Catalogue languages (in catalogue order) restricted to `names` when given, and to the judges'. */
export async function offeredLanguages(names?: readonly string[]): Promise<HojLanguage[]> {
  const { offered } = await judgeLanguages();
  const wanted = names ? new Set(names) : null;
  return LANGUAGES.filter((l) => (!wanted || wanted.has(l.name)) && isOffered(l.name, offered)).map(toHoj);
}

const boolish = z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean());

export const languagesQuerySchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "judge:problemNotFound" }).int().positive("judge:problemNotFound").optional(),
  all: boolish.default(false),
});

export const problemLanguagesSchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "judge:problemNotFound", required_error: "judge:problemNotFound" }).int().positive("judge:problemNotFound"),
});

/** A remote OJ's languages in HOJ's shape (its language table keeps them with their oj). */
function remoteLanguages(oj: string, names: readonly string[]): HojLanguage[] {
  const list = REMOTE_LANGUAGES[oj as RemoteOj] ?? [];
  return list
    .filter((l) => names.includes(l.name))
    .map((l, i) => ({
      id: 1000 + i,
      name: l.name,
      description: l.name,
      compileCommand: "",
      template: "",
      oj,
      isSpj: false,
      contentType: /java/i.test(l.name) ? "text/x-java" : /python|pypy/i.test(l.name) ? "text/x-python" : /^(gcc|c\b|gnu gcc)/i.test(l.name) ? "text/x-csrc" : "text/x-c++src",
      codeTemplate: "",
      seq: i,
      gmtCreate: null,
      gmtModified: null,
    }));
}

/** A problem's languages as offered: the judges' for this site's own, its remote judge's for a remote one. */
async function languagesOfProblem(viewer: CurrentUser | null, pid: number): Promise<HojLanguage[]> {
  const p = await Problem.findById(pid).select("auth gid applyPublicProgress languages isRemote remoteOj problemId").lean();
  if (!p || !bankScope.seesProblem(viewer, p)) throw new DomainError("notFound", "judge:problemNotFound");
  if (p.isRemote) return remoteLanguages(p.remoteOj || parseRemoteProblemId(p.problemId)?.oj || "", p.languages ?? []);
  return offeredLanguages(p.languages ?? []);
}

/** GET /ojapi/languages: every offered language (`all`), or those of a problem (`pid`). */
export async function listLanguages(viewer: CurrentUser | null, q: z.infer<typeof languagesQuerySchema>): Promise<HojLanguage[]> {
  if (q.all || q.pid === undefined) return offeredLanguages();
  return languagesOfProblem(viewer, q.pid);
}

/** GET /ojapi/get-problem-languages: the offered languages of one problem. */
export async function problemLanguages(viewer: CurrentUser | null, pid: number): Promise<HojLanguage[]> {
  return languagesOfProblem(viewer, pid);
}
