import { DEFAULT_LANGUAGE, LANGUAGES_SUPPORTED } from "./lib/constants";

// Shared by the server and the browser i18next instances.
export default {
  supportedLngs: [...LANGUAGES_SUPPORTED],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  // Loaded on every page. Others come with the page's routes (handle.i18n), the login modal ("auth",
  // see entry.server.tsx and AuthLauncher.tsx) and the messages shown (a flash "auth:…").
  // Frozen: i18next adds the namespaces it loads to the array it is given, so each instance must
  // be given a copy.
  ns: Object.freeze(["common"]) as readonly string[],
  interpolation: { escapeValue: false },
  // zh-CN must stay zh-CN (not collapse to zh) so the file path matches locales/zh-CN.
  load: "currentOnly" as const,
  react: { useSuspense: false },
};
