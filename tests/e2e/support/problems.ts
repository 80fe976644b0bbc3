import { randomInt } from "node:crypto";

// Problems for the learner-side browser tests, written with the app's own models and test data
// store. Import these only from tests that use the `app` fixture (it points the modules at the
// running site's store).

export async function models() {
  const [problem, submission, tag, testdata, pages] = await Promise.all([
    import("../../../app/models/problem.server"),
    import("../../../app/models/submission.server"),
    import("../../../app/models/tag.server"),
    import("../../../app/services/problem/testdata.server"),
    import("../../../app/services/platform/page-cache.server"),
  ]);
  return {
    Problem: problem.Problem,
    Submission: submission.Submission,
    Tag: tag.Tag,
    TagClassification: tag.TagClassification,
    testdata,
    /** After writing problems, tags or submissions directly: what the site's own writes announce. */
    pagesChanged: pages.pagesChanged,
  };
}

export type Models = Awaited<ReturnType<typeof models>>;

/** Pending, Compiling, Judging, Submitting: not a verdict yet. */
export const RUNNING = [5, 6, 7, 9];

/** A problem id unlikely to meet another test's (tests share one store). */
export const randomPid = () => 100_000 + randomInt(800_000);

export interface AbProblem {
  pid: number;
  problemId: string;
  title: string;
  difficulty?: number;
  tags?: number[];
  languages?: string[];
  examples?: Array<{ input: string; output: string }>;
  userExtraFile?: Array<{ name: string; content: string }>;
  /** Verdict counters (statistics dialog). */
  counts?: Partial<Record<"total" | "ac" | "wa" | "tle" | "mle" | "re" | "pe" | "ce" | "se" | "pa", number>>;
}

/** An A + B problem with two test cases (50 points each). */
export async function makeAbProblem(m: Models, o: AbProblem): Promise<void> {
  const hash = await m.testdata.storeTestData([
    { name: "1.in", data: Buffer.from("1 2\n") },
    { name: "1.out", data: Buffer.from("3\n") },
    { name: "2.in", data: Buffer.from("20 22\n") },
    { name: "2.out", data: Buffer.from("42\n") },
  ]);
  await m.Problem.create({
    _id: o.pid,
    problemId: o.problemId,
    problemIdUpper: o.problemId.toUpperCase(),
    title: o.title,
    description: "Print the sum of $a$ and $b$.",
    input: "Two integers $a, b$.",
    output: "$a+b$",
    examples: o.examples ?? [{ input: "1 2", output: "3" }],
    difficulty: o.difficulty ?? 0,
    tags: o.tags ?? [],
    languages: o.languages ?? ["C", "C++", "Python3"],
    userExtraFile: o.userExtraFile ?? [],
    testCaseHash: hash,
    testCases: [
      { input: "1.in", output: "1.out", score: 50, groupNum: 0 },
      { input: "2.in", output: "2.out", score: 50, groupNum: 0 },
    ],
    ...o.counts,
  });
  // As an admin's save does: lists kept or rendered before it show it at once.
  await m.pagesChanged("problems");
}

/**
 * Runs a create whose id comes from a sequence, again when another test process took the same id
 * at the same moment (the development store does not make two processes' increments atomic; the
 * unique id refuses the second insert, and the next try draws a fresh number).
 */
export async function retryOnTakenId<T>(create: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= 5) throw err;
    }
  }
}
