import { AwardType, ContestAuth, ContestType, DEFAULT_AWARDS } from "./contest";

// The contest form's values as the form holds them (strings and switches), shared by the admin
// pages and the server that fills and re-shows the form.

export interface AwardDraft {
  name: string;
  background: string;
  color: string;
  num: string;
}

export interface ContestDraft {
  title: string;
  description: string;
  type: string;
  auth: string;
  pwd: string;
  /** YYYY-MM-DDTHH:mm (datetime-local) in the zone `tzOffset` names. */
  startTime: string;
  endTime: string;
  /**
   * The zone the two times are written in, as `Date#getTimezoneOffset()` gives it (minutes behind
   * UTC: -480 is UTC+08:00): the browser's once its script has run, else the server's.
   */
  tzOffset: string;
  sealRank: boolean;
  sealRankTimeChoice: string;
  autoRealRank: boolean;
  openRank: boolean;
  openPrint: boolean;
  allowEndSubmit: boolean;
  rankShowName: string;
  oiRankScoreType: string;
  openAccountLimit: boolean;
  limitPrefix: string;
  limitSuffix: string;
  limitStart: string;
  limitEnd: string;
  limitExtra: string;
  starAccount: string;
  awardType: string;
  awards: AwardDraft[];
  visible: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The most a zone is away from UTC (UTC-12:00 to UTC+14:00), in minutes. */
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * A moment as datetime-local text in a zone given as `getTimezoneOffset()` minutes (by default
 * this process's own zone at that moment).
 */
export function localInputValue(d: Date, offsetMinutes = d.getTimezoneOffset()): string {
  const x = new Date(d.getTime() - offsetMinutes * 60_000);
  return `${x.getUTCFullYear()}-${pad(x.getUTCMonth() + 1)}-${pad(x.getUTCDate())}T${pad(x.getUTCHours())}:${pad(x.getUTCMinutes())}`;
}

/** The moment a datetime-local text names in a zone; null when the text is no such value. */
export function parseLocalInput(value: string, offsetMinutes: number): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((v) => Number(v ?? 0));
  const utc = Date.UTC(y, mo - 1, d, h, mi, sec);
  const date = new Date(utc + offsetMinutes * 60_000);
  // 2030-02-31 and 25:00 are no moments.
  const back = new Date(utc);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || back.getUTCHours() !== h) return null;
  return date;
}

/** A `getTimezoneOffset()` value sent by a form, when it is one (whole minutes, a real zone). */
export function readOffset(raw: string): number | null {
  if (!/^-?\d{1,4}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Math.abs(n) <= MAX_OFFSET_MINUTES ? n : null;
}

/** A zone as people read it: UTC+08:00, UTC-05:30, UTC. */
export function zoneLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return "UTC";
  const east = -offsetMinutes;
  const a = Math.abs(east);
  return `UTC${east > 0 ? "+" : "-"}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** A stored moment re-written from one zone's datetime-local text into another's. */
export function moveToZone(value: string, from: number, to: number): string {
  const d = parseLocalInput(value, from);
  return d ? localInputValue(d, to) : value;
}

export function emptyContestDraft(now = new Date()): ContestDraft {
  const start = new Date(now.getTime() + 24 * 3600 * 1000);
  start.setMinutes(0, 0, 0);
  const end = new Date(start.getTime() + 5 * 3600 * 1000);
  return {
    title: "",
    description: "",
    type: String(ContestType.ACM),
    auth: String(ContestAuth.PUBLIC),
    pwd: "",
    startTime: localInputValue(start, now.getTimezoneOffset()),
    endTime: localInputValue(end, now.getTimezoneOffset()),
    tzOffset: String(now.getTimezoneOffset()),
    sealRank: true,
    sealRankTimeChoice: "1",
    autoRealRank: true,
    openRank: false,
    openPrint: false,
    allowEndSubmit: false,
    rankShowName: "username",
    oiRankScoreType: "Recent",
    openAccountLimit: false,
    limitPrefix: "",
    limitSuffix: "",
    limitStart: "",
    limitEnd: "",
    limitExtra: "",
    starAccount: "",
    awardType: String(AwardType.NONE),
    awards: DEFAULT_AWARDS.map((a) => ({ name: a.name, background: a.background, color: a.color, num: String(a.num) })),
    visible: true,
  };
}

/** The most award rows a contest has (gold, silver, bronze and a few more). */
export const MAX_AWARD_ROWS = 10;

/** A new award row: named by the admin, dark text on white until coloured. */
export function blankAward(): AwardDraft {
  return { name: "", background: "#ffffff", color: "#000000", num: "1" };
}
