import { createHash } from "node:crypto";
import { IcpcEvent, IcpcFeedHead, IcpcObject, type IcpcEventDoc } from "~/models/icpc-feed.server";
import { redis, rkey } from "../platform/redis.server";
import { withLocks } from "../platform/redis-lock.server";
import { DomainError } from "../errors.server";
import type { CurrentUser } from "../account/session.server";
import { icpcContest, type ApiRole, type IcpcScope } from "./access.server";
import * as O from "./objects.server";
import { awards, standing } from "./scoreboard.server";

// The event feed (NDJSON): a log per contest and role of every change of the objects that role
// sees. The log is brought up to date by comparing the objects now with the hashes of what was last
// sent (a sync, at most one per contest and role every SYNC_EVERY_MS, under a lock), so it needs
// no hook in the code that changes things, and what a role was never shown never enters its log:
// the public role's judgements after the freeze appear when the seal lifts. Tokens are the events'
// numbers, so `since_token` resumes anywhere in the log.

export interface FeedEvent {
  type: string;
  id: string | null;
  data: unknown;
}

/** The feed's timing (tests shorten it). */
export const FEED_TIMING = { keepAliveMs: 100_000, pollMs: 1000, syncEveryMs: 2000 };

// The order objects are sent in, so that a reader meets what an object refers to before it.
const ORDER = ["contest", "judgement-types", "languages", "problems", "groups", "organizations", "teams", "accounts", "state", "submissions", "judgements", "runs", "clarifications", "awards"];

/** Every object the role sees now, as feed events, in ORDER. */
export async function snapshot(is: IcpcScope): Promise<FeedEvent[]> {
  const d = await O.loadContestData(is);
  const st = await standing(d);
  const many = (type: string, list: ReadonlyArray<{ id: unknown }>): FeedEvent[] => list.map((o) => ({ type, id: String(o.id), data: o }));
  const state: FeedEvent = { type: "state", id: null, data: O.stateObject(d) };
  const events = [
    { type: "contest", id: null, data: O.contestObject(d) },
    ...many("judgement-types", O.judgementTypes()),
    ...many("languages", O.languages() as Array<{ id: unknown }>),
    ...many("problems", O.problems(d) as Array<{ id: unknown }>),
    ...many("groups", O.groups() as Array<{ id: unknown }>),
    ...many("organizations", O.organizations(d) as Array<{ id: unknown }>),
    ...many("teams", O.teams(d) as Array<{ id: unknown }>),
    ...many("accounts", O.accounts(d) as Array<{ id: unknown }>),
    ...many("submissions", O.submissions(d) as Array<{ id: unknown }>),
    ...many("judgements", O.judgements(d) as Array<{ id: unknown }>),
    ...many("runs", O.runs(d) as Array<{ id: unknown }>),
    ...many("clarifications", O.clarifications(d) as Array<{ id: unknown }>),
    ...many("awards", (await awards(d, st)) as Array<{ id: unknown }>),
  ];
  // The end of updates must be the feed's last event; otherwise the state goes before the live data.
  const last = (state.data as { end_of_updates: string | null }).end_of_updates !== null;
  const at = last ? events.length : events.findIndex((e) => e.type === "submissions");
  events.splice(at < 0 ? events.length : at, 0, state);
  return events;
}

const keyOf = (cid: number, role: ApiRole) => `${cid}:${role}`;
const hashOf = (data: unknown) => createHash("sha1").update(JSON.stringify(data)).digest("base64");

/** The log's last event number (0 when empty). */
export async function feedHead(cid: number, role: ApiRole): Promise<number> {
  return (await IcpcFeedHead.findById(keyOf(cid, role)).lean())?.seq ?? 0;
}

