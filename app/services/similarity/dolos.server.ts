import path from "node:path";
import { Worker } from "node:worker_threads";
import { languageInfo, type LanguageInfo } from "~/lib/languages";

// The code comparison of a similarity check (Dolos, in a worker thread: dolos-worker.mjs). Each
// group of programs (one problem, one language family) is one task; the worker answers the pairs
// worth keeping with their shared fragments.

/** One program to compare: `key` names it for the caller (a submission id), `owner` its author. */
export interface ComparedFile {
  key: number;
  owner: string;
  code: string;
}

export interface CompareTask {
  /** Dolos's language ("cpp", "java", "python", …; "char" compares characters). */
  language: string;
  files: ComparedFile[];
  /** The code the programs started from: what they share with it is not a match. */
  template: string | null;
  /** The most similar pairs kept. */
  keepPairs: number;
  /** Pairs below this similarity are not kept. */
  minSimilarity: number;
}

/** A shared fragment: the regions of the two programs (rows and columns from 0). */
export interface Fragment {
  ls: number;
  lc: number;
  le: number;
  lec: number;
  rs: number;
  rc: number;
  re: number;
  rec: number;
  /** Its length in k-grams. */
  kgrams: number;
}

export interface ComparedPair {
  left: number;
  right: number;
  /** Share of both programs covered by shared fingerprints, 0 to 1. */
  similarity: number;
  /** The longest shared run of k-grams. */
  longest: number;
  overlap: number;
  fragments: Fragment[];
}

export interface CompareResult {
  pairs: ComparedPair[];
  /** How many pairs were compared. */
  compared: number;
}

/** Dolos's parser for a language of the catalogue; languages it has none for compare as text. */
const DOLOS_LANGUAGE: Record<LanguageInfo["mode"], string> = {
  c: "c",
  cpp: "cpp",
  java: "java",
  python: "python",
  go: "go",
  javascript: "javascript",
  rust: "rust",
  php: "php",
  csharp: "c-sharp",
  ruby: "char",
};

/** The family a submission's language is compared in (C++ and C++ With O2 together). */
export function comparisonLanguage(language: string): string {
  const info = languageInfo(language);
  return info ? DOLOS_LANGUAGE[info.mode] : "char";
}

/** Where the worker's module is: beside this one in the sources, which the site runs from. */
function workerPath(): string {
  return path.resolve(process.env.APP_ROOT ?? process.cwd(), "app/services/similarity/dolos-worker.mjs");
}

type Reply = { id: number; ok: true; result: CompareResult } | { id: number; ok: false; error: string };

/** A worker thread for one check: tasks run one after another; `close()` ends it. */
export class Comparer {
  private readonly worker: Worker;
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (r: CompareResult) => void; reject: (e: Error) => void }>();

  constructor() {
    this.worker = new Worker(workerPath());
    this.worker.on("message", (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (m.ok) w.resolve(m.result);
      else w.reject(new Error(m.error));
    });
    const failAll = (err: Error) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    this.worker.on("error", failAll);
    this.worker.on("exit", (code) => failAll(new Error(`the comparison worker stopped (${code})`)));
  }

  compare(task: CompareTask): Promise<CompareResult> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, task });
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** One comparison in a worker of its own (the benchmark, tests). */
export async function compareOnce(task: CompareTask): Promise<CompareResult> {
  const c = new Comparer();
  try {
    return await c.compare(task);
  } finally {
    await c.close();
  }
}
