import os from "node:os";
import type { Redis } from "ioredis";
import { JUDGE_STALE_MS, JUDGES_KEY, LANGUAGES_SEEN_KEY, LAST_LANGUAGES_KEY, type JudgeInfo } from "../../../app/lib/judge-protocol";
import { aliveTtlMs } from "../../../app/lib/stream-consumers";
import { JUDGE_VERSION } from "../version";
import { aliveKey } from "./lease";
import { timeLimited } from "./time-limited";

// Every heartbeat registers the judge (what it runs, how busy it is) and renews its alive key: the
// tasks of a judge whose alive key expired (it died, or froze) are claimed by the others at once
// (claim.ts). The same step rewrites the languages the live judges run, which the web side offers.

// KEYS: judge registry, last advertised languages, when each language was last advertised, the
// judge's alive key. ARGV: judge name, its JudgeInfo, now (ms), how old a heartbeat may be (ms), the
// alive key's lifetime (ms). Registers the judge, renews its alive key, rewrites the union of the
// live judges' languages and marks each of them as seen now.
const HEARTBEAT_LUA = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SET', KEYS[4], ARGV[3], 'PX', tonumber(ARGV[5]))
local all = redis.call('HGETALL', KEYS[1])
local now, stale = tonumber(ARGV[3]), tonumber(ARGV[4])
local seen, names = {}, {}
for i = 2, #all, 2 do
  local ok, info = pcall(cjson.decode, all[i])
  if ok and type(info) == 'table' and tonumber(info.heartbeatAt) and now - tonumber(info.heartbeatAt) <= stale and type(info.languages) == 'table' then
    for _, l in ipairs(info.languages) do
      if type(l) == 'string' and not seen[l] then
        seen[l] = true
        names[#names + 1] = l
      end
    end
  end
end
if #names > 0 then
  table.sort(names)
  redis.call('SET', KEYS[2], cjson.encode(names))
  for _, l in ipairs(names) do redis.call('HSET', KEYS[3], l, ARGV[3]) end
end
return #names
`;

export const HEARTBEAT_SCRIPTS = {
  ojHeartbeat: { numberOfKeys: 4, lua: HEARTBEAT_LUA },
};

export type HeartbeatRedis = Redis & {
  ojHeartbeat(k1: string, k2: string, k3: string, k4: string, ...argv: string[]): Promise<number>;
};

/** What the judge is doing now, for its registry entry. */
export interface JudgeState {
  languages: string[];
  running: number;
  sandboxHealthy: boolean;
}

export interface HeartbeatOptions {
  name: string;
  redisPrefix: string;
  heartbeatMs: number;
  concurrency: number;
  httpPort: JudgeInfo["httpPort"];
}

export class Heartbeat {
  /** The judge registry (hash of JudgeInfo by name). */
  readonly judgesKey: string;
  private readonly startedAt = Date.now();

  constructor(
    private readonly redis: HeartbeatRedis,
    private readonly o: HeartbeatOptions,
    private readonly state: () => JudgeState,
    private readonly stopping: () => boolean,
  ) {
    this.judgesKey = o.redisPrefix + JUDGES_KEY;
  }

  info(): JudgeInfo {
    const s = this.state();
    return {
      name: this.o.name,
      languages: s.languages,
      concurrency: this.o.concurrency,
      running: s.running,
      cpus: typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length,
      version: JUDGE_VERSION,
      startedAt: this.startedAt,
      heartbeatAt: Date.now(),
      host: os.hostname(),
      httpPort: this.o.httpPort,
      loadAvg: os.loadavg()[0],
      memoryUsed: os.totalmem() > 0 ? 1 - os.freemem() / os.totalmem() : 0,
      sandboxHealthy: s.sandboxHealthy,
    };
  }

  async beat(): Promise<void> {
    if (this.stopping()) return;
    const info = this.info();
    await this.redis.ojHeartbeat(
      this.judgesKey,
      this.o.redisPrefix + LAST_LANGUAGES_KEY,
      this.o.redisPrefix + LANGUAGES_SEEN_KEY,
      aliveKey(this.o.redisPrefix, this.o.name),
      this.o.name,
      JSON.stringify(info),
      String(info.heartbeatAt),
      String(JUDGE_STALE_MS),
      String(aliveTtlMs(this.o.heartbeatMs)),
    );
  }

  /** Leaves the registry and drops the alive key (Redis may be gone for good: this does not wait for it). */
  async leave(): Promise<void> {
    await timeLimited(this.redis.hdel(this.judgesKey, this.o.name), 2000);
    await timeLimited(this.redis.del(aliveKey(this.o.redisPrefix, this.o.name)), 2000);
  }
}
