import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { aiFormInput } from "~/http/ai-chat.server";
import { httpStatusOf } from "~/http/status.server";
import type { AiStreamEvent } from "~/lib/ai";
import { getCurrentUser } from "~/services/account/session.server";
import { aiChatSchema, openAiReply } from "~/services/ai/chat.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { logger } from "~/services/platform/logger.server";
import { validate } from "~/services/platform/validation.server";
import { findVisibleProblem } from "~/services/problem/problems.server";

// POST /problem/:problemId/ai-reply: the AI panel's question, answered as server-sent events
// ("delta" with each piece of the reply as it arrives, then "done", or "error" with a translated
// message and the status the failure would have had). A refusal before the reply starts (off,
// busy, too many, bad input, and an endpoint that fails before its first piece) is JSON {message}
// with its status. The same form fields and rules as /problem/:problemId/ai, the page without
// JavaScript.

export async function action({ request, params }: ActionFunctionArgs) {
  const [user, t] = await Promise.all([getCurrentUser(request), getT(request, ["ai", "judge", "common"])]);
  const refuse = (message: string, status: number) => json({ message }, { status });
  if (!user) return refuse(t("common:errors.pleaseLoginFirst"), 401);
  const problem = await findVisibleProblem(params.problemId ?? "", user);
  if (!problem) return refuse(t("judge:problemNotFound"), 404);
  const form = await request.formData();
  const { raw } = aiFormInput(form, problem._id, t);
  const v = validate(t, aiChatSchema, raw);
  if (!v.ok) return refuse(Object.values(v.errors)[0] ?? t("common:errors.badRequest"), 400);

  let reply;
  try {
    reply = await openAiReply(user, v.data);
  } catch (err) {
    if (err instanceof DomainError) return refuse(t(err.message, err.params ?? {}), httpStatusOf(err.kind));
    throw err;
  }

  // The answer waits for the endpoint's first piece: an endpoint that fails, answers garbage or
  // times out before it says anything is refused with its own status (502, 504) and message; once
  // the stream has begun, a failure can only be its "error" event.
  const early: string[] = [];
  let send: ((e: AiStreamEvent) => void) | null = null;
  let started!: () => void;
  const firstPiece = new Promise<void>((resolve) => (started = resolve));
  const whole = reply.stream((text) => {
    if (send) send({ event: "delta", text });
    else {
      early.push(text);
      started();
    }
  }, request.signal);
  try {
    await Promise.race([firstPiece, whole]);
  } catch (err) {
    if (err instanceof DomainError) return refuse(t(err.message, err.params ?? {}), httpStatusOf(err.kind));
    throw err;
  }

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const emit = (e: AiStreamEvent) => {
        try {
          controller.enqueue(encoder.encode(`event: ${e.event}\ndata: ${JSON.stringify(e)}\n\n`));
        } catch {
          // The page went away: the reply is stopped through the request's signal.
        }
      };
      for (const text of early) emit({ event: "delta", text });
      send = emit;
      whole
        .then(() => emit({ event: "done" }))
        .catch((err: unknown) => {
          if (!(err instanceof DomainError)) logger.error({ err }, "AI reply failed");
          emit(
            err instanceof DomainError
              ? { event: "error", message: t(err.message, err.params ?? {}), status: httpStatusOf(err.kind) }
              : { event: "error", message: t("ai:errors.badResponse"), status: 500 },
          );
        })
        .finally(() => {
          try {
            controller.close();
          } catch {
            // Already closed by the page leaving.
          }
        });
    },
  });
  return new Response(body, {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" },
  });
}
