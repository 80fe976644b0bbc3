import { isUtf8 } from "node:buffer";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { CopyInFile, SandboxClient } from "../sandbox";

// Case files for the sandbox: small text travels inside the run request, anything else is put into
// go-judge's store once per task and removed when the task ends.

export class CaseFiles {
  private readonly refs = new Map<string, Promise<CopyInFile>>();
  private readonly uploaded: string[] = [];

  constructor(
    private readonly sandbox: SandboxClient,
    private readonly inlineMaxBytes: number,
  ) {}

  ref(localPath: string, size: number, signal?: AbortSignal): Promise<CopyInFile> {
    let p = this.refs.get(localPath);
    if (!p) {
      p = this.load(localPath, size, signal);
      this.refs.set(localPath, p);
      p.catch(() => this.refs.delete(localPath));
    }
    return p;
  }

  private async load(localPath: string, size: number, signal?: AbortSignal): Promise<CopyInFile> {
    if (size <= this.inlineMaxBytes) {
      const data = await readFile(localPath);
      if (isUtf8(data)) return { content: data.toString("utf8") };
    }
    const id = await this.sandbox.uploadPath(localPath, path.basename(localPath), signal);
    this.uploaded.push(id);
    return { fileId: id };
  }

  async dispose(): Promise<void> {
    this.refs.clear();
    await this.sandbox.deleteAll(this.uploaded.splice(0));
  }
}
