import type { Redis } from "ioredis";
import { JUDGE_GROUP, JudgeStreams, RESULT_GROUP } from "../../../app/lib/judge-protocol";
import type { SlotGroup } from "../metrics";
import { timeLimited } from "./time-limited";

// Which lane feeds which slots. Submissions come from the contest lane before the normal lane;
// self-tests and compile checks come from the test lane on slots of their own, so they never wait
// behind long judging; remote tasks (remote/) have the remote lane and slots of their own too.

export type Lane = "contest" | "normal" | "test" | "remote";
/** Lanes that share slots: submissions (contest, then normal), self-tests, remote tasks. */
export type Group = SlotGroup;

const GROUPS: readonly Group[] = ["submission", "test", "remote"];

export interface Entry {
  lane: Lane;
  stream: string;
  id: string;
  fields: string[];
  deliveries: number;
}

export interface Running {
  entry: Entry;
  abort: AbortController;
  /** Why it was aborted: another judge owns it now, this judge is stopping, or its sandbox is down. */
  why: "lost" | "stop" | "pause" | null;
  done: Promise<void>;
}

export class Slots {
  private used = 0;
  private waiters: Array<() => void> = [];

  constructor(readonly size: number) {}

  get busy(): number {
    return this.used;
  }

  acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(() => (this.used++, resolve())));
  }

  release(): void {
    this.used--;
    const next = this.waiters.shift();
    if (next) next();
  }

  /** Lets every waiter through (the judge is stopping; they check and leave). */
  wakeAll(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** The lanes of a slot group, in the order they are read (contest before normal). */
export function lanesOf(group: Group): Lane[] {
  return group === "submission" ? ["contest", "normal"] : group === "test" ? ["test"] : ["remote"];
}

export function groupOf(lane: Lane): Group {
  return lane === "contest" || lane === "normal" ? "submission" : lane;
}

type StreamReply = Array<[string, Array<[string, string[] | null]>]> | null;

export interface LanesOptions {
  redisPrefix: string;
  name: string;
  /** Slots per group. */
  sizes: Record<Group, number>;
  /** Longest wait for a new task on the blocking connections (the claim sweep must not wait longer). */
  blockMs: number;
}

/** The task streams, the slots of each group, and the tasks read but not yet started. */
export class Lanes {
  readonly streams: Record<Lane, string>;
  readonly results: string;
  /** Tasks read or claimed that wait for a free slot of their group. */
  readonly backlog: Record<Group, Entry[]> = { submission: [], test: [], remote: [] };
  private readonly slots: Record<Group, Slots>;

  constructor(
    /** The judge's main connection: groups, reads that do not wait. */
    private readonly redis: Redis,
    /** One connection per group for the blocking read (each may wait a whole block). */
    private readonly blocking: Record<Group, Redis>,
    private readonly o: LanesOptions,
  ) {
    const p = o.redisPrefix;
    this.streams = { contest: p + JudgeStreams.contestTasks, normal: p + JudgeStreams.normalTasks, test: p + JudgeStreams.testTasks, remote: p + JudgeStreams.remoteTasks };
    this.results = p + JudgeStreams.results;
    this.slots = { submission: new Slots(o.sizes.submission), test: new Slots(o.sizes.test), remote: new Slots(o.sizes.remote) };
  }

  slotsOf(group: Group): Slots {
    return this.slots[group];
  }

  async ensureGroups(): Promise<void> {
    const create = async (stream: string, group: string) => {
      try {
        // From the start of the stream: tasks added before any judge existed are not skipped.
        await this.redis.xgroup("CREATE", stream, group, "0", "MKSTREAM");
      } catch (err) {
        if (!String((err as Error).message).includes("BUSYGROUP")) throw err;
      }
    };
    for (const s of Object.values(this.streams)) await create(s, JUDGE_GROUP);
    await create(this.results, RESULT_GROUP);
  }

  async readNew(group: Group): Promise<Entry | null> {
    const lanes = lanesOf(group);
    // Without waiting, lane by lane in priority order.
    for (const lane of lanes) {
      const got = this.entries((await this.redis.xreadgroup("GROUP", JUDGE_GROUP, this.o.name, "COUNT", 1, "STREAMS", this.streams[lane], ">")) as StreamReply);
      if (got.length > 0) return got[0];
    }
    // Then wait on all of them; a second task that arrives with the first waits in the backlog.
    const reply = (await this.blocking[group].xreadgroup(
      "GROUP",
      JUDGE_GROUP,
      this.o.name,
      "COUNT",
      1,
      "BLOCK",
      this.o.blockMs,
      "STREAMS",
      ...lanes.map((l) => this.streams[l]),
      ...lanes.map(() => ">"),
    )) as StreamReply;
    const got = this.entries(reply).sort((a, b) => lanes.indexOf(a.lane) - lanes.indexOf(b.lane));
    if (got.length === 0) return null;
    this.backlog[group].push(...got.slice(1));
    return got[0];
  }

  private entries(reply: StreamReply): Entry[] {
    const out: Entry[] = [];
    for (const [stream, items] of reply ?? []) {
      const lane = (Object.keys(this.streams) as Lane[]).find((l) => this.streams[l] === stream);
      if (!lane) continue;
      for (const [id, fields] of items) if (fields) out.push({ lane, stream, id, fields, deliveries: 1 });
    }
    return out;
  }

  /** A consumer with nothing pending leaves the group (tasks it still holds keep it there). */
  async leaveGroups(): Promise<void> {
    for (const stream of Object.values(this.streams)) {
      const held = (await timeLimited(this.redis.xpending(stream, JUDGE_GROUP, "-", "+", 1, this.o.name), 2000)) as unknown[] | undefined;
      if (held?.length === 0) await timeLimited(this.redis.xgroup("DELCONSUMER", stream, JUDGE_GROUP, this.o.name), 2000);
    }
  }

  /** Stopping: the slot waiters leave and the blocking reads end. */
  close(): void {
    for (const group of GROUPS) this.slots[group].wakeAll();
    for (const group of GROUPS) this.blocking[group].disconnect();
  }
}
