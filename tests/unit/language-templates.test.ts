import { describe, expect, it } from "vitest";
import { LANGUAGES, languageInfo } from "~/lib/languages";

// A language's default template is a skeleton to write into: the usual includes and an empty main,
// never a solution of some problem (learners met an A+B program on every problem).

describe("default code templates", () => {
  it("give C and C++ the includes and an empty main that returns 0", () => {
    expect(languageInfo("C")!.template).toBe("#include <stdio.h>\n\nint main() {\n\n    return 0;\n}\n");
    for (const l of LANGUAGES.filter((x) => x.mode === "cpp")) {
      expect(l.template).toBe("#include <iostream>\nusing namespace std;\n\nint main() {\n\n    return 0;\n}\n");
    }
  });

  it("read and write nothing in any language", () => {
    for (const l of LANGUAGES) {
      expect(l.template, l.name).not.toMatch(/scanf|printf|cin\s*>>|cout|println|print\(|print |puts|echo|console\.log|Scan\(|nextInt|ReadLine|WriteLine|a \+ b|a, b/);
      expect(l.template.trim(), l.name).not.toBe("");
    }
  });
});
