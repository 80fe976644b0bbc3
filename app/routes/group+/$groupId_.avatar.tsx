import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { flash } from "~/http/flash.server";
import { receiveGroupAvatar } from "~/http/avatar-upload.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { requireUser } from "~/http/guards.server";
import { pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { AccountError } from "~/services/account/errors.server";

// POST /group/{gid}/avatar (multipart `image`): the settings tab's avatar form (the group's root);
// back to the settings with "Upload Avatar Successfully" or the refusal as a message. A GET goes there.

export function loader({ params }: LoaderFunctionArgs) {
  return siteRedirect(`/group/${pathId(params.groupId)}/setting`);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const gid = pathId(params.groupId);
  const user = await requireUser(request);
  const back = `/group/${gid}/setting#avatar`;
  try {
    await receiveGroupAvatar(request, user, gid);
    return siteRedirect(back, { headers: { "Set-Cookie": await flash(request, { type: "success", key: "auth:setting.avatar.success" }) } });
  } catch (err) {
    if (err instanceof AccountError) return siteRedirect(back, { headers: { "Set-Cookie": await flash(request, { type: "error", key: err.key }) } });
    throw groupPageRefusal(request, err);
  }
}
