import { REMOTE_OJS } from "./problem";

// The remote judges (spec section 1) as the web side and judge-service both see them: how an
// admin's id ("HDU-1000", "CF-1A", "GYM-100001A", "POJ-1000", "AC-abc300_a", "SPOJ-TEST",
// "HOJ-1000") splits into the OJ and its own problem id, and the languages each OJ takes, with the
// value its submit form expects. Pure; no server code.

export type RemoteOj = (typeof REMOTE_OJS)[number];

/** The problem id on the remote site, per OJ. */
const REMOTE_ID_RULES: Record<RemoteOj, RegExp> = {
  HDU: /^\d{4,5}$/,
  CF: /^[1-9]\d{0,4}[A-Z]\d?$/,
  GYM: /^[1-9]\d{5}[A-Z]\d?$/,
  POJ: /^\d{4}$/,
  AC: /^[a-z][a-z0-9-]*\d*_[a-z0-9]+$/,
  SPOJ: /^[A-Z0-9_]{1,8}$/,
  HOJ: /^[A-Za-z0-9_-]{1,50}$/,
};

export interface RemoteProblemRef {
  oj: RemoteOj;
  remoteId: string;
  /** The display id the problem is stored under: "<OJ>-<remoteId>" (the OJ filter's prefix rule). */
  problemId: string;
}

/**
 * Reads an admin's remote id. The OJ is matched in any case; the remote part keeps its case except
 * where the site has only one (CF and GYM indexes and SPOJ codes upper case, AtCoder lower case).
 * Null when the OJ is unknown or the id cannot exist there.
 */
export function parseRemoteProblemId(raw: string): RemoteProblemRef | null {
  const text = raw.trim();
  const dash = text.indexOf("-");
  if (dash <= 0) return null;
  const oj = text.slice(0, dash).toUpperCase();
  if (!(REMOTE_OJS as readonly string[]).includes(oj)) return null;
  let remoteId = text.slice(dash + 1).trim();
  if (oj === "CF" || oj === "GYM" || oj === "SPOJ") remoteId = remoteId.toUpperCase();
  if (oj === "AC") remoteId = remoteId.toLowerCase();
  if (!REMOTE_ID_RULES[oj as RemoteOj].test(remoteId)) return null;
  return { oj: oj as RemoteOj, remoteId, problemId: `${oj}-${remoteId}` };
}

/** Codeforces and GYM ids: the contest and the problem's index ("1A" → 1, "A"). */
export function splitContestIndex(remoteId: string): { contest: string; index: string } {
  const m = /^(\d+)([A-Z]\d?)$/.exec(remoteId);
  return m ? { contest: m[1], index: m[2] } : { contest: "", index: remoteId };
}

/** AtCoder ids: the contest is what precedes the last underscore ("abc300_a" → "abc300"). */
export function atcoderContestOf(remoteId: string): string {
  const i = remoteId.lastIndexOf("_");
  return i > 0 ? remoteId.slice(0, i) : remoteId;
}

const CODEFORCES_LANGUAGES = [
  { name: "GNU G++17 7.3.0", value: "54" },
  { name: "GNU G++20 13.2 (64 bit, winlibs)", value: "89" },
  { name: "GNU GCC C11 5.1.0", value: "43" },
  { name: "Java 21 64bit", value: "87" },
  { name: "Python 3.8.10", value: "31" },
  { name: "PyPy 3.10 (7.3.15, 64bit)", value: "70" },
];

/** Languages per OJ: the name the site shows and stores, and the value of the OJ's language field. */
export const REMOTE_LANGUAGES: Record<RemoteOj, ReadonlyArray<{ name: string; value: string }>> = {
  HDU: [
    { name: "G++", value: "0" },
    { name: "GCC", value: "1" },
    { name: "C++", value: "2" },
    { name: "C", value: "3" },
    { name: "Pascal", value: "4" },
    { name: "Java", value: "5" },
    { name: "C#", value: "6" },
  ],
  CF: CODEFORCES_LANGUAGES,
  // Gym contests are submitted through Codeforces with its language ids.
  GYM: CODEFORCES_LANGUAGES,
  POJ: [
    { name: "G++", value: "0" },
    { name: "GCC", value: "1" },
    { name: "Java", value: "2" },
    { name: "Pascal", value: "3" },
    { name: "C++", value: "4" },
    { name: "C", value: "5" },
    { name: "Fortran", value: "6" },
  ],
  AC: [
    { name: "C++ 20 (gcc 12.2)", value: "5001" },
    { name: "C (gcc 12.2.0)", value: "5017" },
    { name: "Java (OpenJDK 17)", value: "5005" },
    { name: "Python (CPython 3.11.4)", value: "5055" },
    { name: "Python (PyPy 3.10-v7.3.12)", value: "5078" },
    { name: "Rust (rustc 1.70.0)", value: "5054" },
  ],
  SPOJ: [
    { name: "C++14 (gcc 8.3)", value: "44" },
    { name: "C (gcc 8.3)", value: "11" },
    { name: "Java (HotSpot 12)", value: "10" },
    { name: "Python 3 (python 3.7.3)", value: "116" },
    { name: "Pascal (fpc 3.0.4)", value: "22" },
  ],
  // Another HOJ takes HOJ's own language names.
  HOJ: [
    { name: "C", value: "C" },
    { name: "C++", value: "C++" },
    { name: "C++ 17", value: "C++ 17" },
    { name: "Java", value: "Java" },
    { name: "Python3", value: "Python3" },
    { name: "Golang", value: "Golang" },
  ],
};

export function remoteLanguageNames(oj: RemoteOj): string[] {
  return REMOTE_LANGUAGES[oj].map((l) => l.name);
}

/** The OJ's value for a language name, or null when the OJ does not take it. */
export function remoteLanguageValue(oj: string, name: string): string | null {
  return REMOTE_LANGUAGES[oj as RemoteOj]?.find((l) => l.name === name)?.value ?? null;
}
