import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { TaskProblem } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { C_AB, judgeOnce, newRedis, problem, startDataServer, startTestJudge, storeCases, submission, testContext, type DataServer } from "./support";

// Hostile programs get a proper verdict, cannot reach anything of the host, and the judge keeps
// working: after each of them a plain A+B is still accepted. Programs below print the right sum only
// when their attack failed, so "Accepted" means the sandbox held.

let server: DataServer;
let redis: Redis;
let judge: RunningJudge;
let ab: TaskProblem;

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  judge = await startTestJudge(server.url, { context: await testContext(server.url, { compileTimeMs: 2000, clockExtraMs: 500 }) });
  const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
  ab = problem(hash, cases, { timeLimit: 1000 });
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await server?.close();
  redis?.disconnect();
});

afterEach(async () => {
  const final = await judgeOnce(redis, submission("C", C_AB, ab));
  expect(final.status, "a plain A+B after the hostile program").toBe(JudgeStatus.ACCEPTED);
});

const judgeC = async (code: string, p: TaskProblem = ab) => judgeOnce(redis, submission("C", code, p));

/** Command lines of the host's processes. */
function hostProcesses(): string[] {
  return execFileSync("ps", ["-eo", "args"], { encoding: "utf8" }).split("\n");
}

const HEAD = `#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
static void answer(void) { long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b); }
`;

