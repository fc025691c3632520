import 'reflect-metadata';
import { ApiSchema } from '@nestjs/swagger';

/** @nestjs/swagger's list of a model's properties, and the method its CLI plugin adds to each class. */
const PROPERTIES = 'swagger/apiModelPropertiesArray';
const FACTORY = '_OPENAPI_METADATA_FACTORY';
type Plugged = { [FACTORY]?: () => Record<string, unknown> };

/**
 * An API shape (a DTO or an answer class) read by the @nestjs/swagger CLI plugin (scripts/build-api.mjs),
 * named `name` in the documents when given. Lists its properties in declaration order, a base class's
 * first, as an @ApiProperty on every property did: otherwise those that keep a decorator come first.
 * Without the plugin (tests that import the source) it only names the schema.
 */
export function ApiShape(name?: string): ClassDecorator {
  return (target) => {
    if (name) ApiSchema({ name })(target);
    const chain: Plugged[] = [];
    for (let c = target as Plugged | null; c && c !== Function.prototype; c = Object.getPrototypeOf(c) as Plugged | null) chain.unshift(c);
    const declared = chain.flatMap((c) => (Object.prototype.hasOwnProperty.call(c, FACTORY) ? Object.keys(c[FACTORY]!()) : []));
    if (declared.length === 0) return;
    const registered = (Reflect.getMetadata(PROPERTIES, target.prototype) as string[] | undefined) ?? [];
    Reflect.defineMetadata(PROPERTIES, [...new Set([...declared.map((key) => `:${key}`), ...registered])], target.prototype);
  };
}
