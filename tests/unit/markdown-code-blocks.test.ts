import { describe, expect, it } from "vitest";
import { renderMarkdown } from "~/services/platform/markdown.server";

// A fenced block (in a discussion, a comment, a statement) is a <pre><code> with its lines as written,
// highlighted by Prism on the server, and reachable by the keyboard since long lines scroll sideways.

const FENCED = "My code:\n\n```cpp\n#include <cstdio>\nint main() {\n  return 0;\n}\n```\n";

describe("fenced code blocks", () => {
  for (const trusted of [false, true]) {
    it(`keep their lines, are highlighted and focusable (${trusted ? "trusted" : "anyone's"} Markdown)`, () => {
      const html = renderMarkdown(FENCED, { trusted });
      const pre = /<pre class="language-cpp" tabindex="0"><code class="language-cpp">([\s\S]*?)<\/code><\/pre>/.exec(html);
      expect(pre, html).not.toBeNull();
      const body = pre![1];
      expect(body.split("\n")).toHaveLength(4);
      expect(body).toContain('<span class="token keyword">int</span>');
      expect(body.replace(/<[^>]+>/g, "")).toBe("#include &lt;cstdio&gt;\nint main() {\n  return 0;\n}");
    });
  }

  it("gives a block without a language the same focusable block, and a written tabindex is replaced", () => {
    expect(renderMarkdown("```\na\nb\n```\n")).toBe('<pre tabindex="0"><code>a\nb</code></pre>\n');
    expect(renderMarkdown('<pre tabindex="-1">x</pre>')).toBe('<pre tabindex="0">x</pre>');
  });
});
