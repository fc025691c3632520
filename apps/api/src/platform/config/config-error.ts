/** A setting that is missing or malformed: the process refuses to start and prints the message. */
export class ConfigError extends Error {}
