import os from "node:os";
import type { TFunction } from "i18next";
import { z } from "zod";
import { DomainError } from "~/services/errors.server";
import { emailField } from "../account/fields.server";
import { emailEnabled, sendTestMail } from "../platform/mail.server";
import type { JudgeInfo } from "~/lib/judge-protocol";
import { env } from "../platform/env.server";
import { readiness } from "../platform/health.server";
import { liveJudges } from "../judging/queue.server";

// What HOJ's admin dashboard and configuration page read about the running system, in HOJ's
// shapes: the web service (HOJ's "backup" service, registered in Nacos there), the judges (one
// entry per live judge, from its heartbeat), the e-mail and the store and Redis settings. Settings
// come from the environment (README "Configuration"); no password or secret is ever answered.

/** "12.34%", as HOJ's client shows loads. */
function percent(share: number): string {
  return `${(Math.max(0, share) * 100).toFixed(2)}%`;
}

function cpuCount(): number {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}

/** GET /ojapi/admin/config/get-service-info: this web process and whether its services answer. */
export async function serviceInfo() {
  const ready = await readiness();
  const cores = cpuCount();
  const healthy = ready.ready ? "true" : "false";
  return {
    // HOJ's service registry; here the store and Redis the web server depends on.
    nacos: { status: ready.ready ? "UP" : "DOWN", store: ready.checks.store, redis: ready.checks.redis },
    backupCores: cores,
    backupPercentCpuLoad: percent(os.loadavg()[0] / cores),
    backupPercentMemoryLoad: percent(os.totalmem() > 0 ? 1 - os.freemem() / os.totalmem() : 0),
    backupService: [
      {
        serviceId: "oj-web",
        instanceId: `${os.hostname()}:${env.port}`,
        host: os.hostname(),
        port: env.port,
        secure: false,
        metadata: { "nacos.healthy": healthy, pid: String(process.pid), version: process.version },
      },
    ],
  };
}

/** One live judge as HOJ lists it: the judge's system figures, with its service entry. */
export function hojJudgeEntry(j: JudgeInfo, now = Date.now()) {
  const cores = Math.max(1, j.cpus);
  return {
    judgeServerName: j.name,
    version: j.version,
    currentTime: new Date(j.heartbeatAt).toISOString(),
    cpuCores: j.cpus,
    percentCpuLoad: j.loadAvg === undefined ? null : percent(j.loadAvg / cores),
    percentMemoryLoad: j.memoryUsed === undefined ? null : percent(j.memoryUsed),
    languages: j.languages,
    maxTaskNum: j.concurrency,
    running: j.running,
    startedAt: new Date(j.startedAt).toISOString(),
    heartbeatAgeMs: Math.max(0, now - j.heartbeatAt),
    service: {
      serviceId: "oj-judge",
      instanceId: j.name,
      host: j.host ?? null,
      port: j.httpPort ?? null,
      secure: false,
      metadata: { judgeName: j.name, "nacos.healthy": j.sandboxHealthy === false ? "false" : "true" },
    },
  };
}

/** GET /ojapi/admin/config/get-judge-service-info: the live judges, by name. */
export async function judgeServiceEntries() {
  const now = Date.now();
  return (await liveJudges(now)).sort((a, b) => a.name.localeCompare(b.name)).map((j) => hojJudgeEntry(j, now));
}

/** GET /ojapi/admin/config/get-email-config: the SMTP settings, without the password. */
export function emailConfig() {
  return {
    emailHost: env.smtp.host || null,
    emailPort: env.smtp.port,
    emailUsername: env.smtp.user || null,
    emailPassword: null,
    emailSsl: env.smtp.secure,
    emailFrom: env.smtp.from || null,
    emailBGImg: null,
    enabled: emailEnabled(),
  };
}

/** host, port, user and path of a connection URI; passwords are left out. */
function uriParts(uri: string): { host: string | null; port: number | null; username: string | null; path: string | null } {
  try {
    const u = new URL(uri);
    // A MongoDB URI may list several hosts (host1:1,host2:2): the first one is shown.
    return {
      host: u.hostname || null,
      port: u.port ? Number(u.port) : null,
      username: u.username ? decodeURIComponent(u.username) : null,
      path: u.pathname.replace(/^\//, "") || null,
    };
  } catch {
    const first = /^[a-z+]+:\/\/(?:[^@/]*@)?([^:/,]+)(?::(\d+))?[^/]*\/?([^?]*)/i.exec(uri);
    return { host: first?.[1] ?? null, port: first?.[2] ? Number(first[2]) : null, username: null, path: first?.[3] || null };
  }
}

/** GET /ojapi/admin/config/get-db-and-redis-config: where the store and Redis are, without passwords. */
export function dbAndRedisConfig() {
  const db = uriParts(env.mongodbUri);
  const r = uriParts(env.redisUrl);
  return {
    dbHost: db.host,
    dbPort: db.port ?? 27017,
    dbName: db.path,
    dbUsername: db.username,
    dbPassword: null,
    redisHost: r.host,
    redisPort: r.port ?? 6379,
    redisPassword: null,
    redisPrefix: env.redisPrefix,
  };
}

/**
 * PUT set-email-config and set-db-and-redis-config: these settings are the environment's here
 * (README "Configuration"), so a change from the page is refused and changes nothing.
 */
export function refuseSettingChange(): never {
  throw new DomainError("invalid", "admin:conf.fromEnvironment");
}

/** HOJ's client sends {email}; a bare JSON string is taken too. */
export const testMailSchema = z.preprocess((v) => (typeof v === "object" && v !== null && "value" in v ? { email: (v as { value: unknown }).value } : v), z.object({ email: emailField }));

/** POST test-email: sends a test e-mail to the given address. */
export async function sendConfigTestMail(t: TFunction, email: string): Promise<void> {
  if (!emailEnabled()) throw new DomainError("invalid", "admin:conf.noSmtp");
  await sendTestMail(t, email);
}
