import { chipStyle } from "~/lib/contrast";
import { useTranslation } from "~/lib/translation";

// The auth tag (Public / Private) and the coloured category tag of a training.

export function AuthTag({ auth }: { auth: string }) {
  const { t } = useTranslation("training");
  const cls = auth === "Private" ? "border-red-700 text-red-800" : "border-green-700 text-green-800";
  return (
    <span className={`inline-block rounded border px-1.5 text-xs ${cls}`} data-testid="training-auth">
      {t(`auth.${auth === "Private" ? "private" : "public"}`)}
    </span>
  );
}

export function CategoryTag({ name, color }: { name: string | null; color: string | null }) {
  if (!name) return null;
  return (
    <span className="inline-block rounded px-1.5 text-xs" style={chipStyle(color || "#2d8cf0")} data-testid="training-category">
      {name}
    </span>
  );
}

/** Solved/total with a bar; two decimals (spec section 9). */
export function Progress({ solved, total, label }: { solved: number; total: number; label: string }) {
  const pct = total > 0 ? (solved / total) * 100 : 0;
  return (
    <div className="flex items-center gap-2" data-testid="training-progress" data-solved={solved} data-total={total}>
      <div className="h-2 w-40 rounded bg-gray-200" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={total} aria-valuenow={solved}>
        <div className="h-2 rounded bg-green-700" style={{ width: `${pct}%` }} />
      </div>
      <span className="text-sm text-gray-800">
        {solved} / {total} ({pct.toFixed(2)}%)
      </span>
    </div>
  );
}
