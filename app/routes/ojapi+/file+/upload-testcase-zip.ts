import type { ActionFunctionArgs } from "@remix-run/node";
import { UPLOAD_LIMITS } from "~/lib/problem-admin";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { parseMultipart, removeUploaded } from "~/http/problem-form.server";
import { SUBTASK_MODES } from "~/services/problem/schema.server";
import { receiveTestcaseZip } from "~/services/problem/testcase-upload.server";

// POST multipart `file` (?mode=<judgeCaseMode>): unpacks a test data zip into the temporary area;
// answers {fileList: [{input, output, score, groupNum?}], fileListDir} and the files it left out.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  const { files, tooLarge } = await parseMultipart(request, ["file"], UPLOAD_LIMITS.archiveMaxBytes);
  try {
    if (tooLarge.length) throw new ProblemAdminError("exceedMaxSize", "file", undefined, "tooLarge");
    const file = files.get("file");
    if (!file) throw new ProblemAdminError("chooseZip", "file");
    const summary = await receiveTestcaseZip(file.path, file.name);
    const subtask = SUBTASK_MODES.has(queryParams(request).mode ?? "");
    return {
      fileList: summary.cases.map((c) => ({ input: c.input, output: c.output, score: c.score, ...(subtask ? { groupNum: 1 } : {}) })),
      fileListDir: summary.token,
      unpaired: summary.unpaired,
      ignored: summary.ignored,
      renamed: summary.renamed,
    };
  } finally {
    await removeUploaded(files);
  }
}, ["admin-problem"]);
