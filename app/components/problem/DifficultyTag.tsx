import { useTranslation } from "~/lib/translation";
import { DIFFICULTY_COLORS } from "~/lib/constants";

export function DifficultyTag({ difficulty }: { difficulty: number }) {
  const { t } = useTranslation("problem");
  const color = DIFFICULTY_COLORS[difficulty] ?? "#4b5563";
  return (
    <span className="inline-block rounded px-2 py-0.5 text-xs font-medium text-white" style={{ backgroundColor: color }} data-difficulty={difficulty}>
      {t(`difficulty.${difficulty}`)}
    </span>
  );
}
