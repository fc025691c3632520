// The state of one bench run, shared by its phases (bench/phases/*.mjs): the command line, the sizes,
// the figures and notes collected, and phase(), which runs one phase when the command line wants it.
export const args = process.argv.slice(2);
export const QUICK = args.includes('--quick');
export const argValue = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
export const ONLY = argValue('--only')?.split(',');
/** `--only growth` names the three growth phases at once. */
export const wanted = (phase) => !ONLY || ONLY.includes(phase) || (phase.startsWith('growth-') && ONLY.includes('growth'));
export const MAIN_PHASES = ['history', 'history-1m', 'pick', 'rest', 'customer-orders', 'pay', 'push', 'fanout', 'cycle', 'cross', 'deep', 'screens', 'integrator', 'web'];
export const GROWTH_PHASES = ['growth-history', 'growth-queue', 'growth-sockets'];
export const PATIENT_PHASES = ['patients'];
const sizesArg = (name, fallback) => argValue(name)?.split(',').map(Number) ?? fallback;

/**
 * Sizes of a full run (the issue's) and of --quick (for development, about 3 minutes). The
 * budgets (ms) keep a run under 10 minutes on a slow or shared machine: a phase that runs out
 * does fewer changes (the baseline then does the same number) and the run says so.
 */
export const P = QUICK
  ? { history: 20_000, shallow: 1_000, deep: 20_000, sockets: 200, changes: 50, fanout: [200, 1_000], rounds: 5, cycle: 200, cross: 30, pickRuns: 30, historyRuns: 10, restSeconds: 3, restRounds: 3, screensRounds: 1, integratorOrders: 200, history1m: 100_000, history1mRuns: 8, customers: 8, payRounds: 2, paySeconds: 3, loadProcesses: 2, pushBudget: 30_000, crossBudget: 15_000, cycleBudget: 16_000, cycleSlices: 4, screensTimeout: 30_000 }
  : { history: 100_000, shallow: 1_000, deep: 100_000, sockets: 1_000, changes: 500, fanout: [1_000, 5_000], rounds: 20, cycle: 2_000, cross: 200, pickRuns: 1_000, historyRuns: 60, restSeconds: 10, restRounds: 5, screensRounds: 3, integratorOrders: 1_000, history1m: 1_000_000, history1mRuns: 20, customers: 20, payRounds: 4, paySeconds: 5, loadProcesses: 4, pushBudget: 60_000, crossBudget: 40_000, cycleBudget: 40_000, cycleSlices: 8, screensTimeout: 45_000 };
/**
 * Growth curves (issue 24): the sizes of each curve. A full run's history goes to 1,000,000
 * orders (seeding it takes minutes on a busy 2-core machine); --history-sizes etc. override.
 */
export const G = QUICK
  ? { queue: [500, 2_000, 10_000], history: [2_000, 10_000, 50_000], sockets: [50, 200, 1_000], pickRuns: 20, historyRuns: 8, changes: 10, budget: 15_000 }
  : { queue: [1_000, 10_000, 100_000], history: [10_000, 100_000, 1_000_000], sockets: [100, 1_000, 5_000], pickRuns: 50, historyRuns: 10, changes: 30, budget: 30_000 };
G.queue = sizesArg('--queue-sizes', G.queue);
G.history = sizesArg('--history-sizes', G.history);
G.sockets = sizesArg('--socket-sizes', G.sockets);
/** Patients at scale (issue 43): pages on two processes, measured deliveries each side, deliveries during the restart. */
export const PATIENTS = QUICK ? { sizes: [200, 500, 1_000], sends: 30, outage: 20, workers: 2, budget: 30_000 } : { sizes: [1_000, 5_000, 10_000], sends: 150, outage: 200, workers: 4, budget: 60_000 };
PATIENTS.count = PATIENTS.sizes.at(-1);
export const BENCH_DOCTORS = 16;
/** Open cards in pharmacy 1 / office 1's Reseptilista (the list reads its newest 30). */
export const RESEPTILISTA_CARDS = 200;


export const results = {}; // key -> { value, baseline }
export const notes = []; // what was measured how, and what failed
export const details = []; // secondary rows: figure, value, note
export const curves = []; // growth curves: { key, title, description, unit, sizeLabel, baselineLabel, points: [{ size, value, baseline, note }] }
export const put = (key, value, baseline = null) => (results[key] = { value, baseline });
export const log = (msg) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

/** Phases that failed, or whose baseline failed: the run prints no figure for them and exits 1. */
export const failedPhases = [];

/** A baseline that errors measures nothing: its phase fails loudly instead of printing a ratio. */
export function requireBaseline(phaseName, errors, firstError) {
  if (errors > 0) throw new Error(`the baseline of ${phaseName} failed ${errors} times (${firstError}): no figure`);
}

/** Runs a phase (when the command line wants it); a failure is reported and the other phases still run. */
export async function phase(name, fn) {
  if (!wanted(name)) return;
  const t0 = Date.now();
  log(`${name}…`);
  try {
    await fn();
  } catch (err) {
    failedPhases.push(name);
    notes.push(`${name}: FAILED: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    console.error(err);
  }
  log(`${name} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
