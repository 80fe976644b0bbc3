// The contest-day part of `npm run bench:judge`: USERS users each submit once at a time drawn within
// WINDOW seconds (the same seeded schedule for every configuration), a mix as in a real contest's
// first minutes: C++ with bits/stdc++.h 60%, Python 25%, Java 15%; a tenth wrong, some too slow on
// the two big cases. The problem has 20 cases. The judge runs as its own process, once with each
// configuration (precompiled headers and parallel cases on or off), one after the other.
//
// Per configuration: submit-to-final-verdict time (median and p95, all and C++ alone), queue wait
// (submit to the judge starting it), verdicts per minute, and whether every submission got exactly
// one final verdict, the expected one, with all its cases.

import { JudgeStatus } from "../../app/lib/constants";

export interface ContestDayConfig {
  name: string;
  env: Record<string, string>;
}

export interface ContestDayDeps {
  users: number;
  windowMs: number;
  seed: number;
  /** Makes a user and returns what createSubmission takes. */
  makeUsers(n: number): Promise<unknown[]>;
  makeProblem(cases: Array<{ input: string; output: string }>): Promise<{ _id: number }>;
  submit(user: unknown, pid: number, language: string, code: string): Promise<number>;
  /** Status notices of one submission until unsubscribed. */
  listen(id: number, on: (s: { status: number; final: boolean }) => void): Promise<() => void>;
  /** Stored status and number of case results, once all are final. */
  stored(ids: number[]): Promise<Map<number, { status: number; cases: number }>>;
  startJudge(name: string, env: Record<string, string>): Promise<{ stop(): Promise<void> }>;
  print(line: string): void;
}

type Kind = "ok" | "wrong" | "slow";
type Lang = "C++" | "Python3" | "Java";

const CASES = 20;
const BIG = 2_000_000;

/** 18 small cases and 2 big ones (a above BIG), which the slow programs do not finish. */
export function contestCases(): Array<{ input: string; output: string }> {
  return Array.from({ length: CASES }, (_, i) => {
    const a = i >= CASES - 2 ? BIG + i : i * 12_345 + 1;
    const b = i * 7 + 3;
    return { input: `${a} ${b}\n`, output: `${a + b}\n` };
  });
}

function program(lang: Lang, kind: Kind, tag: number): string {
  const op = kind === "wrong" ? "-" : "+";
  if (lang === "C++") {
    const slow = kind === "slow" ? `  if (a > ${BIG}) { volatile long long x = 0; for (;;) x++; }\n` : "";
    return `#include <bits/stdc++.h>\nusing namespace std;\n// contestant ${tag}\nint main() {\n  ios::sync_with_stdio(false);\n  cin.tie(nullptr);\n  long long a, b;\n  cin >> a >> b;\n${slow}  cout << a ${op} b << "\\n";\n  return 0;\n}\n`;
  }
  if (lang === "Python3") {
    const slow = kind === "slow" ? `if a > ${BIG}:\n    while True:\n        pass\n` : "";
    return `# contestant ${tag}\na, b = map(int, input().split())\n${slow}print(a ${op} b)\n`;
  }
  const slow = kind === "slow" ? `    if (a > ${BIG}) { long x = 0; while (true) x++; }\n` : "";
  return `import java.util.*;\n// contestant ${tag}\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    long a = in.nextLong(), b = in.nextLong();\n${slow}    System.out.println(a ${op} b);\n  }\n}\n`;
}

const EXPECTED: Record<Kind, number> = { ok: JudgeStatus.ACCEPTED, wrong: JudgeStatus.WRONG_ANSWER, slow: JudgeStatus.TIME_LIMIT_EXCEEDED };

