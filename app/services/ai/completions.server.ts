import { fetch, type Response } from "undici";
import { DomainError } from "../errors.server";
import { logger } from "../platform/logger.server";
import { addressRefusalOf, endpointDispatcher } from "./endpoint.server";

// One call of an OpenAI-compatible chat-completions endpoint: POST {base}/chat/completions with
// stream: true, read as server-sent events (`data: {json}` lines, `data: [DONE]` at the end); a
// server that answers with one JSON document instead is read as well. Each piece of the reply
// goes to `onDelta` as it arrives. Whatever does not have the protocol's shape is the spec's "bad
// response"; an endpoint that cannot be reached, answers an error status or breaks off the reply
// failed; all of these are "badGateway" (502). Silence longer than the idle bound, or a reply
// longer than the total bound, is a "gatewayTimeout" (504). Connections go only to the addresses
// endpoint.server.ts allows, and a redirect is not followed (its target is not checked, and the
// key would go with it).

export interface CompletionRequest {
  baseUrl: string;
  apiKey: string;
  model: string;
  messages: Array<{ role: "system" | "user" | "assistant"; content: string }>;
  timeoutMs: number;
  idleTimeoutMs: number;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
}

const badResponse = () => new DomainError("badGateway", "ai:errors.badResponse");

type Choice = { delta?: { content?: unknown }; message?: { content?: unknown } };

function choicesOf(v: unknown): Choice[] | null {
  if (!v || typeof v !== "object") return null;
  const c = (v as { choices?: unknown }).choices;
  return Array.isArray(c) ? (c as Choice[]) : null;
}

/** The text of one streamed event's JSON; null when it is not a chat-completion chunk. */
export function deltaOf(payload: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return null;
  }
  const choices = choicesOf(v);
  if (!choices) return null;
  let text = "";
  for (const ch of choices) {
    const content = ch?.delta?.content ?? ch?.message?.content;
    if (content === undefined || content === null) continue;
    if (typeof content !== "string") return null;
    text += content;
  }
  return text;
}

/** The reply of a whole (not streamed) answer; null when it has not the protocol's shape. */
export function messageOf(body: string): string | null {
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return null;
  }
  const content = choicesOf(v)?.[0]?.message?.content;
  return typeof content === "string" ? content : null;
}

export async function streamCompletion(req: CompletionRequest): Promise<string> {
  const controller = new AbortController();
  let why: "timeout" | "caller" | null = null;
  const stop = (reason: "timeout" | "caller") => {
    why ??= reason;
    controller.abort();
  };
  const total = setTimeout(() => stop("timeout"), req.timeoutMs);
  let idle = setTimeout(() => stop("timeout"), req.idleTimeoutMs);
  const heard = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop("timeout"), req.idleTimeoutMs);
  };
  const onCallerAbort = () => stop("caller");
  if (req.signal?.aborted) stop("caller");
  req.signal?.addEventListener("abort", onCallerAbort);

  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "text/event-stream, application/json" };
  if (req.apiKey) headers.Authorization = `Bearer ${req.apiKey}`;
  try {
    let res: Response;
    try {
      res = await fetch(`${req.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
        method: "POST",
        headers,
        body: JSON.stringify({ model: req.model, messages: req.messages, stream: true }),
        signal: controller.signal,
        redirect: "manual",
        dispatcher: endpointDispatcher,
      });
    } catch (err) {
      if (why) throw err;
      const refused = addressRefusalOf(err);
      if (refused) {
        logger.warn({ host: refused.host, address: refused.address }, refused.message);
        throw new DomainError("badGateway", "ai:errors.addressRefused");
      }
      logger.warn({ err: String(err), cause: String((err as { cause?: unknown }).cause ?? "") }, "AI endpoint unreachable");
      throw new DomainError("badGateway", "ai:errors.unreachable");
    }
    heard();
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 300 && res.status < 400) {
        logger.warn({ status: res.status, location: res.headers.get("Location") }, "AI endpoint answered a redirect, which is not followed: set the final address on /admin/ai");
        throw badResponse();
      }
      logger.warn({ status: res.status }, "AI endpoint refused the request");
      if (res.status >= 500 || res.status === 429) throw new DomainError("badGateway", "ai:errors.upstreamError", { status: res.status });
      throw badResponse();
    }
    const type = res.headers.get("Content-Type") ?? "";
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let reply = "";
    // A connection that breaks while the reply is read.
    const read = async () => {
      try {
        return await reader.read();
      } catch (err) {
        if (why) throw err;
        logger.warn({ err: String(err), cause: String((err as { cause?: unknown }).cause ?? "") }, "AI endpoint broke off its reply");
        throw new DomainError("badGateway", "ai:errors.interrupted");
      }
    };

    if (!type.includes("text/event-stream")) {
      let body = "";
      for (;;) {
        const { value, done } = await read();
        if (done) break;
        heard();
        body += decoder.decode(value, { stream: true });
      }
      body += decoder.decode();
      const text = messageOf(body);
      if (text === null || !text.trim()) throw badResponse();
      req.onDelta(text);
      return text;
    }

    let buffer = "";
    let finished = false;
    const line = (raw: string) => {
      const l = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (finished || !l.startsWith("data:")) return; // comments, event names, ids, blank lines
      const payload = l.slice(5).trim();
      if (payload === "[DONE]") {
        finished = true;
        return;
      }
      if (!payload) return;
      const text = deltaOf(payload);
      if (text === null) throw badResponse();
      if (text) {
        reply += text;
        req.onDelta(text);
      }
    };
    while (!finished) {
      const { value, done } = await read();
      if (done) break;
      heard();
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while (!finished && (nl = buffer.indexOf("\n")) >= 0) {
        const l = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        line(l);
      }
    }
    if (!finished && buffer) line(buffer);
    if (finished) await reader.cancel().catch(() => undefined);
    if (!reply.trim()) throw badResponse();
    return reply;
  } catch (err) {
    if (why === "timeout") throw new DomainError("gatewayTimeout", "ai:errors.timeout");
    if (why === "caller") throw new DomainError("failed", "ai:errors.cancelled");
    throw err;
  } finally {
    // Whatever ended the reply, nothing more is read from the endpoint.
    if (!controller.signal.aborted) controller.abort();
    clearTimeout(total);
    clearTimeout(idle);
    req.signal?.removeEventListener("abort", onCallerAbort);
  }
}
