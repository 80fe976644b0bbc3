import { Form, useSubmit } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Avatar } from "~/components/stats/Avatar";
import { AVATAR_EXTENSIONS, AVATAR_SIZE } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import { useTranslation } from "~/lib/translation";

// The avatar form of /setting. Without JavaScript it sends the chosen file as it is. With
// JavaScript the picture is first cropped to its centre square and scaled to 200x200 on a canvas
// (spec: cropper 200x200 output), and the wrong type or a file over 2 MB is refused before sending;
// the server checks both again.

const ACCEPT = AVATAR_EXTENSIONS.map((e) => `.${e}`).join(",");

async function cropToSquare(file: File): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = AVATAR_SIZE;
    canvas.height = AVATAR_SIZE;
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    ctx.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, AVATAR_SIZE, AVATAR_SIZE);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  } catch {
    // A picture this browser cannot draw is sent as it is.
    return null;
  }
}

export function AvatarForm({ avatar, username, busy, action = "/setting/avatar" }: { avatar: string; username: string; busy: boolean; /** Where the picture goes (a group's settings send it to the group's). */ action?: string }) {
  const { t } = useTranslation("auth");
  const submit = useSubmit();
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem("image") as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return setError(t("setting.avatar.choose"));
    const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) return setError(t("setting.avatar.fileType"));
    if (file.size > LIMITS.avatarMaxBytes) return setError(t("setting.avatar.tooLarge"));
    setError(null);
    const cropped = await cropToSquare(file);
    const data = new FormData();
    data.set("image", cropped ? new File([cropped], "avatar.png", { type: "image/png" }) : file);
    submit(data, { method: "post", action, encType: "multipart/form-data" });
  }

  return (
    <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-4 sm:flex-row sm:items-end" data-form="avatar" onSubmit={onSubmit} noValidate>
      <div className="flex flex-col items-start gap-1 sm:items-center">
        <Avatar src={avatar} name={username} size={96} />
        <span className="text-xs text-gray-600">{t("setting.avatar.current")}</span>
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor="avatar-image" className="mb-1 block text-sm text-gray-600">
          {t("setting.avatar.label")}
        </label>
        <input
          id="avatar-image"
          name="image"
          type="file"
          accept={ACCEPT}
          aria-describedby="avatar-hint"
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm text-gray-700 file:mr-3 file:rounded file:border-0 file:bg-gray-100 file:px-3 file:py-2"
        />
        <p id="avatar-hint" className="mt-1 text-xs text-gray-600">
          {t("setting.avatar.hint")}
        </p>
        {error ? (
          <p role="alert" className="mt-1 text-xs text-red-700" data-avatar-error>
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="self-start rounded bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60 sm:self-auto" disabled={busy}>
        {t("setting.avatar.upload")}
      </button>
    </Form>
  );
}
