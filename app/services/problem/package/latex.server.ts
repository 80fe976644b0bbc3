import katex from "katex";

// Problem statements written in LaTeX (ICPC packages' problem.<lang>.tex, Polygon's statement
// sections) as our Markdown: formulas stay `$…$` / `$$…$$` where KaTeX renders them, text commands
// become Markdown, layout commands go silently, and every command or environment that has no
// Markdown form is named in `dropped` (its text is kept where it has any).

export interface LatexResult {
  markdown: string;
  /** \problemname{…} (or the plain name comment) when the document has one. */
  title: string;
  /** What could not be carried over: commands, environments, formulas KaTeX cannot render. */
  dropped: string[];
}

export interface LatexOptions {
  /** An image of the statement's folder as a data URL (null: not found or too large). */
  image?: (name: string) => string | null;
}

/** Layout and spacing: nothing to show in Markdown, nothing lost. */
const SILENT = new Set([
  "noindent", "indent", "medskip", "bigskip", "smallskip", "vspace", "hspace", "vfill", "hfill", "clearpage", "newpage", "pagebreak",
  "centering", "label", "raggedright", "raggedleft", "par", "linebreak", "nolinebreak", "normalsize", "small", "footnotesize", "large",
  "Large", "LARGE", "huge", "Huge", "tiny", "scriptsize", "protect", "relax", "sloppy", "fussy", "nopagebreak", "allowbreak", "mbox",
  "makebox", "phantom", "strut", "selectlanguage",
]);

const SECTION_NAMES: Record<string, string> = {
  InputFile: "Input",
  OutputFile: "Output",
  Note: "Notes",
  Notes: "Notes",
  Examples: "Examples",
  Example: "Examples",
  Scoring: "Scoring",
  Interaction: "Interaction",
};

const SYMBOLS: Record<string, string> = {
  ldots: "…", dots: "…", textellipsis: "…", cdots: "⋯", textbackslash: "\\", textasciitilde: "~", textasciicircum: "^",
  "&": "&", "%": "%", $: "\\$", "#": "#", _: "\\_", "{": "{", "}": "}", " ": " ", ",": " ", ";": " ", "!": "", "/": "",
  textendash: "–", textemdash: "—", LaTeX: "LaTeX", TeX: "TeX", S: "§", copyright: "©", euro: "€", "-": "",
  textless: "<", textgreater: ">", textbar: "|", quad: " ", qquad: "  ", today: "", "\\": "  \n", newline: "  \n",
};

const TEXT_STYLES: Record<string, [string, string]> = {
  textbf: ["**", "**"], bf: ["**", "**"], bfseries: ["**", "**"], emph: ["*", "*"], textit: ["*", "*"], it: ["*", "*"], em: ["*", "*"],
  itshape: ["*", "*"], textsl: ["*", "*"], sl: ["*", "*"], texttt: ["`", "`"], tt: ["`", "`"], ttfamily: ["`", "`"], textsc: ["", ""],
  textrm: ["", ""], textsf: ["", ""], underline: ["", ""], uline: ["", ""], textup: ["", ""], textnormal: ["", ""], text: ["", ""],
  textmd: ["", ""], t: ["`", "`"], sc: ["", ""], rm: ["", ""], sf: ["", ""], textsuperscript: ["<sup>", "</sup>"], textsubscript: ["<sub>", "</sub>"],
};

const MATH_ENVS = new Set(["equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*", "eqnarray", "eqnarray*", "displaymath", "math"]);

function katexRenders(tex: string, display: boolean): boolean {
  try {
    katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: "ignore", trust: false, maxExpand: 1000 });
    return true;
  } catch {
    return false;
  }
}

/** Removes `%` comments (not `\%`), keeping line structure. */
function stripComments(tex: string): string {
  return tex
    .split("\n")
    .map((line) => {
      for (let i = 0; i < line.length; i++) {
        if (line[i] === "\\") {
          i++;
          continue;
        }
        if (line[i] === "%") return line.slice(0, i);
      }
      return line;
    })
    .join("\n");
}

class Converter {
  readonly dropped = new Set<string>();
  title = "";
  private readonly math: string[] = [];

  constructor(private readonly opts: LatexOptions) {}

  /** A placeholder for a formula (kept out of the text rules); KaTeX decides whether it stays math. */
  private formula(tex: string, display: boolean): string {
    const body = tex.trim();
    let md: string;
    if (!body) md = "";
    else if (katexRenders(body, display)) md = display ? `\n\n$$\n${body}\n$$\n\n` : `$${body}$`;
    else {
      this.dropped.add(`$${body.length > 40 ? `${body.slice(0, 40)}…` : body}$`);
      md = display ? `\n\n\`\`\`\n${body}\n\`\`\`\n\n` : `\`${body}\``;
    }
    this.math.push(md);
    return `\uE000M${this.math.length - 1}\uE000`;
  }