/** A small seeded generator (mulberry32), so every configuration gets the same contest. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Entry {
  at: number;
  lang: Lang;
  kind: Kind;
}

function schedule(users: number, windowMs: number, seed: number): Entry[] {
  const r = random(seed);
  const out: Entry[] = [];
  for (let i = 0; i < users; i++) {
    const x = r();
    const lang: Lang = x < 0.6 ? "C++" : x < 0.85 ? "Python3" : "Java";
    const y = r();
    const kind: Kind = y < 0.1 ? "wrong" : y < 0.15 ? "slow" : "ok";
    out.push({ at: r() * windowMs, lang, kind });
  }
  return out.sort((a, b) => a.at - b.at);
}

function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

const sec = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : "-");

export interface ContestDayRow {
  config: string;
  cells: string[];
  problems: string[];
}

export async function contestDay(deps: ContestDayDeps, configs: ContestDayConfig[]): Promise<ContestDayRow[]> {
  const plan = schedule(deps.users, deps.windowMs, deps.seed);
  const count = (l: Lang) => plan.filter((p) => p.lang === l).length;
  deps.print(
    `contest day: ${deps.users} users within ${deps.windowMs / 1000} s, ${CASES} cases; C++ ${count("C++")}, Python3 ${count("Python3")}, Java ${count("Java")}; ` +
      `wrong ${plan.filter((p) => p.kind === "wrong").length}, too slow ${plan.filter((p) => p.kind === "slow").length}`,
  );
  const users = await deps.makeUsers(deps.users);
  const problem = await deps.makeProblem(contestCases());
  const rows: ContestDayRow[] = [];
  let tag = 0;
  for (const config of configs) {
    const judge = await deps.startJudge(`bench-contest-${config.name.replace(/\W+/g, "-")}`, config.env);
    const subs: Array<{ id: number; entry: Entry; at: number; started?: number; finals: number; final?: number; status?: number }> = [];
    const unsubscribe: Array<() => void> = [];
    const allFinal = new Promise<void>((resolve) => {
      let done = 0;
      const start = performance.now();
      const timers = plan.map((entry, i) =>
        setTimeout(() => {
          void (async () => {
            const at = performance.now();
            const id = await deps.submit(users[i], problem._id, entry.lang, program(entry.lang, entry.kind, ++tag));
            const sub = { id, entry, at, finals: 0 } as (typeof subs)[number];
            subs.push(sub);
            unsubscribe.push(
              await deps.listen(id, (s) => {
                if (sub.started === undefined && s.status !== JudgeStatus.PENDING) sub.started = performance.now();
                if (!s.final) return;
                sub.finals++;
                if (sub.final !== undefined) return;
                sub.final = performance.now();
                sub.status = s.status;
                if (++done === plan.length) resolve();
              }),
            );
          })();
        }, entry.at - (performance.now() - start)),
      );
      void timers;
    });
    // Whatever is not final this long after the window counts as lost.
    const deadline = new Promise<void>((r) => setTimeout(r, deps.windowMs + 20 * 60_000));
    const began = performance.now();
    try {
      await Promise.race([allFinal, deadline]);
      // Late duplicates, if any, would arrive now.
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      for (const u of unsubscribe) u();
      await judge.stop();
    }
    const stored = await deps.stored(subs.map((s) => s.id));
    const finished = subs.filter((s) => s.final !== undefined);
    const latency = finished.map((s) => s.final! - s.at);
    const cpp = finished.filter((s) => s.entry.lang === "C++").map((s) => s.final! - s.at);
    const wait = finished.filter((s) => s.started !== undefined).map((s) => s.started! - s.at);
    const lastFinal = Math.max(...finished.map((s) => s.final!));
    const perMinute = (finished.length / (lastFinal - began)) * 60_000;
    const problems: string[] = [];
    const lost = plan.length - finished.length;
    if (lost > 0) problems.push(`${lost} without a final verdict`);
    const twice = subs.filter((s) => s.finals > 1).length;
    if (twice > 0) problems.push(`${twice} with more than one final notice`);
    const wrong = finished.filter((s) => stored.get(s.id)?.status !== EXPECTED[s.entry.kind] || s.status !== EXPECTED[s.entry.kind]);
    if (wrong.length > 0) problems.push(`${wrong.length} with an unexpected verdict (${wrong.slice(0, 5).map((s) => `${s.entry.lang} ${s.entry.kind}: ${s.status}`).join(", ")})`);
    const caseCount = finished.filter((s) => stored.get(s.id)?.cases !== CASES).length;
    if (caseCount > 0) problems.push(`${caseCount} without exactly ${CASES} case results`);
    rows.push({
      config: config.name,
      cells: [
        config.name,
        String(finished.length),
        sec(quantile(latency, 0.5)),
        sec(quantile(latency, 0.95)),
        sec(quantile(cpp, 0.5)),
        sec(quantile(cpp, 0.95)),
        sec(quantile(wait, 0.5)),
        sec(quantile(wait, 0.95)),
        perMinute.toFixed(1),
        sec(lastFinal - began),
        problems.length === 0 ? "yes" : "NO",
      ],
      problems,
    });
    deps.print(`  ${config.name}: ${finished.length}/${plan.length} final, median ${sec(quantile(latency, 0.5))} s, p95 ${sec(quantile(latency, 0.95))} s${problems.length ? `; ${problems.join("; ")}` : ""}`);
  }
  return rows;
}

export const CONTEST_DAY_HEAD = [
  "configuration",
  "verdicts",
  "median s",
  "p95 s",
  "C++ median s",
  "C++ p95 s",
  "queue wait median s",
  "queue wait p95 s",
  "verdicts/min",
  "last verdict at s",
  "each exactly one, expected",
];
