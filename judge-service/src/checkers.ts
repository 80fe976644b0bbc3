import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ExtraFile } from "../../app/lib/judge-protocol";
import { compileProgram, extraFileCopyIn, type CompileContext } from "./compile";
import { checkerLanguage, type LanguageRun } from "./languages";

// Special judge checkers and interactors, compiled once per source (code, language, extra files,
// testlib.h) and kept twice: the binary in go-judge's store for the runs, and a copy on local disk so
// a go-judge or judge restart costs an upload instead of a compile.

/**
 * The checker's language with its own folder searched after the system headers, so that
 * `#include <testlib.h>` finds the header beside the source as `#include "testlib.h"` does, and no
 * file beside it can stand in for a standard header.
 */
function withLocalHeaders(lang: LanguageRun): LanguageRun {
  return {
    ...lang,
    compile: (tc) => {
      const spec = lang.compile(tc);
      return { ...spec, args: [spec.args[0], "-idirafter", ".", ...spec.args.slice(1)] };
    },
  };
}

export type CheckerOutcome = { ok: true; key: string; fileId: string } | { ok: false; systemError: boolean; message: string };

export class CheckerCache {
  private readonly files = new Map<string, string>();
  private readonly inflight = new Map<string, Promise<CheckerOutcome>>();

  constructor(
    /** Folder for compiled binaries; null keeps them in go-judge only. */
    private readonly dir: string | null,
    /** Content of testlib.h offered to every checker, or null. */
    readonly testlib: string | null,
    private readonly maxEntries = 64,
  ) {}

  key(language: string, code: string, extra: ExtraFile[]): string {
    const h = createHash("sha256");
    h.update(`${language}\0${code}\0`);
    for (const f of [...(extra ?? [])].sort((a, b) => (a.name < b.name ? -1 : 1))) h.update(`${f.name}\0${f.content}\0`);
    h.update(this.testlib ?? "");
    return h.digest("hex").slice(0, 40);
  }

  /** The go-judge file id of the compiled checker, compiling it on first use. */
  get(ctx: CompileContext, language: string, code: string, extra: ExtraFile[], signal?: AbortSignal): Promise<CheckerOutcome> {
    const key = this.key(language, code, extra);
    const known = this.files.get(key);
    if (known) {
      // Most recently used last.
      this.files.delete(key);
      this.files.set(key, known);
      return Promise.resolve({ ok: true, key, fileId: known });
    }
    let p = this.inflight.get(key);
    if (!p) {
      p = this.load(ctx, key, language, code, extra, signal).finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  /** Forgets a checker whose file go-judge no longer has. */
  invalidate(key: string): void {
    this.files.delete(key);
  }

  invalidateFileId(fileId: string): void {
    for (const [k, v] of this.files) if (v === fileId) this.files.delete(k);
  }

  /** Where the compiled binary of a checker is kept on disk (null when not kept). */
  binaryPath(key: string): string | null {
    return this.dir ? path.join(this.dir, `${key}.bin`) : null;
  }

  private remember(ctx: CompileContext, key: string, fileId: string): void {
    this.files.set(key, fileId);
    while (this.files.size > this.maxEntries) {
      const [oldKey, oldId] = this.files.entries().next().value as [string, string];
      this.files.delete(oldKey);
      void ctx.sandbox.delete(oldId);
    }
  }

  private async load(ctx: CompileContext, key: string, language: string, code: string, extra: ExtraFile[], signal?: AbortSignal): Promise<CheckerOutcome> {
    const onDisk = this.binaryPath(key);
    if (onDisk && existsSync(onDisk)) {
      const fileId = await ctx.sandbox.uploadPath(onDisk, "checker", signal);
      this.remember(ctx, key, fileId);
      return { ok: true, key, fileId };
    }
    const lang = checkerLanguage(language);
    if (!lang || !lang.toolchains.every((t) => ctx.toolchains.found[t])) {
      return { ok: false, systemError: true, message: `no compiler for checker language ${JSON.stringify(language)} on this judge` };
    }
    const copyIn = extraFileCopyIn(extra, [lang.source, "main"]);
    // A testlib.h among the problem's own judge files is the author's choice and wins.
    if (this.testlib !== null && !copyIn["testlib.h"]) copyIn["testlib.h"] = { content: this.testlib };
    const compiled = await compileProgram(ctx, withLocalHeaders(lang), code, copyIn, signal);
    if (!compiled.ok) return compiled;
    const fileId = compiled.artifacts.main;
    if (onDisk) {
      const bytes = await ctx.sandbox.downloadBytes(fileId, signal);
      if (bytes) {
        await mkdir(path.dirname(onDisk), { recursive: true });
        const tmp = `${onDisk}.${process.pid}-${randomBytes(4).toString("hex")}`;
        await writeFile(tmp, bytes, { mode: 0o755 });
        await rename(tmp, onDisk);
      }
    }
    this.remember(ctx, key, fileId);
    return { ok: true, key, fileId };
  }

  /** Removes every checker binary of this process from go-judge's store. */
  async dispose(ctx: Pick<CompileContext, "sandbox">): Promise<void> {
    const ids = [...this.files.values()];
    this.files.clear();
    await ctx.sandbox.deleteAll(ids);
  }
}
