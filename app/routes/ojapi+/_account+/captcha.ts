import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountApiRoute } from "~/http/account.server";
import { createCaptcha } from "~/services/account/captcha.server";

// GET /ojapi/captcha: data {img (a data URL), captchaKey}.
export const loader = accountApiRoute(async (_args: LoaderFunctionArgs) => {
  const { img, captchaKey } = await createCaptcha();
  return { img, captchaKey };
});
