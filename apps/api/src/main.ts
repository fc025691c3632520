/**
 * The API process's entry. The configuration is read first (a bad value stops the process with
 * a clear message); then tracing starts when OTEL_EXPORTER_OTLP_ENDPOINT is set, and only after
 * it is the app imported (server.ts): OpenTelemetry's instrumentations patch http, express, pg
 * and ioredis when they are first required, so those must not be loaded before it.
 */
import { ConfigError, loadConfig, type AppConfig } from './platform/config/config.js';
import { startTracing } from './platform/tracing/tracing.js';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
await startTracing(config.observability.tracing);
const { bootstrap } = await import('./server.js');
bootstrap(config).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
