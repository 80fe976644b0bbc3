import type { ActionFunctionArgs } from "@remix-run/node";
import { flash } from "~/http/flash.server";
import { receiveAvatar } from "~/http/avatar-upload.server";
import { requireUser } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { AccountError } from "~/services/account/errors.server";

// POST /setting/avatar (multipart `image`): the settings page's avatar form; back to /setting with
// "Upload Avatar Successfully" or the refusal as a message. A GET goes to /setting.

export async function loader() {
  return siteRedirect("/setting");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    await receiveAvatar(request, user._id);
    return siteRedirect("/setting#avatar", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "auth:setting.avatar.success" }) } });
  } catch (err) {
    if (!(err instanceof AccountError)) throw err;
    return siteRedirect("/setting#avatar", { headers: { "Set-Cookie": await flash(request, { type: "error", key: err.key }) } });
  }
}
