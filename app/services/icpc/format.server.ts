import { createHash } from "node:crypto";
import { JudgeStatus } from "~/lib/constants";
import { NOT_COUNTED } from "../contest/rules/rule.server";

// The ICPC Contest API's formats (version 2023-06): identifiers, absolute and relative times, and
// our verdicts and languages under the spec's known identifiers.

export const API_VERSION = "2023-06";
export const API_VERSION_URL = "https://ccs-specs.icpc.io/2023-06/contest_api";

/** Absolute time: ISO 8601 with milliseconds, in UTC ("Z"), as every absolute time we serve. */
export function absTime(d: Date | number): string {
  return new Date(d).toISOString();
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/** Relative time `(-)h:mm:ss.uuu` of a span in milliseconds. */
export function relTime(ms: number): string {
  const sign = ms < 0 ? "-" : "";
  let rest = Math.abs(Math.round(ms));
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  return `${sign}${h}:${pad(m, 2)}:${pad(s, 2)}.${pad(rest - s * 1000, 3)}`;
}

/** A school as an organization: its id is derived from its name, which may be in any script. */
export function organizationId(school: string): string {
  return `org-${createHash("sha1").update(school.trim()).digest("hex").slice(0, 16)}`;
}

/** A language of ours under the spec's identifier where it has one (cpp, python3, go…), a variant suffixed. */
export function languageId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/ with o2$/, "-o2")
    .replace(/\+/g, "p")
    .replace(/#/g, "sharp")
    .replace(/[^a-z0-9_.-]/g, "");
  return slug.replace(/^golang/, "go").replace(/^javascriptnode/, "javascript") || "unknown";
}

export interface JudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}

// Each judgement type we give, with the verdict of ours it stands for: whether it costs penalty
// time is our ACM rule's (the verdicts it does not count cost nothing).
const TYPES: ReadonlyArray<{ id: string; name: string; status: number }> = [
  { id: "AC", name: "Accepted", status: JudgeStatus.ACCEPTED },
  { id: "WA", name: "Wrong Answer", status: JudgeStatus.WRONG_ANSWER },
  { id: "TLE", name: "Time Limit Exceeded", status: JudgeStatus.TIME_LIMIT_EXCEEDED },
  { id: "MLE", name: "Memory Limit Exceeded", status: JudgeStatus.MEMORY_LIMIT_EXCEEDED },
  { id: "RTE", name: "Run-Time Error", status: JudgeStatus.RUNTIME_ERROR },
  { id: "PE", name: "Presentation Error", status: JudgeStatus.PRESENTATION_ERROR },
  { id: "RE", name: "Rejected (partially accepted)", status: JudgeStatus.PARTIAL_ACCEPTED },
  { id: "CE", name: "Compile Error", status: JudgeStatus.COMPILE_ERROR },
  { id: "JE", name: "Judging Error", status: JudgeStatus.SYSTEM_ERROR },
  { id: "SE", name: "Submission Error", status: JudgeStatus.SUBMITTED_FAILED },
  { id: "CS", name: "Contact Staff (cancelled)", status: JudgeStatus.CANCELLED },
];

export const JUDGEMENT_TYPES: readonly JudgementType[] = TYPES.map((t) => ({
  id: t.id,
  name: t.name,
  penalty: t.status !== JudgeStatus.ACCEPTED && !NOT_COUNTED.has(t.status),
  solved: t.status === JudgeStatus.ACCEPTED,
}));

const BY_STATUS = new Map<number, string>(TYPES.map((t) => [t.status, t.id]));

/** The judgement type of a final verdict; null while it is still being judged. */
export function judgementTypeOf(status: number): string | null {
  if (status === JudgeStatus.PENDING || status === JudgeStatus.COMPILING || status === JudgeStatus.JUDGING || status === JudgeStatus.SUBMITTING) return null;
  return BY_STATUS.get(status) ?? "CS";
}
