/** Text to match literally inside a regular expression (search boxes matched with $regex). */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
