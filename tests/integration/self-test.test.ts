import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStreams } from "~/lib/judge-protocol";
import { action as submitRoute } from "~/routes/ojapi+/_submission+/submit-problem-test-judge";
import { loader as resultRoute } from "~/routes/ojapi+/_submission+/get-test-judge-result";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis, redis, rkey } from "~/services/platform/redis.server";
import { callRoute, cookieFor, makeProblem, makeUser, openStore, siteRequest } from "./support/judging";

// Self-test requests that must be refused, with no judge online; the judged path is in
// judge-whole-path.test.ts.

beforeAll(openStore);
afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

const submit = (body: unknown, cookie?: string) => callRoute(submitRoute, siteRequest("/ojapi/submit-problem-test-judge", { json: body, cookie }));

describe("self-test requests", () => {
  it("are refused with a clear message and queue nothing", async () => {
    const user = await makeUser();
    const cookie = await cookieFor(user);
    const problem = await makeProblem({ languages: ["C++"] });
    const good = { pid: problem._id, language: "C++", code: "int main(){}", userInput: "1 2", expectedOutput: "3", type: "public", mode: "text/x-c++src", isRemoteJudge: false };

    expect(await submit(good)).toMatchObject({ http: 401 });
    expect(await submit({ ...good, code: "  \n" }, cookie)).toMatchObject({ http: 400, msg: "代码不能为空！" });
    expect(await submit({ ...good, code: "x".repeat(65536) }, cookie)).toMatchObject({ http: 400, msg: "代码长度不能超过 65535！" });
    expect(await submit({ ...good, userInput: "1".repeat(1001) }, cookie)).toMatchObject({ http: 400, msg: "测试输入不能超过 1000 个字符！" });
    expect(await submit({ ...good, language: "Java" }, cookie)).toMatchObject({ http: 400, msg: "该题目不支持此语言！" });
    expect(await submit({ ...good, pid: 987654321 }, cookie)).toMatchObject({ http: 404, msg: "题目不存在！" });
    expect(await submit({ ...good, isRemoteJudge: true }, cookie)).toMatchObject({ http: 400, msg: "远程评测的题目不支持在线自测！" });
    expect(await submit({ ...good, type: "other" }, cookie)).toMatchObject({ http: 400, msg: "评测类型不正确！" });
    // No judge is online in this test: nobody would run it.
    expect(await submit(good, cookie)).toMatchObject({ http: 400, msg: "当前没有可运行此语言的评测机！" });
    expect(await redis().xlen(rkey(JudgeStreams.testTasks))).toBe(0);
  });

  it("results are only for the user who asked, and unknown keys are reported", async () => {
    const user = await makeUser();
    const cookie = await cookieFor(user);
    const unknown = await callRoute(resultRoute, siteRequest(`/ojapi/get-test-judge-result?testJudgeKey=${"a".repeat(32)}`, { cookie }));
    expect(unknown).toMatchObject({ http: 404, msg: "测试结果不存在或已过期！" });
    const malformed = await callRoute(resultRoute, siteRequest(`/ojapi/get-test-judge-result?testJudgeKey=../x`, { cookie }));
    expect(malformed).toMatchObject({ http: 400 });
    const anonymous = await callRoute(resultRoute, siteRequest(`/ojapi/get-test-judge-result?testJudgeKey=${"a".repeat(32)}`));
    expect(anonymous).toMatchObject({ http: 401 });
  });
});
