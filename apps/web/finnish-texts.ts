/**
 * The Finnish catalog (libs/domain/src/locales/fi.json) cut into areas for the web build, so the
 * first load of / carries only the texts it shows (bench figure web_js_gzip_kb). `first` goes into
 * the first load (src/i18n/i18n.ts starts t() with it); every other area is a module of its own,
 * `import 'virtual:finnish-texts/<area>'`, which adds its texts to t() when it runs: a screen that
 * shows an area's texts imports it, so they are in place before the screen renders (no key ever
 * shows; test/browser/web-first-load.test.ts checks every chunk of the build). Swedish and English
 * stay one chunk each, loaded when that language is chosen.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * A key belongs to the first area one of whose prefixes it is, or lies under. `server` holds
 * what only the API writes (text messages, the identification page): no screen imports it.
 */
export const TEXT_AREAS = [
  // The landing page, the public header and footer, the cookie banner, and what every screen may show at once.
  ['first', ['app.appName', 'app.common', 'app.landing', 'app.trust', 'app.legal.termsTitle', 'app.legal.privacyTitle', 'app.notFound', 'customer.cookies', 'provider']],
  // The landing page's questions and answers: they load after its first paint, with their expanders.
  ['faq', ['app.faq', 'customer.faq']],
  // The rest of the app's own texts: logins and the second factor, the legal texts, the
  // session and the live state, the staff's navigation (the pharmacy's labels in it too).
  ['app', ['app', 'pharmacy.workbench.heading', 'pharmacy.admin.heading']],
  // What several roles' screens show: the shared rules' messages, statuses, questionnaires, dosage forms, the medicine search.
  ['shared', ['errors', 'status', 'customer.prescriptions.renewableTill', 'questionnaire', 'dosageForms', 'decisionReasons', 'medicineSearch']],
  ['customer', ['customer']],
  ['doctor', ['doctor']],
  ['pharmacy', ['pharmacy']],
  ['server', ['sms', 'idp']],
] as const satisfies readonly (readonly [string, readonly string[]])[];

export type TextArea = (typeof TEXT_AREAS)[number][0];
export type Texts = { [key: string]: string | readonly string[] | Texts };

const VIRTUAL = 'virtual:finnish-texts/';

/** Every text's dotted key with its text (a list of paragraphs is one text). */
export function leaves(texts: Texts, prefix = ''): [string, string | readonly string[]][] {
  return Object.entries(texts).flatMap(([name, value]) => {
    const key = prefix ? `${prefix}.${name}` : name;
    return typeof value === 'string' || Array.isArray(value) ? [[key, value] as [string, string | readonly string[]]] : leaves(value as Texts, key);
  });
}

/** The area of `key`, or null when no area takes it. */
export function areaOf(key: string): TextArea | null {
  const found = TEXT_AREAS.find(([, prefixes]) => prefixes.some((p: string) => key === p || key.startsWith(`${p}.`)));
  return found ? found[0] : null;
}

/** The catalog cut into its areas, each a catalog of its own; a key that no area takes is an error. */
export function splitCatalog(catalog: Texts): Map<TextArea, Texts> {
  const areas = new Map<TextArea, Texts>(TEXT_AREAS.map(([area]) => [area, {}]));
  for (const [key, text] of leaves(catalog)) {
    const area = areaOf(key);
    if (!area) throw new Error(`finnish-texts: the key ${key} of fi.json is in no area of TEXT_AREAS`);
    const path = key.split('.');
    let node = areas.get(area)!;
    for (const name of path.slice(0, -1)) node = (node[name] ??= {}) as Texts;
    node[path.at(-1)!] = text;
  }
  return areas;
}

/** A chunk of the build, as far as its texts go. */
export interface BuiltChunk {
  file: string;
  code: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** Files of the chunks it imports at once, and of those it imports when it needs them. */
  imports: readonly string[];
  dynamicImports: readonly string[];
  /** The areas whose modules it holds. */
  areas: readonly TextArea[];
}

/**
 * The keys a chunk's code may read: each key-shaped string ('customer.chat.heading'), a group of
 * texts ('app.faq'), a plural's forms, and every key under a prefix the code completes at run time
 * (`dosageForms.e${code}`, 'doctor.order.prescribing.reason.' + reason).
 */
