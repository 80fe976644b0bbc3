import { withBase } from "~/lib/base-path";

// A user's avatar: the uploaded picture, or the first letter of the name on a coloured disc.

const DISC_COLORS = ["#1d4ed8", "#047857", "#b45309", "#7c3aed", "#be123c", "#0e7490"];

function discColor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return DISC_COLORS[h % DISC_COLORS.length];
}

export function Avatar({ src, name, size = 32 }: { src: string | null | undefined; name: string; size?: number }) {
  if (src) {
    const url = src.startsWith("/") ? withBase(src) : src;
    return <img src={url} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  const letter = [...(name || "?")][0]?.toUpperCase() ?? "?";
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
      style={{ width: size, height: size, backgroundColor: discColor(name), fontSize: Math.round(size * 0.45) }}
    >
      {letter}
    </span>
  );
}
