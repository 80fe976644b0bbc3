import { createHash, randomBytes } from "node:crypto";
import katex from "katex";
import { Marked, type TokenizerAndRendererExtension, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";
import { highlightToHtml } from "./highlight.server";

// Problem statements: Markdown with math, turned into HTML on the server so phones download and run
// no Markdown or math code. Math delimiters (spec section 9): $…$, $$…$$, \(…\), \[…\].
//
// Order matters for safety: the Markdown is rendered with every formula replaced by a random
// placeholder, the HTML is sanitised, and only then are the placeholders swapped for KaTeX's
// output (KaTeX escapes its input and, without `trust`, emits no links or scripts).

interface MathToken extends Tokens.Generic {
  type: "mathBlock" | "mathInline";
  raw: string;
  text: string;
  display: boolean;
}

function mathExtensions(placeholder: (tex: string, display: boolean) => string): TokenizerAndRendererExtension[] {
  const block: TokenizerAndRendererExtension = {
    name: "mathBlock",
    level: "block",
    start(src) {
      const m = src.match(/\$\$|\\\[/);
      return m?.index;
    },
    tokenizer(src) {
      const m = /^\$\$([\s\S]+?)\$\$[^\S\n]*(?:\n|$)/.exec(src) ?? /^\\\[([\s\S]+?)\\\][^\S\n]*(?:\n|$)/.exec(src);
      if (!m) return undefined;
      const token: MathToken = { type: "mathBlock", raw: m[0], text: m[1].trim(), display: true };
      return token;
    },
    renderer(token) {
      return `<p>${placeholder((token as MathToken).text, true)}</p>\n`;
    },
  };
  const inline: TokenizerAndRendererExtension = {
    name: "mathInline",
    level: "inline",
    start(src) {
      const m = src.match(/\$|\\\(|\\\[/);
      return m?.index;
    },
    tokenizer(src) {
      const m =
        /^\$\$([^$]+?)\$\$/.exec(src) ??
        /^\\\[([\s\S]+?)\\\]/.exec(src) ??
        /^\\\(([\s\S]+?)\\\)/.exec(src) ??
        // $…$: not empty, no space just inside the dollars (so prices like "$5 and $6" stay text).
        /^\$(?!\s)((?:\\\$|[^$\n])+?)(?<!\s)\$(?!\d)/.exec(src);
      if (!m) return undefined;
      const display = m[0].startsWith("$$") || m[0].startsWith("\\[");
      const token: MathToken = { type: "mathInline", raw: m[0], text: m[1].trim(), display };
      return token;
    },
    renderer(token) {
      const t = token as MathToken;
      return placeholder(t.text, t.display);
    },
  };
  return [block, inline];
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img",
    "del",
    "ins",
    "sup",
    "sub",
    "details",
    "summary",
    "input",
  ],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    a: ["href", "name", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    code: ["class"],
    pre: ["class", "tabindex"],
    span: ["class"],
    th: ["align", "colspan", "rowspan"],
    td: ["align", "colspan", "rowspan"],
    ol: ["start"],
    input: ["type", "checked", "disabled"],
  },
  allowedClasses: {
    code: [/^language-[\w+#-]+$/],
    pre: [/^language-[\w+#-]+$/],
    span: [/^token$/, /^[a-z-]+$/],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  transformTags: {
    // Links in statements open elsewhere and pass no referrer or opener.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" } }),
    // A code block scrolls sideways when its lines are long: it takes the keyboard's focus so it can
    // be scrolled without a mouse (WCAG 2.1.1).
    pre: (tagName, attribs) => ({ tagName, attribs: { ...attribs, tabindex: "0" } }),
    input: (tagName, attribs) => (attribs.type === "checkbox" ? { tagName, attribs: { ...attribs, disabled: "" } } : { tagName: "span", attribs: {} }),
  },
};

function renderMath(tex: string, display: boolean): string {
  return katex.renderToString(tex, { displayMode: display, throwOnError: false, output: "html", strict: "ignore", trust: false, maxExpand: 1000 });
}

/**
 * What a trusted author (root or admin: spec section 6) may write on top of the safe set: any
 * element's style and class, embedded frames and media. Scripts and event handlers stay out, and
 * the page's Content-Security-Policy would refuse them anyway.
 */
const TRUSTED: sanitizeHtml.IOptions = {
  ...SANITIZE,
  allowedTags: [...(SANITIZE.allowedTags as string[]), "iframe", "video", "audio", "source", "font", "center", "u", "mark", "small"],
  allowedAttributes: {
    ...(SANITIZE.allowedAttributes as Record<string, sanitizeHtml.AllowedAttribute[]>),
    "*": [...((SANITIZE.allowedAttributes as Record<string, sanitizeHtml.AllowedAttribute[]>)["*"] ?? []), "style", "class", "align", "color"],
    iframe: ["src", "width", "height", "allowfullscreen", "frameborder", "title"],
    video: ["src", "controls", "width", "height", "poster"],
    audio: ["src", "controls"],
    source: ["src", "type"],
  },
  allowedSchemesByTag: { img: ["http", "https", "data"], iframe: ["https"], video: ["https"], audio: ["https"], source: ["https"] },
};

/**
 * Markdown (with math) as safe HTML. `trusted` keeps what root and admin authors may add (styles,
 * frames, media); everyone else's is reduced to the safe set.
 */
export function renderMarkdown(source: string | null | undefined, options: { trusted?: boolean } = {}): string {
  const text = (source ?? "").replace(/\r\n?/g, "\n");
  if (!text.trim()) return "";
  const tag = `KTX${randomBytes(6).toString("hex")}`;
  const formulas: Array<{ tex: string; display: boolean }> = [];
  const placeholder = (tex: string, display: boolean) => {
    formulas.push({ tex, display });
    return `${tag}_${formulas.length - 1}_`;
  };
  const md = new Marked({ gfm: true, breaks: false, async: false });
  md.use({ extensions: mathExtensions(placeholder) });
  md.use({
    renderer: {
      code({ text: code, lang }: Tokens.Code) {
        const language = (lang ?? "").trim().split(/\s+/)[0] ?? "";
        const cls = language ? ` class="language-${language.replace(/[^\w+#-]/g, "")}"` : "";
        return `<pre${cls}><code${cls}>${highlightToHtml(code, language)}</code></pre>\n`;
      },
    },
  });
  const html = md.parse(text) as string;
  const clean = sanitizeHtml(html, options.trusted ? TRUSTED : SANITIZE);
  if (formulas.length === 0) return clean;
  return clean.replace(new RegExp(`${tag}_(\\d+)_`, "g"), (whole, n: string) => {
    const f = formulas[Number(n)];
    return f ? renderMath(f.tex, f.display) : whole;
  });
}

const rendered = new Map<string, string>();
const RENDER_CACHE_MAX = 1000;

/**
 * renderMarkdown with the HTML of recently shown texts kept in memory, keyed by a hash of the text
 * and the trust it is rendered with (the least recently shown is dropped first). The HTML is a
 * function of those two alone, so nothing needs telling when a text changes: a changed text is
 * another key.
 */
export function renderMarkdownCached(source: string | null | undefined, options: { trusted?: boolean } = {}): string {
  const key = `${options.trusted ? "t" : "u"}${createHash("sha1").update(source ?? "").digest("base64")}`;
  const hit = rendered.get(key);
  if (hit !== undefined) {
    rendered.delete(key);
    rendered.set(key, hit);
    return hit;
  }
  const html = renderMarkdown(source, options);
  if (rendered.size >= RENDER_CACHE_MAX) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, html);
  return html;
}
