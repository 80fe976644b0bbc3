// The contest clock of the pages (spec section 4): status, countdown and progress at a moment. The
// server renders them at its own time; in the browser a clock started from that time advances them
// each second. Shared by the server and the browser (no server imports).

export type ContestPhase = -1 | 0 | 1;

export interface ContestTimes {
  startTime: string | Date;
  endTime: string | Date;
}

const ms = (d: string | Date) => (d instanceof Date ? d.getTime() : new Date(d).getTime());

export function phaseAt(c: ContestTimes, now: number): ContestPhase {
  if (now < ms(c.startTime)) return -1;
  if (now < ms(c.endTime)) return 0;
  return 1;
}

/** 0 scheduled, elapsed/duration percent running, 100 ended. */
export function progressAt(c: ContestTimes, now: number): number {
  const start = ms(c.startTime);
  const end = ms(c.endTime);
  if (now < start) return 0;
  if (now >= end || end <= start) return 100;
  return Math.floor(((now - start) / (end - start)) * 100);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A span of seconds as [d day(s)] HH:MM:SS. */
export function clockText(seconds: number, dayWord: (n: number) => string): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const rest = `${pad(Math.floor((s % 86400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days > 0 ? `${dayWord(days)} ${rest}` : rest;
}

export const WEEK_SECONDS = 7 * 86400;

/** What the countdown says: the key of its text and its values. */
export function countdownAt(c: ContestTimes, now: number): { key: "startsIn" | "startsInWeeks" | "endsIn" | "ended"; seconds: number; weeks: number } {
  const phase = phaseAt(c, now);
  if (phase === 1) return { key: "ended", seconds: 0, weeks: 0 };
  if (phase === 0) return { key: "endsIn", seconds: (ms(c.endTime) - now) / 1000, weeks: 0 };
  const seconds = (ms(c.startTime) - now) / 1000;
  if (seconds >= WEEK_SECONDS) return { key: "startsInWeeks", seconds, weeks: Math.floor(seconds / WEEK_SECONDS) };
  return { key: "startsIn", seconds, weeks: 0 };
}

/** A duration in seconds as hours and minutes (the list's Duration). */
export function durationParts(seconds: number): { h: number; m: number } {
  return { h: Math.floor(seconds / 3600), m: Math.floor((seconds % 3600) / 60) };
}

/** The outside scoreboard's address of a contest, by the shape of its rule's board. */
export function scoreboardPath(id: number, scoring: "acm" | "oi"): string {
  return `/contest/${scoring}-scoreboard/${id}`;
}
