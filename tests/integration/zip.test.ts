import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extractZip, extractZipFresh, writeZip, ZipError } from "~/services/platform/zip.server";

let tmp = "";
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "oj-zip-"));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A zip whose entry name is changed after writing (zip writers refuse such names themselves). */
async function zipWithName(real: string, placeholder: string, data: string): Promise<string> {
  expect(real.length).toBe(placeholder.length);
  const p = path.join(tmp, `${Math.random().toString(36).slice(2)}.zip`);
  await writeZip(p, [{ name: placeholder, data }]);
  const buf = await readFile(p);
  const from = Buffer.from(placeholder);
  let i = buf.indexOf(from);
  while (i >= 0) {
    Buffer.from(real).copy(buf, i);
    i = buf.indexOf(from, i + 1);
  }
  await writeFile(p, buf);
  return p;
}

describe("zip extraction", () => {
  it("extracts files and skips archiver junk", async () => {
    const p = path.join(tmp, "ok.zip");
    await writeZip(p, [
      { name: "a/1.in", data: "1" },
      { name: "__MACOSX/a/._1.in", data: "junk" },
      { name: "a/.DS_Store", data: "junk" },
    ]);
    const out = await extractZip(p, path.join(tmp, "ok"));
    expect(out.files).toEqual(["a/1.in"]);
    expect(out.skipped.sort()).toEqual(["__MACOSX/a/._1.in", "a/.DS_Store"]);
    expect(await readFile(path.join(tmp, "ok", "a", "1.in"), "utf8")).toBe("1");
  });

  it("refuses names that leave the destination (zip slip)", async () => {
    const p = await zipWithName("../evil.txt", "aa/evil.txt", "pwned");
    const dest = path.join(tmp, "slip", "inner");
    await expect(extractZipFresh(p, dest)).rejects.toBeInstanceOf(ZipError);
    expect(existsSync(path.join(tmp, "slip", "evil.txt"))).toBe(false);
    expect(existsSync(dest)).toBe(false);
    const abs = await zipWithName("/tmp/evil", "aaaa/evil", "pwned");
    await expect(extractZip(abs, path.join(tmp, "abs"))).rejects.toBeInstanceOf(ZipError);
  });

  it("stops at the entry, size and count limits and leaves nothing behind", async () => {
    const p = path.join(tmp, "bomb.zip");
    await writeZip(p, [
      { name: "zeros.bin", data: Buffer.alloc(4 * 1024 * 1024) },
      { name: "b.txt", data: "b" },
    ]);
    await expect(extractZipFresh(p, path.join(tmp, "bomb1"), { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 1e9 })).rejects.toMatchObject({ reason: "entryTooLarge" });
    await expect(extractZipFresh(p, path.join(tmp, "bomb2"), { maxEntries: 10, maxEntryBytes: 1e9, maxTotalBytes: 1024 * 1024 })).rejects.toMatchObject({ reason: "tooLarge" });
    await expect(extractZipFresh(p, path.join(tmp, "bomb3"), { maxEntries: 1, maxEntryBytes: 1e9, maxTotalBytes: 1e9 })).rejects.toMatchObject({ reason: "tooManyEntries" });
    expect(existsSync(path.join(tmp, "bomb1"))).toBe(false);
  });

  it("refuses a file that is not a zip", async () => {
    const p = path.join(tmp, "not.zip");
    await writeFile(p, "hello, I am text");
    await expect(extractZip(p, path.join(tmp, "not"))).rejects.toMatchObject({ reason: "invalid" });
  });
});
