export default async function globalTeardown(): Promise<void> {
  const holder = globalThis as { __RESEPTI_PG__?: { stop(): Promise<void> } };
  const server = holder.__RESEPTI_PG__;
  holder.__RESEPTI_PG__ = undefined;
  await server?.stop();
}
