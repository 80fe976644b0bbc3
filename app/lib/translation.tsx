import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";

// Translations in React, on the server and in the browser. The server translates with i18next
// (remix-i18next picks the language and loads the files); what the page's components need is a
// lookup in the namespaces the page was rendered with, which travel inside the document
// (i18n-resources.tsx). So the browser gets this module instead of i18next and react-i18next: the
// same `useTranslation()` and `t(key, values)` as react-i18next for what the site uses (keys
// "ns:a.b" or "a.b" looked up in the hook's namespaces in order, {{name}} interpolation without
// escaping, a missing key shown as its path), and namespaces fetched when a later page needs them.

type Bundle = Record<string, unknown>;
type Listener = () => void;
/** Fetches one namespace of one language (the browser: /locales/<lng>/<ns>.json). */
export type BundleLoader = (lng: string, ns: string) => Promise<Bundle>;

export const DEFAULT_NAMESPACE = "common";
const RETRY_AFTER_MS = 2000;

export interface TranslationStore {
  readonly language: string;
  /** Increases with every change (a namespace arrived, the language changed). */
  readonly version: number;
  /** The namespaces loaded in the current language. */
  namespaces(): string[];
  getBundle(ns: string): Bundle | undefined;
  hasNamespace(ns: string): boolean;
  loadNamespaces(ns: string | readonly string[]): Promise<void>;
  /** Loads the namespaces in use in the other language, then switches to it. */
  changeLanguage(lng: string): Promise<void>;
  subscribe(listener: Listener): () => void;
}

export function createTranslationStore(options: { lng: string; resources: Record<string, Bundle>; load?: BundleLoader }): TranslationStore {
  const bundles = new Map<string, Bundle>();
  const pending = new Map<string, Promise<void>>();
  const failedAt = new Map<string, number>();
  const listeners = new Set<Listener>();
  let language = options.lng;
  let version = 0;
  const id = (lng: string, ns: string) => `${lng}\u0000${ns}`;
  for (const [ns, bundle] of Object.entries(options.resources)) bundles.set(id(language, ns), bundle);

  const changed = () => {
    version++;
    for (const l of [...listeners]) l();
  };

  const loadOne = (lng: string, ns: string): Promise<void> => {
    const key = id(lng, ns);
    if (bundles.has(key)) return Promise.resolve();
    const running = pending.get(key);
    if (running) return running;
    const load = options.load;
    // A namespace that could not be fetched is asked for again a little later, not in a loop.
    if (!load || Date.now() - (failedAt.get(key) ?? 0) < RETRY_AFTER_MS) return Promise.resolve();
    const p = load(lng, ns).then(
      (bundle) => {
        pending.delete(key);
        bundles.set(key, bundle);
        if (lng === language) changed();
      },
      () => {
        pending.delete(key);
        failedAt.set(key, Date.now());
      },
    );
    pending.set(key, p);
    return p;
  };

  const loadedNamespaces = (lng: string) =>
    [...bundles.keys()].filter((k) => k.startsWith(`${lng}\u0000`)).map((k) => k.slice(lng.length + 1));

  return {
    get language() {
      return language;
    },
    get version() {
      return version;
    },
    namespaces: () => loadedNamespaces(language),
    getBundle: (ns) => bundles.get(id(language, ns)),
    hasNamespace: (ns) => bundles.has(id(language, ns)),
    async loadNamespaces(ns) {
      await Promise.all((typeof ns === "string" ? [ns] : ns).map((n) => loadOne(language, n)));
    },
    async changeLanguage(lng) {
      if (lng === language) return;
      const wanted = loadedNamespaces(language);
      await Promise.all(wanted.map((n) => loadOne(lng, n)));
      language = lng;
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function lookup(bundle: Bundle | undefined, path: string): unknown {
  let node: unknown = bundle;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** {{name}} replaced by the value; a placeholder without a value stays as it is (as in i18next). */
export function interpolate(text: string, values?: Record<string, unknown>): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

export type TFunction = (key: string, values?: Record<string, unknown>) => string;

const pluralRules = new Map<string, Intl.PluralRules>();
/** The plural form of a count in a language ("one", "other"…), as i18next names its keys' suffixes. */
function pluralForm(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules("en");
    }
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

/**
 * A key "ns:a.b" looks in that namespace, "a.b" in the given ones in order; missing, its path.
 * With a numeric `count`, the key's plural form for the language comes first (i18next's
 * "a.b_one", "a.b_other"), then the key itself.
 */
export function translator(store: Pick<TranslationStore, "getBundle"> & { language?: string }, namespaces: readonly string[]): TFunction {
  return (key, values) => {
    const colon = key.indexOf(":");
    const path = colon > 0 ? key.slice(colon + 1) : key;
    const count = values?.count;
    const plural = typeof count === "number" && store.language ? `${path}_${pluralForm(store.language, count)}` : null;
    for (const ns of colon > 0 ? [key.slice(0, colon)] : namespaces) {
      const bundle = store.getBundle(ns);
      const text = (plural ? lookup(bundle, plural) : undefined) ?? lookup(bundle, path);
      if (typeof text === "string") return interpolate(text, values);
    }
    return path;
  };
}

const TranslationContext = createContext<TranslationStore | null>(null);

export function TranslationProvider({ store, children }: { store: TranslationStore; children: ReactNode }) {
  return <TranslationContext.Provider value={store}>{children}</TranslationContext.Provider>;
}

function useStore(): TranslationStore {
  const store = useContext(TranslationContext);
  if (!store) throw new Error("useTranslation outside TranslationProvider");
  return store;
}

/**
 * `t` for the given namespaces (default "common"); namespaces not loaded yet are fetched and the
 * component renders again when they arrive.
 */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: TranslationStore; ready: boolean } {
  const store = useStore();
  const version = useSyncExternalStore(
    store.subscribe,
    () => store.version,
    () => store.version,
  );
  const list = ns === undefined ? DEFAULT_NAMESPACE : typeof ns === "string" ? ns : ns.join("\u0000");
  const namespaces = useMemo(() => list.split("\u0000"), [list]);
  const ready = namespaces.every((n) => store.hasNamespace(n));
  useEffect(() => {
    if (!ready) void store.loadNamespaces(namespaces);
  }, [store, namespaces, ready, version]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new `t` for each change of the store
  const t = useMemo(() => translator(store, namespaces), [store, namespaces, version]);
  return { t, i18n: store, ready };
}

/** Follows the language the server chose for the page (after a switch of language, say). */
export function useLanguage(lng: string): void {
  const store = useStore();
  useEffect(() => {
    void store.changeLanguage(lng);
  }, [store, lng]);
}
