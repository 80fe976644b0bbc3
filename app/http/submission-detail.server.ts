import type { SerializeFrom } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { highlightToHtml } from "~/services/platform/highlight.server";
import { caseResultJson, submissionJson, type SubmissionView } from "~/services/submission/views.server";

// What a submission detail page sends the browser (the bank's page and the contest's alike): the
// submission as HOJ's Judge with what the viewer may read of it, the highlighted code, the cases,
// and the viewer's rights. The rules are the services'; this only shapes the page's data.

export function submissionDetailData(view: SubmissionView, user: CurrentUser, problemTitle?: string) {
  const submission = submissionJson(view, user);
  return {
    submission,
    problemTitle: problemTitle ?? view.problem?.title ?? submission.title,
    codeHtml: submission.code !== null ? highlightToHtml(submission.code, submission.language) : null,
    cases: caseResultJson(view),
    rights: view.rights,
  };
}

export type SubmissionDetailData = SerializeFrom<ReturnType<typeof submissionDetailData>>;
