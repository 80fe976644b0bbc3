import { describe, expect, it } from "vitest";
import { renderMarkdown, renderMarkdownCached } from "~/services/platform/markdown.server";

// The kept HTML of a text is the HTML renderMarkdown gives it, for each trust apart: an ordinary
// author's text never comes back with what only a trusted author may write, even after the same
// text was shown as a trusted one.

describe("renderMarkdownCached", () => {
  const text = 'Hello <span style="color:red">red</span> <iframe src="https://example.com/x"></iframe> **bold**';

  it("keeps the trusted and the ordinary rendering of one text apart", () => {
    const trusted = renderMarkdownCached(text, { trusted: true });
    const plain = renderMarkdownCached(text);
    expect(trusted).toBe(renderMarkdown(text, { trusted: true }));
    expect(plain).toBe(renderMarkdown(text));
    expect(trusted).toContain("<iframe");
    expect(plain).not.toContain("<iframe");
    expect(plain).not.toContain("style=");
    // Asked again, each answers its own kept HTML.
    expect(renderMarkdownCached(text)).toBe(plain);
    expect(renderMarkdownCached(text, { trusted: true })).toBe(trusted);
  });

  it("renders a changed text anew", () => {
    expect(renderMarkdownCached("first **one**")).toContain("<strong>one</strong>");
    expect(renderMarkdownCached("first **two**")).toContain("<strong>two</strong>");
  });
});
