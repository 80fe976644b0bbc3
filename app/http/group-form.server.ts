import type { TFunction } from "i18next";
import { groupInputSchema } from "~/services/group/groups.server";
import { validate } from "~/services/platform/validation.server";

// The group form's fields as the create and settings pages post them (an unchecked "visible" box
// sends nothing: hidden), checked with the schema HOJ's calls use.
export function groupFormInput(t: TFunction, form: FormData) {
  const raw = {
    name: String(form.get("name") ?? ""),
    shortName: String(form.get("shortName") ?? ""),
    brief: String(form.get("brief") ?? ""),
    description: String(form.get("description") ?? ""),
    auth: String(form.get("auth") ?? ""),
    code: String(form.get("code") ?? ""),
    visible: form.get("visible") === "true",
  };
  return { raw, result: validate(t, groupInputSchema, raw) };
}