  restore(text: string): string {
    return text.replace(/\uE000M(\d+)\uE000/g, (_, n: string) => this.math[Number(n)] ?? "");
  }

  /** Takes formulas and verbatim text out before anything else reads the text. */
  protect(tex: string): string {
    let out = tex.replace(/\\begin\{(verbatim|lstlisting|minted)\}(?:\[[^\]]*\]|\{[^}]*\})*\n?([\s\S]*?)\\end\{\1\}/g, (_, _env: string, body: string) => {
      this.math.push(`\n\n\`\`\`\n${body.replace(/\n$/, "")}\n\`\`\`\n\n`);
      return `\uE000M${this.math.length - 1}\uE000`;
    });
    out = out.replace(/\\verb([^a-zA-Z\s])([\s\S]*?)\1/g, (_, _d: string, body: string) => {
      this.math.push(`\`${body}\``);
      return `\uE000M${this.math.length - 1}\uE000`;
    });
    out = out.replace(/\\begin\{([a-z]+\*?)\}([\s\S]*?)\\end\{\1\}/g, (whole, env: string, body: string) => {
      if (!MATH_ENVS.has(env)) return whole;
      const base = env.replace("*", "");
      const inner = base === "align" || base === "eqnarray" ? `\\begin{aligned}${body}\\end{aligned}` : base === "gather" ? `\\begin{gathered}${body}\\end{gathered}` : body;
      return this.formula(inner, env !== "math");
    });
    out = out.replace(/\$\$([\s\S]+?)\$\$/g, (_, m: string) => this.formula(m, true));
    out = out.replace(/\\\[([\s\S]+?)\\\]/g, (_, m: string) => this.formula(m, true));
    out = out.replace(/\\\(([\s\S]+?)\\\)/g, (_, m: string) => this.formula(m, false));
    out = out.replace(/(^|[^\\])\$((?:\\.|[^$\\])+?)\$/g, (_, pre: string, m: string) => pre + this.formula(m, false));
    return out;
  }

  convert(tex: string): string {
    return this.restore(this.text(this.protect(tex)));
  }

  /** Reads a `{…}` group at `i` (after spaces); returns its content and the index after it. */
  private group(s: string, i: number): { body: string; end: number } | null {
    let j = i;
    while (j < s.length && (s[j] === " " || s[j] === "\t")) j++;
    if (s[j] !== "{") return null;
    let depth = 0;
    for (let k = j; k < s.length; k++) {
      if (s[k] === "\\") {
        k++;
        continue;
      }
      if (s[k] === "{") depth++;
      else if (s[k] === "}") {
        depth--;
        if (depth === 0) return { body: s.slice(j + 1, k), end: k + 1 };
      }
    }
    return { body: s.slice(j + 1), end: s.length };
  }

  private optional(s: string, i: number): { body: string; end: number } | null {
    let j = i;
    while (j < s.length && s[j] === " ") j++;
    if (s[j] !== "[") return null;
    const close = s.indexOf("]", j);
    if (close < 0) return null;
    return { body: s.slice(j + 1, close), end: close + 1 };
  }

  private image(file: string, caption = ""): string {
    const names = [file, `${file}.png`, `${file}.jpg`, `${file}.jpeg`, `${file}.svg`];
    for (const n of names) {
      const url = this.opts.image?.(n);
      if (url) return `\n\n![${caption}](${url})\n\n`;
    }
    this.dropped.add(`\\includegraphics{${file}}`);
    return caption ? `\n\n*${caption}*\n\n` : "";
  }

  private environment(env: string, body: string): string {
    if (env === "tabular" || env === "tabular*" || env === "array") return this.table(body);
    const inner = this.text(body);
    switch (env) {
      case "itemize":
      case "enumerate":
      case "description": {
        const items = inner.split(/\uE001ITEM(?:\[([^\]]*)\])?/);
        const out: string[] = [];
        let n = 0;
        for (let i = 1; i < items.length; i += 2) {
          const label = items[i];
          const text = (items[i + 1] ?? "").trim().replace(/\n\s*\n/g, "\n\n  ").replace(/\n(?!\n| )/g, " ");
          n++;
          const bullet = env === "enumerate" ? `${n}.` : "-";
          out.push(`${bullet} ${label ? `**${label}** ` : ""}${text}`);
        }
        return `\n\n${out.join("\n")}\n\n`;
      }
      case "center":
      case "flushleft":
      case "flushright":
      case "figure":
      case "figure*":
      case "minipage":
      case "wrapfigure":
      case "document":
      case "problem":
      case "samepage":
      case "small":
      case "footnotesize":
        return `\n\n${inner}\n\n`;
      case "quote":
      case "quotation":
        return `\n\n${inner
          .trim()
          .split("\n")
          .map((l) => `> ${l}`)
          .join("\n")}\n\n`;
      default:
        this.dropped.add(`\\begin{${env}}`);
        return `\n\n${inner}\n\n`;
    }
  }

  private table(body: string): string {
    const spec = /^\s*\{[^}]*\}/.exec(body);
    const rows = (spec ? body.slice(spec[0].length) : body)
      .replace(/\\(hline|toprule|midrule|bottomrule|cline\{[^}]*\})/g, "")
      .split(/\\\\/)
      .map((r) => r.trim())
      .filter((r) => r !== "")
      .map((r) => r.split(/(?<!\\)&/).map((cell) => this.text(cell).trim().replace(/\n+/g, " ").replace(/\|/g, "\\|")));
    if (rows.length === 0) return "";
    const width = Math.max(...rows.map((r) => r.length));
    const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? "").join(" | ")} |`;
    return `\n\n${[line(rows[0]), `|${" --- |".repeat(width)}`, ...rows.slice(1).map(line)].join("\n")}\n\n`;
  }

  /** Text mode: commands, groups, environments, quotes and dashes. */
  text(s: string): string {
    let out = "";
    let i = 0;
    while (i < s.length) {
      const ch = s[i];
      if (ch === "\\") {
        const m = /^\\([a-zA-Z]+\*?|.)/.exec(s.slice(i, i + 64));
        if (!m) {
          i++;
          continue;
        }
        const name = m[1];
        i += m[0].length;
        const r = this.command(name, s, i);
        out += r.text;
        i = r.end;
        continue;
      }
      if (ch === "{") {
        const g = this.group(s, i)!;
        // {\bf text} style groups.
        const style = /^\s*\\([a-zA-Z]+)\b\s*/.exec(g.body);
        if (style && TEXT_STYLES[style[1]] && ["bf", "it", "em", "tt", "sl", "sc", "rm", "sf", "bfseries", "itshape", "ttfamily"].includes(style[1])) {
          const [a, b] = TEXT_STYLES[style[1]];
          const t = this.text(g.body.slice(style[0].length)).trim();
          out += t ? `${a}${t}${b}` : "";
        } else {
          out += this.text(g.body);
        }
        i = g.end;
        continue;
      }
      if (ch === "}") {
        i++;
        continue;
      }
      if (ch === "~") {
        out += "\u00a0";
        i++;
        continue;
      }
      if (s.startsWith("---", i)) {
        out += "—";
        i += 3;
        continue;
      }
      if (s.startsWith("--", i)) {
        out += "–";
        i += 2;
        continue;
      }
      if (s.startsWith("``", i)) {
        out += "“";
        i += 2;
        continue;
      }
      if (s.startsWith("''", i)) {
        out += "”";
        i += 2;
        continue;
      }
      if (ch === "*" || ch === "_" || (ch === "#" && (i === 0 || s[i - 1] === "\n"))) {
        out += `\\${ch}`;
        i++;
        continue;
      }
      out += ch;
      i++;
    }
    return out;
  }

  private command(name: string, s: string, i: number): { text: string; end: number } {
    const arg = () => this.group(s, i);
    if (name in SYMBOLS) return { text: SYMBOLS[name], end: i };
    if (name === "problemname") {
      const g = arg();
      if (g) this.title = this.restore(this.text(g.body)).trim();
      return { text: "", end: g?.end ?? i };
    }
    if (/^(sub)*section\*?$/.test(name) || name === "paragraph" || name === "paragraph*") {
      const g = arg();
      const level = name.startsWith("subsub") ? "####" : name.startsWith("sub") ? "###" : "##";
      return { text: `\n\n${level} ${this.text(g?.body ?? "").trim()}\n\n`, end: g?.end ?? i };
    }
    if (SECTION_NAMES[name] && !arg()) return { text: `\n\n## ${SECTION_NAMES[name]}\n\n`, end: i };
    if (name === "begin") {
      const g = arg();
      if (!g) return { text: "", end: i };
      const env = g.body.trim();
      const endTag = `\\end{${env}}`;
      // Nested environments of the same name are matched by depth.
      let depth = 1;
      let k = g.end;
      const open = `\\begin{${env}}`;
      while (k < s.length) {
        const nextOpen = s.indexOf(open, k);
        const nextClose = s.indexOf(endTag, k);
        if (nextClose < 0) {
          k = s.length;
          break;
        }
        if (nextOpen >= 0 && nextOpen < nextClose) {
          depth++;
          k = nextOpen + open.length;
          continue;
        }
        depth--;
        if (depth === 0) {
          return { text: this.environment(env, s.slice(g.end, nextClose)), end: nextClose + endTag.length };
        }
        k = nextClose + endTag.length;
      }
      return { text: this.environment(env, s.slice(g.end)), end: s.length };
    }
    if (name === "end") return { text: "", end: arg()?.end ?? i };
    if (name === "item") {
      const o = this.optional(s, i);
      return { text: `\uE001ITEM${o ? `[${this.text(o.body)}]` : ""}`, end: o?.end ?? i };
    }
    if (name === "includegraphics") {
      const o = this.optional(s, i);
      const g = this.group(s, o?.end ?? i);
      return { text: g ? this.image(g.body.trim()) : "", end: g?.end ?? i };
    }
    if (name === "illustration") {
      const w = arg();
      const f = w ? this.group(s, w.end) : null;
      const c = f ? this.group(s, f.end) : null;
      if (!f) return { text: "", end: w?.end ?? i };
      return { text: this.image(f.body.trim(), this.text(c?.body ?? "").trim()), end: (c ?? f).end };
    }
    if (name === "caption") {
      const g = arg();
      return { text: g ? `\n\n*${this.text(g.body).trim()}*\n\n` : "", end: g?.end ?? i };
    }
    if (name === "url") {
      const g = arg();
      return { text: g ? `<${g.body.trim()}>` : "", end: g?.end ?? i };
    }
    if (name === "href") {
      const u = arg();
      const t = u ? this.group(s, u.end) : null;
      return { text: u && t ? `[${this.text(t.body)}](${u.body.trim()})` : "", end: (t ?? u)?.end ?? i };
    }
    if (name === "footnote") {
      const g = arg();
      return { text: g ? ` (${this.text(g.body).trim()})` : "", end: g?.end ?? i };
    }
    const style = TEXT_STYLES[name];
    if (style) {
      const g = arg();
      if (!g) return { text: "", end: i };
      const t = this.text(g.body);
      return { text: t.trim() ? `${style[0]}${t}${style[1]}` : t, end: g.end };
    }
    if (name === "exmp" || name === "exmpfile") {
      // Polygon's examples: they come with the tests.
      const a = arg();
      const b = a ? this.group(s, a.end) : null;
      return { text: "", end: (b ?? a)?.end ?? i };
    }
    if (SILENT.has(name) || SILENT.has(name.replace("*", ""))) {
      // Their arguments are sizes or names, not text.
      let end = i;
      if (["vspace", "hspace", "label", "selectlanguage", "phantom", "makebox"].includes(name.replace("*", ""))) {
        const o = this.optional(s, end);
        const g = this.group(s, o?.end ?? end);
        end = g?.end ?? end;
      } else if (name === "mbox") {
        const g = arg();
        return { text: g ? this.text(g.body) : "", end: g?.end ?? i };
      }
      return { text: "", end };
    }
    // Anything else: its text stays, the command is named in the report.
    this.dropped.add(`\\${name}`);
    const g = arg();
    return { text: g ? this.text(g.body) : "", end: g?.end ?? i };
  }
}

function tidy(md: string): string {
  return md
    .split("\n")
    .map((l) => l.replace(/[ \t]+$/g, (m) => (m === "  " ? m : "")).replace(/^[ \t]+(?=\S)(?![-\d>|*])/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function latexToMarkdown(tex: string, opts: LatexOptions = {}): LatexResult {
  const plain = /^%%\s*plainproblemname:\s*(.+)$/m.exec(tex)?.[1]?.trim() ?? "";
  let body = stripComments(tex.replace(/\r\n?/g, "\n"));
  // A whole document: only its body is the statement.
  const doc = /\\begin\{document\}([\s\S]*?)(\\end\{document\}|$)/.exec(body);
  if (doc) body = doc[1];
  body = body.replace(/\\(documentclass|usepackage)(\[[^\]]*\])?\{[^}]*\}/g, "");
  const c = new Converter(opts);
  // Paragraph breaks survive as blank lines; single newlines are spaces in LaTeX and in Markdown.
  const md = tidy(c.convert(body));
  return { markdown: md, title: plain || c.title, dropped: [...c.dropped] };
}
