import { useEffect, useRef, useState } from "react";
import { apiFetch } from "~/lib/api-fetch";
import { useTranslation } from "~/lib/translation";

// A Markdown textarea with the helpers of spec section 2 "Comments": inline code, a code block, a
// link, lists and an emoji picker. The helpers only insert text, so they appear once the page is
// interactive; the textarea alone works without JavaScript.

const EMOJI = ["😀", "😂", "🙂", "😉", "😍", "🤔", "😅", "😭", "😡", "👍", "👎", "👏", "🙏", "💪", "🎉", "🔥", "❤️", "✅", "❌", "❓", "💡", "🚀", "🐛", "☕"];

type Insert = { before: string; after?: string; placeholder?: string; line?: boolean };

export function MarkdownField({
  id,
  name,
  label,
  defaultValue,
  rows = 4,
  maxLength,
  error,
  required,
  uploadImage,
  uploadGid,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  rows?: number;
  maxLength?: number;
  error?: string | null;
  required?: boolean;
  /** Offer the picture upload (the admin roles: the server checks again). */
  uploadImage?: boolean;
  /** The group the picture is uploaded for (its admins may upload there). */
  uploadGid?: number | null;
}) {
  const { t } = useTranslation("community");
  const ref = useRef<HTMLTextAreaElement>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [ready, setReady] = useState(false);
  const [uploadNote, setUploadNote] = useState("");
  const fileRef = useRef<HTMLInputElement>(null);
  useEffect(() => setReady(true), []);

  const insert = ({ before, after = "", placeholder = "", line }: Insert) => {
    const el = ref.current;
    if (!el) return;
    const start = el.selectionStart;
    const end = el.selectionEnd;
    const chosen = el.value.slice(start, end) || placeholder;
    const lead = line && start > 0 && el.value[start - 1] !== "\n" ? "\n" : "";
    const text = `${lead}${before}${chosen}${after}`;
    el.setRangeText(text, start, end, "end");
    const caret = start + lead.length + before.length;
    el.setSelectionRange(caret, caret + chosen.length);
    el.focus();
  };

  const upload = async (file: File) => {
    setUploadNote(t("editor.uploading"));
    try {
      const body = new FormData();
      body.set("image", file, file.name);
      if (uploadGid) body.set("gid", String(uploadGid));
      const res = await apiFetch("/ojapi/file/upload-md-img", { method: "POST", body });
      const answer = (await res.json()) as { status: number; msg: string; data: { link: string } | null };
      if (answer.status !== 200 || !answer.data) {
        setUploadNote(answer.msg);
        return;
      }
      insert({ before: `![${file.name.replace(/[[\]]/g, "")}](${answer.data.link})` });
      setUploadNote(t("editor.uploaded"));
    } catch {
      setUploadNote(t("editor.uploadFailed"));
    }
  };

  const tools: Array<[string, Insert]> = [
    ["inlineCode", { before: "`", after: "`", placeholder: "code" }],
    ["codeBlock", { before: "```cpp\n", after: "\n```\n", placeholder: "", line: true }],
    ["link", { before: "[", after: "](https://)", placeholder: t("editor.linkText") }],
    ["unorderedList", { before: "- ", placeholder: t("editor.item"), line: true }],
    ["orderedList", { before: "1. ", placeholder: t("editor.item"), line: true }],
  ];
  const btn = "rounded border bg-white px-2 py-0.5 text-xs text-gray-800 hover:border-blue-700 focus:outline-none focus:ring-2 focus:ring-blue-700";
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      {ready ? (
        <div className="relative flex flex-wrap gap-1" role="toolbar" aria-label={t("editor.toolbar")}>
          {tools.map(([key, ins]) => (
            <button key={key} type="button" className={btn} onClick={() => insert(ins)}>
              {t(`editor.${key}`)}
            </button>
          ))}
          <button type="button" className={btn} aria-expanded={emojiOpen} aria-controls={`${id}-emoji`} onClick={() => setEmojiOpen((o) => !o)}>
            {t("editor.emoji")}
          </button>
          {uploadImage ? (
            <>
              <button type="button" className={btn} onClick={() => fileRef.current?.click()}>
                {t("editor.image")}
              </button>
              <input
                ref={fileRef}
                type="file"
                accept=".png,.jpg,.jpeg,.gif,.webp,.bmp"
                className="hidden"
                aria-label={t("editor.image")}
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  e.currentTarget.value = "";
                  if (file) void upload(file);
                }}
              />
            </>
          ) : null}
          {emojiOpen ? (
            <div id={`${id}-emoji`} className="absolute left-0 top-7 z-10 grid w-64 grid-cols-8 gap-1 rounded border bg-white p-2 shadow" role="group" aria-label={t("editor.emoji")}>
              {EMOJI.map((e) => (
                <button
                  key={e}
                  type="button"
                  className="rounded p-1 text-lg hover:bg-gray-100 focus:outline-none focus:ring-2 focus:ring-blue-700"
                  onClick={() => {
                    insert({ before: e });
                    setEmojiOpen(false);
                  }}
                >
                  {e}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      <textarea
        ref={ref}
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="w-full rounded border border-gray-400 p-2 text-sm"
      />
      <p className="text-xs text-gray-700" role="status" aria-live="polite">
        {uploadNote}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
