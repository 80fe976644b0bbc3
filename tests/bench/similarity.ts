import { performance } from "node:perf_hooks";
import { compareOnce, type CompareTask } from "../../app/services/similarity/dolos.server";
import { KEEP_PAIRS, MIN_SIMILARITY } from "../../app/services/similarity/job.server";
import { cppCorpus } from "../fixtures/cpp-corpus";

// npm run bench:similarity — one similarity check's comparison at a class's size: 300 C++
// solutions of one problem, about 60 lines each, every one its own approach, names and layout
// (tests/fixtures/cpp-corpus.ts), 6 of them copies of others with every identifier renamed and the
// layout redone. They are compared pairwise in one run, as a check compares one problem's programs
// (Dolos in a worker thread, the check's own thresholds), with a code template left out. Prints
// the time, the process's peak memory (the worker thread included) and where the copies rank.
//
// BENCH_PROGRAMS (300), BENCH_COPIES (6), BENCH_RUNS (3: the median time is printed).

const PROGRAMS = Number(process.env.BENCH_PROGRAMS ?? 300);
const COPIES = Number(process.env.BENCH_COPIES ?? 6);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TEMPLATE = "#include <bits/stdc++.h>\nusing namespace std;\nint main() {\n  return 0;\n}\n";

const mb = (kb: number) => (kb / 1024).toFixed(0);

async function main() {
  const corpus = cppCorpus(PROGRAMS, COPIES);
  const lines = corpus.map((c) => c.code.split("\n").length);
  const task: CompareTask = {
    language: "cpp",
    files: corpus.map((c, i) => ({ key: i, owner: c.author, code: c.code })),
    template: TEMPLATE,
    keepPairs: KEEP_PAIRS,
    minSimilarity: MIN_SIMILARITY,
  };
  console.log(`${PROGRAMS} programs (${COPIES} disguised copies), ${Math.min(...lines)}–${Math.max(...lines)} lines, mean ${(lines.reduce((a, b) => a + b, 0) / lines.length).toFixed(1)}`);
  const rssBefore = process.memoryUsage().rss / 1024;
  const times: number[] = [];
  let result = await compareOnce(task);
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    result = await compareOnce(task);
    times.push(performance.now() - t0);
    console.log(`run ${run + 1}: ${(times[run] / 1000).toFixed(2)} s`);
  }
  times.sort((a, b) => a - b);
  const peak = process.resourceUsage().maxRSS;
  console.log(`pairs compared: ${result.compared}, kept: ${result.pairs.length} (similarity ≥ ${MIN_SIMILARITY}, at most ${KEEP_PAIRS})`);
  console.log(`median time: ${(times[Math.floor(times.length / 2)] / 1000).toFixed(2)} s (a worker thread started per run included)`);
  console.log(`peak memory (RSS, the process with its worker): ${mb(peak)} MB; before comparing: ${mb(rssBefore)} MB`);
  const copyOf = new Map(corpus.map((c, i) => [i, c.copyOf]));
  const author = (i: number) => corpus[i].author;
  const places = corpus
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.copyOf)
    .map(({ i }) => result.pairs.findIndex((p) => (p.left === i && author(p.right) === copyOf.get(i)) || (p.right === i && author(p.left) === copyOf.get(i))) + 1);
  console.log(`places of the copy pairs among the kept pairs (1 = most similar): ${places.join(", ")}`);
  const top = result.pairs.slice(0, 10).map((p) => `${(p.similarity * 100).toFixed(0)}%${copyOf.get(p.left) === author(p.right) || copyOf.get(p.right) === author(p.left) ? " (copy)" : ""}`);
  console.log(`the 10 most similar pairs: ${top.join(", ")}`);
}

await main();
