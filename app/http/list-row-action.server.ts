import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import type { RowAnswer } from "~/components/ui/ListControls";
import { DomainError } from "~/services/errors.server";
import { flash } from "./flash.server";
import { inputId } from "./ids.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The POSTs of a managed contest or training list (the site's admin pages and a group's tabs): show
// or hide a row, and delete one, asked again by the server when the form was sent without the
// browser's confirmation. The services decide who may; a refusal is the form's translated error.

export interface ListRowOps {
  /** The form field with the row's id (`cid`, `tid`). */
  idName: string;
  /** The show/hide switch: its intent, the field with the new value, and the service call. */
  toggle: { intent: string; field: string; apply: (id: number, on: boolean) => Promise<unknown> };
  /** The row's title, for the delete question (refused like the delete itself). */
  title: (id: number) => Promise<string>;
  remove: (id: number) => Promise<unknown>;
  /** Where the list is, and the flash keys of a change and of a delete. */
  back: string;
  flash: { saved: string; deleted: string };
}

export async function listRowAction(request: Request, t: TFunction, ops: ListRowOps): Promise<Response> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = inputId(form.get(ops.idName));
  const done = async (key: string) => siteRedirect(ops.back, { headers: { "Set-Cookie": await flash(request, { type: "success", key }) } });
  try {
    if (intent === ops.toggle.intent) {
      await ops.toggle.apply(id, form.get(ops.toggle.field) === "true");
      return await done(ops.flash.saved);
    }
    if (intent === "delete") {
      if (form.get("confirmed") !== "1") return json<RowAnswer>({ confirmDelete: { id, title: await ops.title(id) } });
      await ops.remove(id);
      return await done(ops.flash.deleted);
    }
    return json<RowAnswer>({ error: t("common:errors.badRequest") }, { status: 400 });
  } catch (err) {
    if (err instanceof DomainError) return json<RowAnswer>({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}
