import { DEFAULT_LANGUAGE, LANGUAGES_SUPPORTED } from "./lib/constants";

// Shared by the server and the browser i18next instances.
export default {
  supportedLngs: [...LANGUAGES_SUPPORTED],
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: "common",
  // Loaded on every page: "auth" because the login modal can open anywhere (?login=1), also
  // rendered by the server.
  ns: ["common", "auth"],
  interpolation: { escapeValue: false },
  // zh-CN must stay zh-CN (not collapse to zh) so the file path matches locales/zh-CN.
  load: "currentOnly" as const,
  react: { useSuspense: false },
};
