// Shared looks of the contest pages: white text on blue-700 reads at 6.7:1 (WCAG AA).
export const contestPrimaryButton = "inline-flex items-center rounded bg-blue-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-blue-800";
