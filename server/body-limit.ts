import type { RequestHandler } from "express";
import { BODY_LIMITS, LIMITS } from "../app/lib/constants";
import { formatMemory } from "../app/lib/format";
import { UPLOAD_LIMITS } from "../app/lib/problem-admin";
import { MARKDOWN_UPLOADS } from "../app/lib/community";
import { refuse } from "./refusal";

// How large a request body each route takes (spec: code 65535 characters; uploads at their own
// limits), refused with 413 by its Content-Length before a byte of it is read. A body of unknown
// length (chunked) is refused with 411, except on the upload routes: their multipart reader
// (app/http/problem-form.server.ts) counts what arrives, streams files to disk up to the upload
// limit and keeps at most BODY_LIMITS.problemBytes of other fields in memory.

/** An upload with the form fields around it. */
const UPLOAD_BYTES = Math.max(UPLOAD_LIMITS.archiveMaxBytes, UPLOAD_LIMITS.fpsMaxBytes) + BODY_LIMITS.problemBytes;

interface BodyRule {
  /** Paths below the base path, without it. */
  path: RegExp;
  bytes: number;
  /** Whether a body of unknown length is read (and bounded) by the route itself. */
  counted?: boolean;
}

const RULES: readonly BodyRule[] = [
  // Learner code: the submit and self-test calls, and the problem page's submit form.
  { path: /^\/ojapi\/submit-problem-(test-)?judge$/, bytes: BODY_LIMITS.codeBytes },
  { path: /^\/problem\/[^/]+$/, bytes: BODY_LIMITS.codeBytes },
  // The AI helper: the code with the conversation so far (the panel, its page, HOJ's call).
  { path: /^\/problem\/[^/]+\/ai(-reply)?$/, bytes: BODY_LIMITS.aiBytes },
  { path: /^\/ojapi\/teaching\/teachingAiPrompt\/ai$/, bytes: BODY_LIMITS.aiBytes },
  // Uploads: test data zips, problem imports, and the problem forms (which carry a test data zip).
  { path: /^\/ojapi\/file\/(upload-testcase-zip|import-(fps-|hydro-|qdoj-)?problem)$/, bytes: UPLOAD_BYTES, counted: true },
  { path: /^\/admin\/problem\/(create|edit\/[^/]+|batch-operation)$/, bytes: UPLOAD_BYTES, counted: true },
  { path: /^\/group\/[^/]+\/problem\/(create|[^/]+\/edit)$/, bytes: UPLOAD_BYTES, counted: true },
  // Avatars (2 MB) with the form around them.
  { path: /^\/(ojapi\/file\/upload-(group-)?avatar|setting\/avatar|group\/[^/]+\/avatar)$/, bytes: LIMITS.avatarMaxBytes + 64 * 1024, counted: true },
  // Markdown pictures and files (their own limits, checked while they stream in).
  { path: /^\/(ojapi\/file\/upload-(md-img|md-file|carouse-img)|admin\/home-carousel)$/, bytes: MARKDOWN_UPLOADS.fileMaxBytes + 1024 * 1024, counted: true },
  // The admin API's problem and checker calls.
  { path: /^\/ojapi\/admin\/(problem(\/compile-(spj|interactive))?|contest\/problem)$/, bytes: BODY_LIMITS.problemBytes },
  { path: /^\/ojapi\/group\/(problem|contest-problem|compile-spj|compile-interactive)$/, bytes: BODY_LIMITS.problemBytes },
];

export function bodyRuleOf(path: string): BodyRule {
  return RULES.find((r) => r.path.test(path)) ?? { path: /.*/, bytes: BODY_LIMITS.defaultBytes };
}

/** The body limits, mounted under the base path. */
export function bodyLimits(opts: { basePath: string }): RequestHandler {
  return (req, res, next) => {
    // Remix reads no body of a GET or HEAD.
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.get("Content-Length");
    const chunked = req.get("Transfer-Encoding") !== undefined;
    if (declared === undefined && !chunked) return next();
    const rule = bodyRuleOf(req.path);
    const api = req.path.startsWith("/ojapi/");
    const send = (status: 411 | 413) =>
      refuse(req, res, { status, key: status === 411 ? "errors.lengthRequired" : "errors.bodyTooLarge", params: { size: formatMemory(rule.bytes / 1024) } }, { basePath: opts.basePath, api }).catch(next);
    if (declared === undefined) return rule.counted ? next() : void send(411);
    if (Number(declared) > rule.bytes) return void send(413);
    next();
  };
}
