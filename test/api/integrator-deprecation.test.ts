/**
 * The deprecation mechanism of /api/v1 (issue 26, docs/integrators.md "Versions and deprecation"):
 * a handler marked @Deprecated answers (errors too) with Deprecation, Sunset and Link, and the
 * published document marks the operation deprecated with those headers on its answers. No
 * operation is deprecated today, so a small Nest app of the built API's own decorator and
 * document builder (apps/api/dist: Nest is ESM) with one such handler shows it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(__dirname, '../..');

/** A Nest app with a deprecated handler (one that answers, one that fails) and a current one; prints what a client and the document see. */
const PROBE = `
import 'reflect-metadata';
import { BadRequestException, Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiOkResponse, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Deprecated } from './apps/api/dist/integrator/deprecation.js';
import { finishIntegratorDocument } from './apps/api/dist/integrator/integrator-docs.js';

const OLD_WAY = { since: '2026-12-01T00:00:00Z', sunset: '2027-06-01T00:00:00Z', instead: 'GET /api/v1/new-way' };
class OldController {
  oldWay() { return { ok: true }; }
  oldFailing() { throw new BadRequestException('no'); }
  newWay() { return { ok: true }; }
}
const method = (name, ...decorators) => Reflect.decorate(decorators, OldController.prototype, name, Object.getOwnPropertyDescriptor(OldController.prototype, name));
method('oldWay', Get('old-way'), Deprecated(OLD_WAY), ApiOkResponse({ description: 'The old answer.' }));
method('oldFailing', Get('old-failing'), Deprecated(OLD_WAY), ApiOkResponse({ description: 'Never.' }));
method('newWay', Get('new-way'), ApiOkResponse({ description: 'The new answer.' }));
Reflect.decorate([Controller('api/v1')], OldController);
class OldModule {}
Reflect.decorate([Module({ controllers: [OldController] })], OldModule);

const app = await NestFactory.create(OldModule, { logger: false });
await app.listen(0, '127.0.0.1');
const base = 'http://127.0.0.1:' + app.getHttpServer().address().port;
const answers = {};
for (const path of ['old-way', 'old-failing', 'new-way']) {
  const res = await fetch(base + '/api/v1/' + path);
  answers[path] = { status: res.status, deprecation: res.headers.get('deprecation'), sunset: res.headers.get('sunset'), link: res.headers.get('link') };
}
const document = finishIntegratorDocument(SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('t').setVersion('1').build()));
await app.close();
console.log(JSON.stringify({ answers, paths: document.paths }));
`;

describe('a deprecated operation', () => {
  it('answers with Deprecation, Sunset and Link (also when it fails) and is marked deprecated in the document; others are not', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', PROBE], { cwd: ROOT });
    const { answers, paths } = JSON.parse(stdout) as {
      answers: Record<string, { status: number; deprecation: string | null; sunset: string | null; link: string | null }>;
      paths: Record<string, { get: { deprecated?: boolean; description?: string; responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    };
    const announced = { deprecation: `@${Date.parse('2026-12-01T00:00:00Z') / 1000}`, sunset: 'Tue, 01 Jun 2027 00:00:00 GMT', link: '</api/docs-json>; rel="deprecation"; type="application/json"' };
    expect(answers).toEqual({
      'old-way': { status: 200, ...announced },
      'old-failing': { status: 400, ...announced },
      'new-way': { status: 200, deprecation: null, sunset: null, link: null },
    });
    const old = paths['/api/v1/old-way'].get;
    expect(old.deprecated).toBe(true);
    expect(old.description).toContain('removed at the earliest 2027-06-01: use GET /api/v1/new-way');
    for (const status of ['200', '401', '429']) expect(Object.keys(old.responses[status].headers ?? {})).toEqual(expect.arrayContaining(['Deprecation', 'Sunset', 'Link']));
    expect(JSON.stringify(old)).not.toContain('x-deprecation');
    expect(paths['/api/v1/new-way'].get.deprecated).toBeUndefined();
  });
});
