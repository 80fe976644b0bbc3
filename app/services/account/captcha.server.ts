import { randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import svgCaptcha from "svg-captcha";
import { AccountError } from "./errors.server";
import { env } from "../platform/env.server";
import { redis, rkey } from "../platform/redis.server";

// Image captcha for "reset by e-mail" (spec: captcha 1 to 8 characters, captchaKey; GET /ojapi/captcha
// answers {img, captchaKey}). The answer waits in Redis under a random key and is usable once.

export const CAPTCHA_TTL_SECONDS = 5 * 60;
const key = (k: string) => rkey("captcha", k);

export interface Captcha {
  captchaKey: string;
  /** The SVG source. */
  svg: string;
  /** The same image as a data URL (what the API returns as `img`). */
  img: string;
}

export async function createCaptcha(): Promise<Captcha> {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    color: true,
    background: "#f5f7fa",
    width: 110,
    height: 40,
    fontSize: 44,
    // Characters that look alike in this font.
    ignoreChars: "0oO1iIlL",
  });
  const captchaKey = randomBytes(16).toString("base64url");
  await redis().set(key(captchaKey), text.toLowerCase(), "EX", CAPTCHA_TTL_SECONDS);
  return { captchaKey, svg: data, img: `data:image/svg+xml;base64,${Buffer.from(data).toString("base64")}` };
}

/** Checks an answer and uses the captcha up, right or wrong (a new one must be fetched). */
export async function verifyCaptcha(captchaKey: string, answer: string): Promise<void> {
  const stored = captchaKey ? await redis().getdel(key(captchaKey)) : null;
  if (!stored) throw new AccountError("auth:captcha.expired", { field: "captcha" });
  if (stored !== answer.trim().toLowerCase()) throw new AccountError("auth:captcha.wrong", { field: "captcha" });
}

/**
 * Without JavaScript the login modal shows the captcha as a plain image (/auth/captcha.svg); its key
 * travels in this short-lived cookie instead of a hidden field.
 */
export const captchaCookie = createCookie("oj_captcha", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.cookieSecure,
  path: env.basePath,
  maxAge: CAPTCHA_TTL_SECONDS,
});

/** The captcha key of a form: the hidden field when present, else the image cookie. */
export async function captchaKeyOf(request: Request, field: unknown): Promise<string> {
  if (typeof field === "string" && field) return field;
  const fromCookie: unknown = await captchaCookie.parse(request.headers.get("Cookie"));
  return typeof fromCookie === "string" ? fromCookie : "";
}
