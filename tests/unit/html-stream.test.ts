import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { withoutNulBytes } from "~/services/platform/html-stream.server";

async function through(chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  const stream = Readable.from(chunks).pipe(withoutNulBytes());
  for await (const c of stream) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe("the rendered page's stream", () => {
  it("drops the zero bytes a full render buffer carries and keeps every character", async () => {
    const label = Buffer.from("拖动以调整题面与编辑器的宽度");
    // What React 18 sends when 调整's second character does not fit in the buffer's last bytes.
    const first = Buffer.concat([Buffer.from('aria-label="'), label.subarray(0, 12), Buffer.alloc(2)]);
    const second = Buffer.concat([label.subarray(12), Buffer.from('"')]);
    expect((await through([first, second])).toString("utf8")).toBe('aria-label="拖动以调整题面与编辑器的宽度"');
  });

  it("passes chunks without zero bytes through unchanged", async () => {
    const chunk = Buffer.from("<p>题目 ok</p>");
    expect((await through([chunk])).equals(chunk)).toBe(true);
  });
});