export function keyReader(keys: readonly string[]): (code: string) => Set<string> {
  // Each key under each of its groups, and a plural's forms under its base key.
  const under = new Map<string, string[]>();
  for (const key of keys) {
    const parts = key.split('.');
    const paths = parts.map((_, i) => parts.slice(0, i + 1).join('.'));
    for (const path of new Set([...paths, key.replace(/_(zero|one|two|few|many|other)$/, '')])) {
      if (!under.has(path)) under.set(path, []);
      under.get(path)!.push(key);
    }
  }
  const tops = [...new Set(keys.map((k) => k.split('.')[0]))];
  const literal = new RegExp(`[\`'"]((?:${tops.join('|')})\\.[\\w.]*)(\\$\\{|[\`'"])`, 'g');
  return (code) => {
    const found = new Set<string>();
    for (const [, text, after] of code.matchAll(literal)) {
      const completed = after === '${' || text.endsWith('.');
      for (const key of completed ? keys.filter((k) => k.startsWith(text)) : (under.get(text) ?? [])) found.add(key);
    }
    return found;
  };
}

/**
 * What would show as a key: for each unit that runs together (the entry, or a chunk imported when
 * needed, with all it imports at once), the keys its code reads that no area loaded by then holds.
 * Loaded by then: the areas in the unit, and those of every unit that imports it when needed.
 */
export function keysNotLoaded(chunks: readonly BuiltChunk[], catalog: Texts): string[] {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const keys = leaves(catalog).map(([key]) => key);
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) closure(next, seen);
    return seen;
  };
  const units = chunks.filter((c) => c.isEntry || c.isDynamicEntry).map((c) => ({ file: c.file, isEntry: c.isEntry, files: [...closure(c.file)] }));
  const own = new Map(units.map((u) => [u.file, new Set(u.files.flatMap((f) => byFile.get(f)!.areas))]));
  const all = TEXT_AREAS.map(([area]) => area);
  // The greatest sets that hold: start from every area and take away what some way in lacks.
  const loaded = new Map(units.map((u) => [u.file, new Set<TextArea>(u.isEntry ? own.get(u.file) : all)]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const unit of units.filter((u) => !u.isEntry)) {
      const importers = units.filter((u) => u.files.some((f) => byFile.get(f)!.dynamicImports.includes(unit.file)));
      const next = new Set(own.get(unit.file));
      for (const area of all) if (importers.length && importers.every((u) => loaded.get(u.file)!.has(area))) next.add(area);
      if (next.size !== loaded.get(unit.file)!.size) {
        loaded.set(unit.file, next);
        changed = true;
      }
    }
  }
  const keysIn = keyReader(keys);
  const readIn = new Map(chunks.map((c) => [c.file, keysIn(c.code)]));
  return units.flatMap((unit) => {
    const read = new Set(unit.files.flatMap((f) => [...readIn.get(f)!]));
    const missing = [...read].filter((key) => !loaded.get(unit.file)!.has(areaOf(key)!));
    const areas = [...new Set(missing.map(areaOf))];
    return missing.length ? [`${unit.file} reads ${missing.length} keys of ${areas.join(', ')} (${missing.slice(0, 3).join(', ')}…) without loading them`] : [];
  });
}

/**
 * The Vite plugin: `virtual:finnish-texts/first` is that area's texts (its default export);
 * `virtual:finnish-texts/<area>` adds the area's texts to t() (`i18nModule`'s addFinnishTexts).
 * A build whose chunk reads texts it has not loaded by then fails (keysNotLoaded).
 */
export function finnishTexts({ catalogFile, i18nModule }: { catalogFile: string; i18nModule: string }): Plugin {
  const catalog = () => JSON.parse(readFileSync(catalogFile, 'utf8')) as Texts;
  const load = () => splitCatalog(catalog());
  return {
    name: 'resepti-finnish-texts',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      this.addWatchFile(catalogFile);
      const area = id.slice(VIRTUAL.length + 1);
      const texts = load().get(area as TextArea);
      if (!texts || area === 'server') throw new Error(`finnish-texts: no area ${area} for the web (TEXT_AREAS)`);
      const json = JSON.stringify(texts);
      if (area === 'first') return `export default ${json};`;
      return `import { addFinnishTexts } from ${JSON.stringify(i18nModule)};\naddFinnishTexts(${json});`;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === 'chunk'
          ? [{ ...c, file: c.fileName, areas: c.moduleIds.filter((id) => id.startsWith(`\0${VIRTUAL}`)).map((id) => id.slice(VIRTUAL.length + 1) as TextArea) }]
          : [],
      );
      const problems = keysNotLoaded(chunks, catalog());
      if (problems.length) this.error(`finnish-texts: a screen would show keys instead of its texts:\n${problems.join('\n')}`);
    },
  };
}
