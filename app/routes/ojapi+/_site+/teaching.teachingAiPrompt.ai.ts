import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { aiChatSchema, askAi, hojAiAnswer } from "~/services/ai/chat.server";
import { getAiSettings } from "~/services/ai/config.server";

// POST /ojapi/teaching/teachingAiPrompt/ai: HOJ's AI call. Body {messages: [{role, content}]} and,
// from our pages, the problem (pid), language and code; data.message is the completion as a JSON
// string with choices[].message.content. The same rules as the problem page's panel.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(aiChatSchema, await bodyParams(request));
  const reply = await askAi(user, input, request.signal);
  return hojAiAnswer(reply, (await getAiSettings()).model);
}, ["ai", "judge"]);
