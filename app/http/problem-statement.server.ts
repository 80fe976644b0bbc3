import { displayedLimits } from "~/lib/languages";
import type { ProblemDoc } from "~/models/problem.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";

// What a problem page sends the browser of a problem's statement: its limits as each language
// sees them and its parts rendered from Markdown (shown by app/components/problem/ProblemStatement.tsx).

export function statementData(problem: ProblemDoc) {
  return {
    limits: displayedLimits(problem),
    stackLimit: problem.stackLimit,
    html: {
      description: renderMarkdownCached(problem.description),
      input: renderMarkdownCached(problem.input),
      output: renderMarkdownCached(problem.output),
      hint: renderMarkdownCached(problem.hint),
    },
    examples: (problem.examples ?? []).map((e) => ({ input: e.input ?? "", output: e.output ?? "" })),
  };
}
