/**
 * `npm run build:api`: tsc's build of apps/api (apps/api/tsconfig.build.json) with the @nestjs/swagger
 * CLI plugin as a `before` transformer. The plugin reads the request DTOs (*.dto.ts, integrator/dto.ts) and
 * the answer classes (*-schemas.ts): a property's TypeScript type, `?` and JSDoc (description, @example)
 * become its OpenAPI schema, so only what a type cannot say (integer, date-time, a name) needs @ApiProperty.
 * Controllers are left alone (their responses are declared by hand) and class-validator's decorators are not
 * copied into the documents (classValidatorShim off): docs/openapi stays what it was.
 */
import { before } from '@nestjs/swagger/plugin';
import path from 'node:path';
import ts from 'typescript';

export const SWAGGER_PLUGIN_OPTIONS = {
  dtoFileNameSuffix: ['.dto.ts', '-schemas.ts', '/integrator/dto.ts'],
  controllerFileNameSuffix: ['.no-controller-introspection.ts'],
  classValidatorShim: false,
  introspectComments: true,
};

const project = path.resolve(process.argv[2] ?? 'apps/api/tsconfig.build.json');
const config = ts.readConfigFile(project, ts.sys.readFile);
if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(project));
const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, projectReferences: parsed.projectReferences });
const emitted = program.emit(undefined, undefined, undefined, false, { before: [before(SWAGGER_PLUGIN_OPTIONS, program)] });
const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (diagnostics.length > 0) {
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: ts.sys.getCurrentDirectory, getNewLine: () => ts.sys.newLine };
  console.error(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}
