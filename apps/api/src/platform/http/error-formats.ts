import type { Request, Response } from 'express';

/**
 * An edge's own error format: the integrator API answers problem+json, the FHIR view an
 * OperationOutcome. The edge registers its format when its module is built; the one exception
 * filter (http-exception.filter.ts) hands every error under the edge's paths to it, also errors
 * no controller saw (an unknown route, a body the parser refused). So the platform knows no edge,
 * and each format lives with the controllers that answer in it.
 */
export interface ErrorFormat {
  /** The request paths this format answers for. */
  matches(path: string): boolean;
  /** Of two formats that match, the more specific answers (the FHIR view lies inside /api/). */
  specificity: number;
  write(exception: unknown, req: Request, res: Response): void;
}

const formats = new Set<ErrorFormat>();

export function registerErrorFormat(format: ErrorFormat): void {
  formats.add(format);
}

export function errorFormatFor(path: string): ErrorFormat | undefined {
  let chosen: ErrorFormat | undefined;
  for (const format of formats) if (format.matches(path) && (!chosen || format.specificity > chosen.specificity)) chosen = format;
  return chosen;
}
