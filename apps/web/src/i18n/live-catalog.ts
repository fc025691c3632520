/**
 * The screens read their texts as before (`CUSTOMER_TEXTS.chat.heading`, `T.greeting(name)`),
 * but each read goes to the current language's resource bundle (held by i18next, see i18n.ts), key by key, with the
 * Finnish text as the fallback (staff screens are Finnish only, and a missing key never shows a
 * key name). The catalogs keep their typed shape, formatter functions included, so every
 * translation is checked by the compiler against the Finnish one.
 *
 * A view is a Proxy over the Finnish object: `const T = CUSTOMER_TEXTS.chat` at a module's top
 * stays valid across language changes, because it is a view of the path, not of the object.
 */
import { currentLanguage, languageBundle } from './i18n';

const views = new Map<string, object>();

/** The object at `path` in the current language's bundle of `namespace`, if it has one. */
function translatedNode(namespace: string, path: readonly string[]): Record<string, unknown> | undefined {
  const language = currentLanguage();
  if (language === 'fi') return undefined;
  let node: unknown = languageBundle(language)?.[namespace];
  for (const key of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node && typeof node === 'object' ? (node as Record<string, unknown>) : undefined;
}

function view(namespace: string, path: readonly string[], finnish: object): object {
  const id = `${namespace}:${path.join('.')}`;
  const existing = views.get(id);
  if (existing) return existing;
  const created = new Proxy(finnish, {
    get(target, prop, receiver) {
      if (typeof prop === 'symbol') return Reflect.get(target, prop, receiver) as unknown;
      const own = Reflect.get(target, prop) as unknown;
      const translated = translatedNode(namespace, path)?.[prop];
      const value = translated ?? own;
      if (value !== null && typeof value === 'object') return own !== null && typeof own === 'object' ? view(namespace, [...path, prop], own) : value;
      return value;
    },
  });
  views.set(id, created);
  return created;
}

/** The live, typed view of one namespace whose Finnish source is `finnish`. */
export function liveCatalog<T extends object>(namespace: string, finnish: T): T {
  return view(namespace, [], finnish) as T;
}
