import type { LoaderFunctionArgs } from "@remix-run/node";
import { changeEmailCodeSchema, sendChangeEmailCode } from "~/services/account/account.server";
import { accountApiRoute, apiMessage, authT, clientOf } from "~/http/account.server";
import { parseWith, queryParams, requireApiUser } from "~/http/api.server";

// GET /ojapi/get-change-email-code?email=: e-mails a code to the new address.
export const loader = accountApiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { email } = parseWith(changeEmailCodeSchema, queryParams(request));
  const data = await sendChangeEmailCode(user._id, email, clientOf(request, context), await authT(request));
  return apiMessage(request, "auth:code.sent", data);
});