describe("hostile programs", () => {
  it("a fork bomb is stopped (process limit, then time) and leaves no process behind", async () => {
    const final = await judgeC(`${HEAD}int main(void){ for (;;) { pid_t p = fork(); if (p == 0) { execl("/bin/sleep", "sleep", "987655", (char *)0); for (;;); } } }`);
    expect([JudgeStatus.TIME_LIMIT_EXCEEDED, JudgeStatus.RUNTIME_ERROR]).toContain(final.status);
    expect(hostProcesses().filter((l) => l.includes("sleep 987655"))).toEqual([]);
  });

  // The sleeper is run three times (wall-clock.ts): 3.5 s, then 10.5 s and 31.5 s of wall clock.
  it("an infinite loop and a program sleeping forever get Time Limit Exceeded", { timeout: 120_000 }, async () => {
    const [loop, sleeper] = await Promise.all([judgeC(`int main(void){ for (;;); }`), judgeC(`${HEAD}int main(void){ for (;;) pause(); }`)]);
    expect(loop.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    expect(sleeper.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });

  it("a huge allocation gets Memory Limit Exceeded", async () => {
    const final = await judgeC(`${HEAD}int main(void){ size_t n = (size_t)8 << 30; char *p = malloc(n); if (!p) { answer(); return 0; } for (size_t i = 0; i < n; i += 4096) p[i] = 1; return p[12345]; }`, { ...ab, memoryLimit: 128 });
    // malloc of 8 GB may be refused outright (then the program answers), or pages run out.
    expect([JudgeStatus.MEMORY_LIMIT_EXCEEDED, JudgeStatus.ACCEPTED]).toContain(final.status);
    const touched = await judgeC(`${HEAD}static char big[1 << 30]; int main(void){ for (size_t i = 0; i < sizeof big; i += 4096) big[i] = 1; answer(); return big[4096] - 1; }`, { ...ab, memoryLimit: 128 });
    expect(touched.status).toBe(JudgeStatus.MEMORY_LIMIT_EXCEEDED);
  });

  it("deep recursion ends in a Runtime Error, not a stuck judge", async () => {
    const final = await judgeC(`int f(int n) { volatile char pad[256]; pad[0] = (char)n; return f(n + 1) + pad[0]; }\nint main(void){ return f(0); }`);
    expect([JudgeStatus.RUNTIME_ERROR, JudgeStatus.MEMORY_LIMIT_EXCEEDED]).toContain(final.status);
  });

  it("flooding stdout is stopped at the output limit; flooding stderr only costs the program its time", async () => {
    const [out, err] = await Promise.all([
      judgeC(`${HEAD}int main(void){ static char buf[1 << 16]; memset(buf, 'x', sizeof buf); for (;;) fwrite(buf, 1, sizeof buf, stdout); }`),
      judgeC(`${HEAD}int main(void){ static char buf[1 << 16]; memset(buf, 'y', sizeof buf); for (;;) fwrite(buf, 1, sizeof buf, stderr); }`),
    ]);
    expect(out.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(out.errorMessage).toMatch(/output limit/i);
    expect(err.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });

  it("cannot write outside its work folder, and what it writes does not reach the next program", async () => {
    const hostFile = path.join(process.env.DATA_DIR!, "pwned.txt");
    const writer = `${HEAD}int main(void){
  const char *outside[] = { "/pwned", "/etc/pwned", "/usr/pwned", "/bin/pwned", "/proc/pwned", "/dev/pwned", "${hostFile}", "/etc/passwd", 0 };
  for (int i = 0; outside[i]; i++) { FILE *f = fopen(outside[i], "w"); if (f) { printf("wrote %s\\n", outside[i]); return 0; } }
  FILE *t = fopen("/tmp/left-behind", "w"), *w = fopen("left-behind", "w");
  if (!t || !w) { puts("no scratch space"); return 0; }
  fputs("x", t); fputs("x", w); fclose(t); fclose(w);
  answer(); return 0; }`;
    expect((await judgeC(writer)).status).toBe(JudgeStatus.ACCEPTED);
    expect(existsSync(hostFile)).toBe(false);
    const reader = `${HEAD}int main(void){ if (access("/tmp/left-behind", F_OK) == 0 || access("left-behind", F_OK) == 0) { puts("found"); return 0; } answer(); return 0; }`;
    expect((await judgeC(reader)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it("cannot read /etc/shadow, the test data, or other programs' files", async () => {
    const dataDir = process.env.DATA_DIR!;
    const secrets = [
      "/etc/shadow",
      path.join(dataDir, "testdata", ab.testDataHash, "1.out"),
      path.join(judge.context.testdata.root, "sets", ab.testDataHash, "1.out"),
      path.join(dataDir, "..", "go-judge"),
      path.join(os.homedir(), ".ssh"),
      "/root",
      "/proc/1/root/etc/shadow",
    ];
    const code = `${HEAD}int main(void){
  const char *paths[] = { ${secrets.map((s) => JSON.stringify(s)).join(", ")}, 0 };
  for (int i = 0; paths[i]; i++) { int fd = open(paths[i], O_RDONLY); if (fd >= 0) { char b[64]; ssize_t n = read(fd, b, sizeof b); if (n > 0 || errno != EISDIR) { printf("read %s\\n", paths[i]); return 0; } close(fd); } }
  answer(); return 0; }`;
    const final = await judgeC(code);
    expect(final.cases[0].userOutput).toBe("3\n");
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
  });

  it("cannot connect anywhere: not the host's Redis, store, sandbox or web ports, nor other machines", async () => {
    const port = (u: string | undefined, fallback: number) => {
      try {
        return Number(new URL(u!).port) || fallback;
      } catch {
        return fallback;
      }
    };
    const targets: Array<[string, number]> = [
      ["127.0.0.1", port(process.env.REDIS_URL, 6379)],
      ["127.0.0.1", port(process.env.GO_JUDGE_URL, 5050)],
      ["127.0.0.1", port(process.env.MONGODB_URI, 27017)],
      ["127.0.0.1", server.port],
      ["1.1.1.1", 53],
    ];
    for (const addrs of Object.values(os.networkInterfaces())) {
      for (const a of addrs ?? []) if (a.family === "IPv4" && !a.internal) targets.push([a.address, port(process.env.REDIS_URL, 6379)]);
    }
    const code = `${HEAD}int main(void){
  const char *hosts[] = { ${targets.map(([h]) => JSON.stringify(h)).join(", ")}, 0 };
  const int ports[] = { ${targets.map(([, p]) => p).join(", ")} };
  for (int i = 0; hosts[i]; i++) {
    struct sockaddr_in sa; memset(&sa, 0, sizeof sa); sa.sin_family = AF_INET; sa.sin_port = htons(ports[i]); inet_pton(AF_INET, hosts[i], &sa.sin_addr);
    int s = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (s >= 0) {
      int r = connect(s, (struct sockaddr *)&sa, sizeof sa);
      if (r == 0) { printf("connected %s\\n", hosts[i]); return 0; }
      if (errno == EINPROGRESS) { struct pollfd p = { s, POLLOUT, 0 }; int e = 0; socklen_t l = sizeof e; if (poll(&p, 1, 300) == 1 && getsockopt(s, SOL_SOCKET, SO_ERROR, &e, &l) == 0 && e == 0) { printf("connected %s\\n", hosts[i]); return 0; } }
      close(s);
    }
    int u = socket(AF_INET, SOCK_DGRAM, 0);
    if (u >= 0 && sendto(u, "x", 1, 0, (struct sockaddr *)&sa, sizeof sa) == 1) { printf("sent to %s\\n", hosts[i]); return 0; }
  }
  answer(); return 0; }`;
    const final = await judgeC(code);
    expect(final.cases[0].userOutput).toBe("3\n");
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
  });

  it("killing its parent or every process it can reach harms nothing", async () => {
    const [parent, everyone] = await Promise.all([
      judgeC(`${HEAD}int main(void){ kill(getppid(), SIGKILL); kill(1, SIGKILL); answer(); return 0; }`),
      judgeC(`${HEAD}int main(void){ kill(-1, SIGKILL); answer(); return 0; }`),
    ]);
    expect(parent.status).toBe(JudgeStatus.ACCEPTED);
    expect(everyone.status).toBe(JudgeStatus.ACCEPTED);
  });

  it("leaves no orphan process behind", async () => {
    const daemon = `${HEAD}int main(void){
  pid_t p = fork();
  if (p == 0) { setsid(); if (fork() == 0) { execl("/bin/sleep", "sleep", "987656", (char *)0); _exit(1); } _exit(0); }
  waitpid(p, 0, 0); usleep(100000); answer(); return 0; }`;
    const final = await judgeC(daemon);
    expect(final.status).toBe(JudgeStatus.ACCEPTED);
    const spinner = `${HEAD}int main(void){ if (fork() == 0) { execl("/bin/sleep", "sleep", "987657", (char *)0); } for (;;); }`;
    expect((await judgeC(spinner)).status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
    await new Promise((r) => setTimeout(r, 300));
    expect(hostProcesses().filter((l) => /sleep 98765[67]/.test(l))).toEqual([]);
  });
});

describe("hostile compiles", () => {
  it("#include of /dev/zero or /dev/random ends as a Compile Error", async () => {
    const [zero, random] = await Promise.all([judgeC(`#include "/dev/zero"\nint main(void){ return 0; }`), judgeOnce(redis, submission("C++", `#include </dev/random>\nint main(){ return 0; }`, ab))]);
    expect(zero.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(random.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(zero.errorMessage.length).toBeLessThanOrEqual(70 * 1024);
  });

  it("template and macro explosions end as a Compile Error within the compile limits", async () => {
    const templates = `template <int D, int I> struct X { static const long v = X<D - 1, 2 * I>::v + X<D - 1, 2 * I + 1>::v; };
template <int I> struct X<0, I> { static const long v = I; };
int main() { return (int)X<28, 0>::v; }`;
    const macros = `#define A(x) x x x x x x x x x x\n#define B(x) A(A(A(A(A(A(x))))))\nint main(void){ B(B(int a;)) return 0; }`;
    const started = Date.now();
    const [t, m] = await Promise.all([judgeOnce(redis, submission("C++", templates, ab)), judgeC(macros)]);
    expect(t.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(m.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(t.errorMessage + m.errorMessage).toMatch(/limit exceeded/i);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it("cannot include the host's secrets", async () => {
    const final = await judgeC(`#include "/etc/shadow"\nint main(void){ return 0; }`);
    expect(final.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(final.errorMessage).toMatch(/No such file/);
  });
});
