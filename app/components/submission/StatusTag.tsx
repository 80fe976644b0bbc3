import { useTranslation } from "~/lib/translation";
import { JUDGE_STATUS_INFO } from "~/lib/constants";

// A verdict as a coloured label; the text comes from judge.json (status.<code>).

const COLOR_CLASSES: Record<string, string> = {
  green: "bg-green-100 text-green-800 border-green-300",
  red: "bg-red-100 text-red-800 border-red-300",
  yellow: "bg-yellow-100 text-yellow-800 border-yellow-300",
  blue: "bg-blue-100 text-blue-800 border-blue-300",
  purple: "bg-purple-100 text-purple-800 border-purple-300",
  gray: "bg-gray-100 text-gray-700 border-gray-300",
};

export function statusColorClass(status: number): string {
  return COLOR_CLASSES[JUDGE_STATUS_INFO[status]?.color ?? "gray"] ?? COLOR_CLASSES.gray;
}

export function StatusTag({ status, className = "" }: { status: number; className?: string }) {
  const { t } = useTranslation("judge");
  return (
    <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-medium ${statusColorClass(status)} ${className}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