/** Appends the changes since the last sync to the role's log; returns its head. */
export async function syncFeed(is: IcpcScope): Promise<number> {
  const cid = is.cs.contest._id;
  const role = is.role;
  return withLocks([`icpc-feed:${cid}:${role}`], async () => {
    const [objects, stored, head] = await Promise.all([snapshot(is), IcpcObject.find({ cid, role }).lean(), feedHead(cid, role)]);
    const known = new Map(stored.map((o) => [`${o.type}:${o.oid ?? ""}`, o]));
    const seen = new Set<string>();
    const changed: Array<FeedEvent & { hash: string }> = [];
    for (const o of objects) {
      const k = `${o.type}:${o.id ?? ""}`;
      seen.add(k);
      const hash = hashOf(o.data);
      if (known.get(k)?.hash !== hash) changed.push({ ...o, hash });
    }
    // Gone objects go first, the ones referring to others before what they refer to.
    const gone = stored.filter((o) => !seen.has(`${o.type}:${o.oid ?? ""}`)).sort((a, b) => ORDER.indexOf(b.type) - ORDER.indexOf(a.type));
    const events = [...gone.map((o) => ({ type: o.type, id: o.oid, data: null, hash: "" })), ...changed];
    if (events.length === 0) return head;
    const docs: IcpcEventDoc[] = events.map((e, i) => ({ _id: `${cid}:${role}:${head + i + 1}`, cid, role, seq: head + i + 1, type: e.type, oid: e.id, data: JSON.stringify(e.data) }));
    for (let i = 0; i < docs.length; i += 1000) {
      // Replaced, not inserted: a sync that died before moving the head wrote these numbers already.
      await IcpcEvent.bulkWrite(docs.slice(i, i + 1000).map((doc) => ({ replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true } })), { ordered: false });
    }
    const writes = changed.map((e) => {
      const _id = `${cid}:${role}:${e.type}:${e.id ?? ""}`;
      return { replaceOne: { filter: { _id }, replacement: { _id, cid, role, type: e.type, oid: e.id, hash: e.hash }, upsert: true } };
    });
    for (let i = 0; i < writes.length; i += 1000) await IcpcObject.bulkWrite(writes.slice(i, i + 1000), { ordered: false });
    if (gone.length > 0) await IcpcObject.deleteMany({ _id: { $in: gone.map((o) => o._id) } });
    const next = head + docs.length;
    await IcpcFeedHead.updateOne({ _id: keyOf(cid, role) }, { $set: { seq: next } }, { upsert: true });
    return next;
  }, { ttlMs: 60_000, waitMs: 60_000 });
}

/** Syncs unless the role's log was synced a moment ago (by any process). */
async function syncSoon(is: IcpcScope): Promise<void> {
  const key = rkey("icpc-feed-sync", is.cs.contest._id, is.role);
  if ((await redis().set(key, "1", "PX", FEED_TIMING.syncEveryMs, "NX")) === "OK") await syncFeed(is);
}

/** Events after `since`, at most `limit`, in order. */
export async function eventsAfter(cid: number, role: ApiRole, since: number, upTo: number, limit = 500): Promise<IcpcEventDoc[]> {
  if (upTo <= since) return [];
  const docs = await IcpcEvent.find({ cid, role, seq: { $gt: since, $lte: upTo } }).sort({ seq: 1 }).limit(limit).lean<IcpcEventDoc[]>();
  return docs;
}

export function eventLine(e: IcpcEventDoc): string {
  return `{"type":${JSON.stringify(e.type)},"id":${JSON.stringify(e.oid)},"data":${e.data},"token":"${e.seq}"}\n`;
}

/** `since_token` as a position in the role's log: 400 when it is not one of its tokens. */
export async function sinceOf(raw: string | null, cid: number, role: ApiRole): Promise<number> {
  if (raw === null) return 0;
  if (!/^\d{1,12}$/.test(raw)) throw new DomainError("invalid", "icpc:badSinceToken");
  const since = Number(raw);
  if (since > (await feedHead(cid, role))) throw new DomainError("invalid", "icpc:badSinceToken");
  return since;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

const isEndOfUpdates = (e: IcpcEventDoc) => e.type === "state" && (JSON.parse(e.data) as { end_of_updates?: string | null } | null)?.end_of_updates != null;

/**
 * The feed as a stream of NDJSON lines from `since`: what the log holds, then (unless `stream` is
 * false) new events as syncs find them, a newline when nothing was sent for FEED_TIMING.keepAliveMs,
 * until the reader goes, the role loses the contest, or the end of updates is sent. Every sync
 * resolves the contest again, so the clock, the seal and the settings are those of that moment.
 */
export function feedStream(first: IcpcScope, user: CurrentUser | null, since: number, stream: boolean, signal: AbortSignal): ReadableStream<Uint8Array> {
  const cid = first.cs.contest._id;
  const role = first.role;
  const encoder = new TextEncoder();
  let last = since;
  let lastWrite = Date.now();
  let finished = false;
  let synced = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (finished || signal.aborted) return controller.close();
        if (!synced || stream) {
          const is = synced ? await icpcContest(cid, user).catch(() => null) : first;
          if (!is || is.role !== role) return controller.close();
          await (synced ? syncSoon(is) : syncFeed(is));
          synced = true;
        }
        const head = await feedHead(cid, role);
        const events = await eventsAfter(cid, role, last, head);
        if (events.length > 0) {
          last = events[events.length - 1]!.seq;
          lastWrite = Date.now();
          finished = events.some(isEndOfUpdates);
          controller.enqueue(encoder.encode(events.map(eventLine).join("")));
          return;
        }
        if (!stream) return controller.close();
        if (Date.now() - lastWrite >= FEED_TIMING.keepAliveMs) {
          lastWrite = Date.now();
          controller.enqueue(encoder.encode("\n"));
          return;
        }
        await sleep(FEED_TIMING.pollMs, signal);
      }
    },
  });
}
