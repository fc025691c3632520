import { readFile } from 'node:fs/promises';
import type { EntityManager } from 'typeorm';
import { parseProductFile } from '../catalogue/product-file.js';
import { importCatalogue } from '../catalogue/product-import.js';
import { Product } from '../catalogue/product.entity.js';
import { Customer } from '../accounts/customer.entity.js';
import { Doctor } from '../accounts/doctor.entity.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';
import { Pharmacy } from '../accounts/pharmacy.entity.js';
import { hashPassword } from '../accounts/password.js';
import { seedDemoCentreHistories } from './demo-centre-history.js';

/**
 * The demo catalogue: the sample file of docs/samples/products.csv (about 50 medicines, some
 * off the market, narcotic and PKV ones never renewed), read by the importer that production
 * uses, so the file is the one source. Relative to the repository root (apps/api/dist/demo/).
 */
export const DEMO_CATALOGUE_FILE = new URL('../../../../docs/samples/products.csv', import.meta.url);

/** The demo accounts of the README; tests and reviewers sign in with these. */
export const DEMO_ACCOUNTS = {
  doctors: [
    { email: 'laakari@example.fi', password: 'Laakari123', firstName: 'Liisa', lastName: 'Lääkäri' },
    { email: 'laakari2@example.fi', password: 'Laakari123', firstName: 'Lauri', lastName: 'Lääkäri' },
  ],
  customer: {
    email: 'asiakas@example.fi',
    password: 'Asiakas123',
    firstName: 'Aino',
    lastName: 'Asiakas',
    hetu: '010190-998V',
    phone: '+358401234567',
  },
} as const;

/** True when the database holds no accounts yet (so seeding never runs twice). */
export async function isEmptyDatabase(manager: EntityManager): Promise<boolean> {
  const [doctors, pharmacies, products] = await Promise.all([
    manager.count(Doctor),
    manager.count(Pharmacy),
    manager.count(Product),
  ]);
  return doctors + pharmacies + products === 0;
}

/** Seeds the demo data in one transaction. Call only on an empty database. */
export async function seedDemoData(manager: EntityManager): Promise<void> {
  for (const d of DEMO_ACCOUNTS.doctors) {
    await manager.insert(Doctor, {
      email: d.email,
      passwordHash: await hashPassword(d.password),
      firstName: d.firstName,
      lastName: d.lastName,
    });
  }

  const keskus = await manager.save(Pharmacy, { name: 'Keskusapteekki', phone: '+358 9 123 4567' });
  const keskusMain = await manager.save(PharmacyOffice, { pharmacyId: keskus.id, name: 'Keskusapteekki Kauppatori', level: 'Apteekki' });
  const keskusBranch = await manager.save(PharmacyOffice, { pharmacyId: keskus.id, name: 'Keskusapteekki Asema', level: 'Sivuapteekki' });
  const kyla = await manager.save(Pharmacy, { name: 'Kylän apteekki', phone: '+358 17 765 4321' });
  const kylaOffice = await manager.save(PharmacyOffice, { pharmacyId: kyla.id, name: 'Kylän apteekki', level: 'Apteekki' });

  const pharmacyPassword = await hashPassword('Apteekki123');
  await manager.save(PharmacyUser, {
    pharmacyId: keskus.id,
    username: 'apteekki.admin',
    passwordHash: pharmacyPassword,
    firstName: 'Anna',
    lastName: 'Apteekkari',
    userLevel: 'admin',
    offices: [keskusMain, keskusBranch],
  });
  await manager.save(PharmacyUser, {
    pharmacyId: keskus.id,
    username: 'apteekki',
    passwordHash: pharmacyPassword,
    firstName: 'Pekka',
    lastName: 'Farmaseutti',
    userLevel: 'user',
    offices: [keskusMain],
  });
  await manager.save(PharmacyUser, {
    pharmacyId: kyla.id,
    username: 'kyla',
    passwordHash: pharmacyPassword,
    firstName: 'Kaisa',
    lastName: 'Kylä',
    userLevel: 'user',
    offices: [kylaOffice],
  });

  const c = DEMO_ACCOUNTS.customer;
  await manager.insert(Customer, {
    hetu: c.hetu,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    passwordHash: await hashPassword(c.password),
    sex: 'f',
    marketingAllowed: false,
    approvedEulaVersion: '1',
    eulaAcceptedAt: new Date(),
  });

  await importCatalogue(manager.getRepository(Product), parseProductFile(await readFile(DEMO_CATALOGUE_FILE)));
  // Their prescriptions in the embedded Prescription Centre (docs/eprescriptions.md).
  await seedDemoCentreHistories(manager, c);
}

/** The demo data, seeded only into an empty database (prepareDatabase's `seed`): true when it seeded. */
export async function seedDemoDataIntoEmpty(manager: EntityManager): Promise<boolean> {
  if (!(await isEmptyDatabase(manager))) return false;
  await seedDemoData(manager);
  return true;
}
