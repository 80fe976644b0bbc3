import propertyValueAliases from "unicode-property-value-aliases-ecmascript";

// What a username is, so that two names that look alike are one name (Unicode UTS #39).
//
// - Every username from user input is normalised (NFKC, then trimmed): full-width "ｒｏｏｔ" is
//   "root". Registration, login, password reset, the "is it taken?" check and the status list's
//   author filter all go through it.
// - Accounts are told apart by the case-folded normal form (usernameKey), stored as
//   `usernameLower` and unique there: "Root" and "root" are one account.
// - A new name may not hold invisible, format (bidirectional marks, zero-width characters),
//   control, private-use or unassigned characters, and must pass UTS #39's "highly restrictive"
//   level: one script, or Latin with Han and Hiragana/Katakana (Japanese), with Han and Bopomofo
//   (Chinese) or with Han and Hangul (Korean). Digits and punctuation belong to every script, so
//   "张三abc" and "user_01" are fine, while a Cyrillic "о" in "rооt" is refused.

/** The form a username is stored and looked up in. */
export function normalizeUsername(name: string): string {
  return name.normalize("NFKC").trim();
}

/** The key that tells accounts apart: the normal form, case-folded (upper then lower: "ß" is "ss"). */
export function usernameKey(name: string): string {
  return normalizeUsername(name).toUpperCase().toLowerCase().normalize("NFKC");
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Characters whose Script_Extensions is Common or Inherited: they go with any script. */
const ANY_SCRIPT = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;

/** Every script this runtime's regular expressions know, each with its test. */
const SCRIPTS: Array<[string, RegExp]> = [...new Set(propertyValueAliases.get("Script")?.values() ?? [])]
  .filter((s) => s !== "Common" && s !== "Inherited" && s !== "Unknown")
  .flatMap((s): Array<[string, RegExp]> => {
    try {
      return [[s, new RegExp(`^\\p{scx=${s}}$`, "u")]];
    } catch {
      // A script newer than this runtime's Unicode data: none of its characters is assigned here.
      return [];
    }
  });

/** UTS #39's augmented script sets: Han writes Chinese, Japanese and Korean alike. */
const AUGMENT: Record<string, string[]> = {
  Han: ["Han_with_Bopomofo", "Japanese", "Korean"],
  Hiragana: ["Japanese"],
  Katakana: ["Japanese"],
  Hangul: ["Korean"],
  Bopomofo: ["Han_with_Bopomofo"],
};

/** The scripts Latin may be mixed with at the "highly restrictive" level. */
const LATIN_WITH = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

const scriptCache = new Map<string, ReadonlySet<string> | null>();

/** A character's augmented script set; null for a character of every script. */
function scriptsOf(ch: string): ReadonlySet<string> | null {
  let set = scriptCache.get(ch);
  if (set === undefined) {
    if (ANY_SCRIPT.test(ch)) set = null;
    else {
      const own = SCRIPTS.filter(([, re]) => re.test(ch)).map(([name]) => name);
      set = new Set(own.flatMap((s) => [s, ...(AUGMENT[s] ?? [])]));
    }
    scriptCache.set(ch, set);
  }
  return set;
}

/** Whether a name is "highly restrictive" in the sense of UTS #39, section 5.2. */
export function isSingleScriptOrCjkLatin(name: string): boolean {
  const sets = [...name].map(scriptsOf).filter((s): s is ReadonlySet<string> => s !== null);
  if (sets.length === 0) return true;
  const resolved = [...sets[0]].filter((s) => sets.every((set) => set.has(s)));
  if (resolved.length > 0) return true;
  return LATIN_WITH.some((allowed) => sets.every((set) => allowed.some((s) => set.has(s))));
}

/**
 * Why a new (normalised) username is refused, as a translation key of the auth namespace; null
 * when it may be registered.
 */
export function usernameRefusal(name: string): string | null {
  if (INVISIBLE.test(name)) return "auth:validation.usernameInvisible";
  if (!isSingleScriptOrCjkLatin(name)) return "auth:validation.usernameMixedScripts";
  return null;
}
