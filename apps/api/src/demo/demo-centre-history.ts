import type { EntityManager } from 'typeorm';
import { addMonthsToDate, type CentrePrescription, helsinkiIsoDate, prescriptionValidUntil } from '@resepti/domain';
import { centrePrescriptionResource } from '../prescription-centre/centre-medication-request.js';
import { createCentreResource } from '../prescription-centre/dev-centre-store.js';

/** The writing health centres' own prescription identifiers (not Resepti's). */
const DEMO_PRESCRIPTION_SYSTEM = 'https://terveyskeskus.example.fi/fhir/prescription';

interface DemoPrescription {
  /** A catalogue package of docs/samples/products.csv. */
  vnr: string;
  name: string;
  atcCode: string;
  /** The catalogue's flag (false: narcotic or PKV). */
  renewable: boolean;
  monthsAgo: number;
  prescriber: string;
  dosage: string;
  dispensed?: boolean;
  curative?: boolean;
  neRepete?: boolean;
}

/**
 * A patient's history in the Prescription Centre as a demo shows it: renewable prescriptions of
 * catalogue medicines (the renewal chat offers them), and one of each kind the rules refuse
 * (e-prescription-rules.ts): never dispensed, past its 28 months, an antibiotic course, a narcotic,
 * a 'ne repete'.
 */
const histories = (customer: DemoPatient): Array<{ hetu: string; name: string; prescriptions: DemoPrescription[] }> => [
  {
    hetu: customer.hetu,
    name: `${customer.firstName} ${customer.lastName}`,
    prescriptions: [
      { vnr: '990003', name: 'Atorvastatin Krka 20 mg tabletti, kalvopäällysteinen 98 kpl', atcCode: 'C10AA05', renewable: true, monthsAgo: 14, prescriber: 'Kaisa Korhonen', dosage: '1 tabletti illalla' },
      { vnr: '990001', name: 'Amlodipin Orion 5 mg tabletti 100 kpl', atcCode: 'C08CA01', renewable: true, monthsAgo: 8, prescriber: 'Kaisa Korhonen', dosage: '1 tabletti aamulla' },
      { vnr: '990016', name: 'Levothyroxin Sandoz 50 mikrog tabletti 100 kpl', atcCode: 'H03AA01', renewable: true, monthsAgo: 22, prescriber: 'Pekka Nieminen', dosage: '1 tabletti aamulla tyhjään mahaan' },
      { vnr: '990018', name: 'Losartan Krka 50 mg tabletti, kalvopäällysteinen 98 kpl', atcCode: 'C09CA01', renewable: true, monthsAgo: 2, prescriber: 'Pekka Nieminen', dosage: '1 tabletti päivässä', dispensed: false },
      { vnr: '990035', name: 'Simvastatin ratiopharm 20 mg tabletti, kalvopäällysteinen 100 kpl', atcCode: 'C10AA01', renewable: true, monthsAgo: 31, prescriber: 'Kaisa Korhonen', dosage: '1 tabletti illalla' },
      { vnr: '990028', name: 'Pivmecillinam Orion 200 mg tabletti, kalvopäällysteinen 15 kpl', atcCode: 'J01CA08', renewable: true, monthsAgo: 5, prescriber: 'Laura Lahtinen', dosage: '1 tabletti 3 kertaa päivässä 5 päivän ajan', curative: true },
      { vnr: '990049', name: 'Oxynorm 5 mg kapseli, kova 28 kpl', atcCode: 'N02AA05', renewable: false, monthsAgo: 3, prescriber: 'Laura Lahtinen', dosage: '1 kapseli tarvittaessa, enintään 4 päivässä' },
      { vnr: '990024', name: 'Montelukast Actavis 10 mg tabletti, kalvopäällysteinen 98 kpl', atcCode: 'R03DC03', renewable: true, monthsAgo: 6, prescriber: 'Pekka Nieminen', dosage: '1 tabletti illalla', neRepete: true },
    ],
  },
  {
    hetu: '240592-902B',
    name: 'Maija Mallikas',
    prescriptions: [
      { vnr: '990009', name: 'Desloratadin Teva 5 mg tabletti, kalvopäällysteinen 30 kpl', atcCode: 'R06AX27', renewable: true, monthsAgo: 10, prescriber: 'Kaisa Korhonen', dosage: '1 tabletti päivässä siitepölykaudella' },
      { vnr: '990042', name: 'Yasmin 3 mg/0,03 mg tabletti, kalvopäällysteinen 3 x 21 kpl', atcCode: 'G03AA12', renewable: true, monthsAgo: 12, prescriber: 'Kaisa Korhonen', dosage: '1 tabletti päivässä 21 päivän ajan, sitten 7 päivän tauko' },
    ],
  },
];

interface DemoPatient {
  hetu: string;
  firstName: string;
  lastName: string;
}

/** The demo customer's (and a test identity's) histories into the embedded stand-in's table, with the rest of the demo seed. */
export async function seedDemoCentreHistories(manager: EntityManager, customer: DemoPatient, today = new Date()): Promise<void> {
  for (const patient of histories(customer)) {
    for (const [index, p] of patient.prescriptions.entries()) {
      const authoredOn = addMonthsToDate(today, -p.monthsAgo);
      const prescription: Omit<CentrePrescription, 'id'> = {
        authoredOn,
        prescriber: p.prescriber,
        medication: { vnr: p.vnr, atcCode: p.atcCode, name: p.name },
        dosageInstruction: p.dosage,
        validUntil: prescriptionValidUntil({ atcCode: p.atcCode, renewable: p.renewable }, authoredOn),
        dispensed: p.dispensed ?? true,
        curative: p.curative ?? false,
        neRepete: p.neRepete ?? false,
        telephone: false,
        specialPermit: false,
        narcoticOrPkv: !p.renewable,
      };
      const identifier = { system: DEMO_PRESCRIPTION_SYSTEM, value: `${patient.hetu}-${helsinkiIsoDate(today)}-${index + 1}` };
      const resource = centrePrescriptionResource(prescription, patient, identifier);
      await createCentreResource(manager, resource, `${identifier.system}|${identifier.value}`);
    }
  }
}
