/**
 * An OpenAPI document with every `enum` list in one order (sorted). The swagger plugin reads a
 * property's values from its TypeScript union, whose members come in the compiler's internal
 * order: it can differ between two builds of the same sources (a fresh clone gave another order
 * than the working copy), and the committed documents must come out byte for byte the same.
 */
export function withSortedEnums<T>(document: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'enum' && Array.isArray(value) && value.every((v) => typeof v === 'string')) (value as string[]).sort();
      else visit(value);
    }
  };
  visit(document);
  return document;
}
