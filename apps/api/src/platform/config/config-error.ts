/** A setting that stops the start: its message names the variable and what it must be. */
export class ConfigError extends Error {}
