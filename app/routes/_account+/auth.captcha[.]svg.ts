import { captchaCookie, createCaptcha } from "~/services/account/captcha.server";

// /auth/captcha.svg: the captcha image of a form rendered without JavaScript (the modal opened by
// ?reset=1). Its key goes in a short-lived cookie; the form's action reads it from there.
export async function loader() {
  const captcha = await createCaptcha();
  return new Response(captcha.svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "no-store",
      "Set-Cookie": await captchaCookie.serialize(captcha.captchaKey),
    },
  });
}
