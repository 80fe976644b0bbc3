import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { freePort } from "../../../scripts/lib/services";

// A real SMTP server for the tests: every message it accepts is written to a folder as
// <time>-<recipient>.eml, where a test can read the code it was sent.

export async function startMailbox(dir: string, port?: number) {
  mkdirSync(dir, { recursive: true });
  const listenPort = port ?? (await freePort());
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(",");
        writeFileSync(path.join(dir, `${Date.now()}-${n++}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  return {
    dir,
    port: listenPort,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Raw messages sent to an address, oldest first. */
export function messagesTo(dir: string, address: string): string[] {
  if (!existsSync(dir)) return [];
  const suffix = `-${address.toLowerCase()}.eml`;
  return readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .sort((a, b) => Number(a.split("-")[0]) - Number(b.split("-")[0]))
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
}

/** Waits for a message to an address and returns the 6-digit code in its newest message. */
export async function waitForCode(dir: string, address: string, after = 0, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const msgs = messagesTo(dir, address);
    if (msgs.length > after) {
      const body = msgs[msgs.length - 1].replace(/=\r?\n/g, "");
      const m = body.match(/\b(\d{6})\b/);
      if (m) return m[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code e-mailed to ${address}`);
}
