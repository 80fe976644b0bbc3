// The code comparison of a similarity check, in a worker thread: Dolos (tree-sitter parsers,
// winnowed fingerprints) compares one group of programs pairwise. Parsing and fingerprinting are
// CPU-bound and synchronous, so they run here and never hold up the web server's requests.
// Plain JavaScript: the worker starts without the TypeScript loader, wherever the site runs
// (the built server, Vitest, the benchmark). Its messages are typed in dolos.server.ts.
import { parentPort } from "node:worker_threads";
import { Dolos, File } from "@dodona/dolos-lib";

/** Dolos counts rows from 0; a region is kept as plain numbers (no nested arrays in the store). */
function regionOf(prefix, r) {
  return { [`${prefix}s`]: r.startRow, [`${prefix}c`]: r.startCol, [`${prefix}e`]: r.endRow, [`${prefix}ec`]: r.endCol };
}

async function compare({ language, files, template, keepPairs, minSimilarity }) {
  if (files.length < 2) return { pairs: [], compared: 0 };
  const dolos = new Dolos({ language });
  const input = files.map((f, i) => new File(`${i}`, f.code));
  const ignored = template ? new File("template", template) : undefined;
  const report = await dolos.analyze(input, "check", ignored);
  const all = report.allPairs();
  // One author's own programs (every final submission of theirs) are no match to report.
  const kept = all
    .filter((p) => p.similarity >= minSimilarity && files[Number(p.leftFile.path)].owner !== files[Number(p.rightFile.path)].owner)
    .sort((a, b) => b.similarity - a.similarity || b.longest - a.longest)
    .slice(0, keepPairs);
  const pairs = kept.map((p) => {
    const left = Number(p.leftFile.path);
    const right = Number(p.rightFile.path);
    const fragments = p.buildFragments().map((f) => ({ ...regionOf("l", f.leftSelection), ...regionOf("r", f.rightSelection), kgrams: f.pairs.length }));
    return { left: files[left].key, right: files[right].key, similarity: p.similarity, longest: p.longest, overlap: p.overlap, fragments };
  });
  return { pairs, compared: all.length };
}

parentPort.on("message", async (msg) => {
  try {
    parentPort.postMessage({ id: msg.id, ok: true, result: await compare(msg.task) });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
