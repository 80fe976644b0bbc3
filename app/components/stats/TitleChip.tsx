import { chipStyle } from "~/lib/contrast";

// A user's title (HOJ's titleName in titleColor), readable whatever colour an admin chose.

export function TitleChip({ name, color }: { name: string | null | undefined; color: string | null | undefined }) {
  if (!name) return null;
  return (
    <span className="inline-block rounded px-1.5 py-0.5 text-xs font-medium" style={chipStyle(color || "#4b5563")} data-title-chip>
      {name}
    </span>
  );
}
