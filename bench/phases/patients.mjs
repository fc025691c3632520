import { patientsAtScale } from '../lib/patients.mjs';
import { curves, details, notes, PATIENTS, phase, put } from '../lib/run-context.mjs';

/** Patients at scale, in a database and two API processes of their own (bench/lib/patients.mjs). */
export async function patientPhase(pgServer, redis) {
  await phase('patients', async () => {
    if (!redis) throw new Error('no redis-server on PATH: two processes need Redis');
    const r = await patientsAtScale({ pgServer, redis, sizes: PATIENTS.sizes, sends: PATIENTS.sends, outage: PATIENTS.outage, workers: PATIENTS.workers, budgetMs: PATIENTS.budget });
    const [p99, bareP99] = r.figures.patient_push_p99_10k_ms;
    put('patient_push_p99_10k_ratio', p99, bareP99);
    const [heap, bareHeap] = r.figures.patient_heap_per_socket_10k;
    put('patient_heap_per_socket_10k_ratio', heap, bareHeap);
    put('patient_reconnect_10k_s', r.figures.patient_reconnect_10k_s[0]);
    put('patient_storm_lost', r.figures.patient_storm_lost[0]);
    details.push(...r.details);
    notes.push(...r.notes);
    curves.push({
      key: 'patient_push_p99',
      title: "A doctor's delivery → the patient's page, by open patient pages",
      description: `Pages on two API processes sharing Redis; each delivery goes to one patient's page. Against a bare two-process Socket.IO + Redis streams adapter pair (connection state recovery on) emitting the same payload to the same room, alternating (${PATIENTS.sends} deliveries a size at most, ${PATIENTS.budget / 1000} s budget). Resepti's side includes the delivery's own request.`,
      unit: 'ms',
      stats: ['p50', 'p99'],
      sizeLabel: 'patient pages',
      baselineLabel: 'bare Socket.IO pair',
      points: r.points.map((p) => ({ size: p.size, value: p.push, baseline: p.barePush, note: '' })),
    });
    curves.push({
      key: 'patient_heap_per_socket',
      title: 'Server heap per patient page, by open patient pages',
      description: 'Both processes\' heap after GC before and after opening the pages of each step, divided by their number.',
      unit: 'KiB',
      stats: ['heap'],
      sizeLabel: 'patient pages',
      baselineLabel: 'bare Socket.IO pair',
      points: r.points.map((p) => ({ size: p.size, value: { heap: p.heap }, baseline: { heap: p.bareHeap }, note: '' })),
    });
  });
}
