// What other code (tests, benchmarks, main.ts) uses of judge-service.
export { startJudge, type RunningJudge, type StartJudgeOptions } from "./consumer";
export { runDirect, type DirectResult } from "./direct";
export { createJudgeContext, judgeOptions, type JudgeOverrides } from "./setup";
export { optionsFromEnv, type JudgeOptions } from "./config";
export { checkCompile, judgeSubmission, judgeTest } from "./judge";
export { prepareSandboxHost } from "./sandbox-host";
export { startJudgeHttp, type JudgeHttp } from "./http";
export { RunSlots } from "./run-cases";
