import { SOLVED_TIER_MAX } from "~/lib/calendar";
import { useTranslation } from "~/lib/translation";

// The solved tier (floor(solved / 50), 0..16) as a small shield drawn inline: its colour climbs a
// ladder of metals and its stars count the tier within the colour. No outside image.

const TIER_COLORS = ["#6b7280", "#92400e", "#b45309", "#475569", "#a16207", "#0e7490", "#1d4ed8", "#7c3aed", "#be123c"];

export function TierBadge({ tier }: { tier: number }) {
  const { t } = useTranslation("home");
  const level = Math.max(0, Math.min(SOLVED_TIER_MAX, tier));
  const color = TIER_COLORS[Math.min(TIER_COLORS.length - 1, Math.floor(level / 2))];
  const stars = (level % 2) + 1;
  const label = t("user.tier", { tier: level });
  return (
    <svg width="44" height="50" viewBox="0 0 44 50" role="img" aria-label={label} data-tier={level}>
      <title>{label}</title>
      <path d="M22 2 L40 9 V25 C40 36 32 44 22 48 C12 44 4 36 4 25 V9 Z" fill={color} stroke="#111827" strokeWidth="1.5" />
      <text x="22" y="28" textAnchor="middle" fontSize="15" fontWeight="700" fill="#ffffff">
        {level}
      </text>
      {Array.from({ length: stars }, (_, i) => (
        <circle key={i} cx={22 + (i - (stars - 1) / 2) * 8} cy={38} r={2.5} fill="#fde68a" />
      ))}
    </svg>
  );
}
