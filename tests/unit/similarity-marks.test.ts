import { describe, expect, it } from "vitest";
import { markLines, percent } from "~/lib/similarity";
import { tableCsv } from "~/services/platform/spreadsheet.server";

// The side-by-side view's marks (pure): a fragment's region cut out of each line it covers, its
// indentation left plain, its last token whole, the earlier fragment keeping overlapped text; and
// the CSV writer's quoting and formula guard.

describe("markLines", () => {
  const code = "int main() {\n    int total = 0;\n    return total;\n}\n";

  it("marks a region from its start to the end of its last token, without the indentation", () => {
    const lines = markLines(code, [{ s: 1, c: 8, e: 2, ec: 11 }]);
    expect(lines).toHaveLength(4);
    expect(lines[1].segments).toEqual([
      { text: "    int ", fragment: null },
      { text: "total = 0;", fragment: 1 },
    ]);
    // The region ends where "total" starts: the whole token is marked.
    expect(lines[2].segments).toEqual([
      { text: "    ", fragment: null },
      { text: "return total", fragment: 1 },
      { text: ";", fragment: null },
    ]);
    expect(lines.map((l) => l.fragments)).toEqual([[], [1], [1], []]);
  });

  it("numbers fragments in order and lets the earlier keep what two share", () => {
    const lines = markLines(code, [
      { s: 0, c: 0, e: 0, ec: 4 },
      { s: 0, c: 2, e: 1, ec: 4 },
    ]);
    expect(lines[0].segments.map((s) => [s.text, s.fragment])).toEqual([
      ["int main", 1],
      ["() {", 2],
    ]);
    expect(lines[0].fragments).toEqual([1, 2]);
    expect(lines[1].fragments).toEqual([2]);
  });

  it("keeps a program's lines, empty ones too", () => {
    const lines = markLines("a\n\nb", []);
    expect(lines.map((l) => [l.number, l.segments.map((s) => s.text).join("")])).toEqual([
      [1, "a"],
      [2, ""],
      [3, "b"],
    ]);
    expect(percent(0.8749)).toBe("87%");
  });
});

describe("tableCsv", () => {
  it("quotes, keeps numbers and guards text a spreadsheet would run", () => {
    const csv = tableCsv({ sheet: "s", columns: ["Name", "Score"], rows: [["=1+1", 3], ['say "hi", then', -2], ["-x", null]] });
    expect(csv).toBe('\uFEFFName,Score\r\n\'=1+1,3\r\n"say ""hi"", then",-2\r\n\'-x,\r\n');
  });
});
