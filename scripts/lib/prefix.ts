import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { prettyFactory } from "pino-pretty";

// Readable, prefixed output of the child processes: "[web]   12:00:01 INFO  listening".

export type LineSink = (line: string, source?: string) => void;

const COLORS: Record<string, number> = { web: 36, judge: 35, store: 33, redis: 31, sandbox: 32, mongo: 33, start: 34, smtp: 90 };
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const pretty = prettyFactory({ colorize: useColor, ignore: "pid,hostname,svc", translateTime: "HH:MM:ss", singleLine: true });

export function label(name: string): string {
  const text = `[${name}]`.padEnd(10);
  return useColor ? `\x1b[${COLORS[name] ?? 37}m${text}\x1b[0m` : text;
}

export function formatLine(line: string): string {
  if (line.startsWith("{") && line.endsWith("}")) {
    try {
      return pretty(JSON.parse(line)).trimEnd();
    } catch {
      return line;
    }
  }
  return line;
}

export const consoleSink: LineSink = (line, source = "start") => {
  process.stdout.write(`${label(source)} ${formatLine(line)}\n`);
};

export function pipeWithPrefix(child: ChildProcess, name: string, sink: LineSink): void {
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      if (line.trim()) sink(line, name);
    });
  }
}
