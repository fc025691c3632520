/// <reference types="vite/client" />

/** The Finnish texts the first load carries (apps/web/finnish-texts.ts). */
declare module 'virtual:finnish-texts/first' {
  const texts: import('@resepti/domain').CatalogPart;
  export default texts;
}
/** An area of the Finnish texts, added to t() when this module runs (apps/web/finnish-texts.ts). */
declare module 'virtual:finnish-texts/*' {}
