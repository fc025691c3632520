// The catalogue's table as other modules' statements may name it (catalogue/ owns product).

/** `LEFT JOIN` of the product `alias` whose id is the SQL expression `id`. */
export const joinProduct = (alias: string, id: string): string => `LEFT JOIN product ${alias} ON ${alias}.id = ${id}`;

/** `LEFT JOIN` of the product `alias` whose id is the SQL expression `id`, only while it is available (orderable). */
export const joinAvailableProduct = (alias: string, id: string): string => `LEFT JOIN product ${alias} ON ${alias}.id = ${id} AND ${alias}.available`;
