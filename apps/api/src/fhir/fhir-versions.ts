/**
 * Versioned reads: a read answers `ETag: W/"<meta.versionId>"` (FHIR's form) and `Last-Modified`
 * (meta.lastUpdated), and `If-None-Match` with the current ETag (weak comparison, a list, or `*`)
 * is 304 with no body. `If-Modified-Since` is not used: Last-Modified counts whole seconds and two
 * changes within one second would look unchanged; the ETag tells every change apart.
 *
 * The 304 is still audited, with its order and patient, like the read it stands for: it tells the
 * client that the item is still in its scope and unchanged, which is a look at the patient's data
 * (and the patient's access log is about who looked, not what was new).
 */
import type { Meta } from '@medplum/fhirtypes';
import type { Request, Response } from 'express';

export function tagVersion(req: Request, res: Response, meta: Meta): void {
  res.setHeader('ETag', `W/"${meta.versionId}"`);
  res.setHeader('Last-Modified', new Date(meta.lastUpdated!).toUTCString());
  delete req.headers['if-modified-since'];
  // A request's `Cache-Control: no-cache` speaks to caches on the way, not to the origin (RFC 9111
  // 5.2.1.4), and fetch() adds it to every request with If-None-Match: Express's freshness check
  // would take it as "never 304", so it is not shown that check.
  delete req.headers['cache-control'];
  delete req.headers.pragma;
  // Express's freshness check (the one res.send applies when it sends) on the ETag alone; the
  // status is set here too so that the audit, which runs before the answer is sent, records 304.
  if (req.fresh) res.status(304);
}
