import { NotFoundException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { errorFormatFor } from './error-formats.js';

/**
 * The last handler of the app, after every route: a request no route and no page answered. Nest's
 * own 404 covers only the web API's prefix, so without this /api/nothing or /api/fhir fell through
 * to Express's HTML "Cannot GET" page. An edge with its own format (problem+json, OperationOutcome)
 * answers in it, as for Nest's 404 (the same "Cannot <method> <path>" message, so it can tell a 405);
 * anything else gets the web API's JSON shape.
 */
export function answerUnknownRoute(req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next();
  const notFound = new NotFoundException(`Cannot ${req.method} ${req.path}`);
  const edgeFormat = errorFormatFor(req.path);
  if (edgeFormat) return edgeFormat.write(notFound, req, res);
  res.status(404).json(notFound.getResponse());
}
