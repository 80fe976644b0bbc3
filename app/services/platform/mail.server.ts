import type { TFunction } from "i18next";
import nodemailer, { type Transporter } from "nodemailer";
import { EMAIL_CODE_TTL_SECONDS } from "~/lib/account";
import { AccountError } from "../account/errors.server";
import { env, publicUrl } from "./env.server";
import { logger } from "./logger.server";
import { getWebsiteConfig } from "../site/config.server";

// E-mail through SMTP (SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS, SMTP_FROM). Without
// SMTP_HOST the site sends no mail: registration needs no code and reset by e-mail is unavailable.

let transporter: Transporter | null = null;

export function emailEnabled(): boolean {
  return env.smtp.host !== "";
}

function transport(): Transporter {
  if (!transporter) {
    transporter = nodemailer.createTransport({
      host: env.smtp.host,
      port: env.smtp.port,
      secure: env.smtp.secure,
      auth: env.smtp.user ? { user: env.smtp.user, pass: env.smtp.pass } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }
  return transporter;
}

/** The public address of the site for links in e-mails: the configured base URL, never the Host header. */
export async function siteUrl(): Promise<string> {
  const config = await getWebsiteConfig();
  const base = config.baseUrl.trim() || publicUrl();
  return base.endsWith("/") ? base : `${base}/`;
}

/** The configuration page's test e-mail (HOJ's /ojapi/admin/config/test-email), in the language of `t`. */
export async function sendTestMail(t: TFunction, to: string): Promise<void> {
  const config = await getWebsiteConfig();
  const site = config.projectName || config.shortName;
  try {
    await transport().sendMail({
      from: env.smtp.from || env.smtp.user || `noreply@${env.smtp.host}`,
      to,
      subject: t("admin:conf.testMailSubject", { site }),
      text: t("admin:conf.testMailBody", { site }),
      textEncoding: "quoted-printable",
    });
  } catch (err) {
    logger.error({ err }, "sending the test e-mail failed");
    throw new AccountError("auth:mail.failed", { kind: "unavailable" });
  }
}

export type CodeMailKind = "register" | "reset" | "changeEmail";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Sends an e-mail carrying a 6-digit code, in the language of `t` (the requester's). The code stands
 * on a line of its own so that it survives any transfer encoding and is easy to copy.
 */
export async function sendCodeMail(opts: { t: TFunction; to: string; kind: CodeMailKind; code: string; username?: string; link?: string }): Promise<void> {
  const { t, to, kind, code } = opts;
  const config = await getWebsiteConfig();
  const params = { site: config.projectName || config.shortName, code, minutes: Math.round(EMAIL_CODE_TTL_SECONDS / 60), username: opts.username ?? "" };
  const subject = t(`auth:mail.${kind}.subject`, params);
  const intro = t(`auth:mail.${kind}.intro`, params);
  const validity = t("auth:mail.validity", params);
  const ignore = t("auth:mail.ignore", params);
  const linkLine = opts.link ? t("auth:mail.linkIntro", params) : "";

  const text = [intro, "", code, "", validity, ...(opts.link ? ["", linkLine, opts.link] : []), "", ignore, "", params.site].join("\n");
  const html = `<div style="font-family:sans-serif;font-size:14px;color:#333">
<p>${escapeHtml(intro)}</p>
<p style="font-size:24px;font-weight:bold;letter-spacing:4px"> ${code} </p>
<p>${escapeHtml(validity)}</p>
${opts.link ? `<p>${escapeHtml(linkLine)}<br><a href="${escapeHtml(opts.link)}">${escapeHtml(opts.link)}</a></p>` : ""}
<p style="color:#888">${escapeHtml(ignore)}</p>
<p>${escapeHtml(params.site)}</p>
</div>`;

  try {
    await transport().sendMail({
      from: env.smtp.from || env.smtp.user || `noreply@${env.smtp.host}`,
      to,
      subject,
      text,
      html,
      textEncoding: "quoted-printable",
    });
  } catch (err) {
    logger.error({ err, kind }, "sending an e-mail failed");
    throw new AccountError("auth:mail.failed", { kind: "unavailable" });
  }
}
