import { fileURLToPath } from 'node:url';
/**
 * Account administration for production (and the README's configuration table): the commands
 * are listed in USAGE below (`npm run admin -- COMMAND ...`).
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR when it is unset.
 * Bad input: a clear message on stderr and exit code 2; nothing is written.
 */
import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DataSource, type EntityManager } from 'typeorm';
import { fromHelsinkiLocal, isStrongPassword, isValidEmail, isValidPhone, normalizePhone, validateUsername, VALIDATION_MESSAGES } from '@resepti/domain';
import { localizeMessage, t } from '@resepti/domain/locales';
import { parseCheckpoint, signCheckpoint, verifyAuditChain, verifyCheckpoint } from '../platform/audit/audit-chain-verify.js';
import { configurePasswordHashing, hashPassword } from '../accounts/password.js';
import { commonPasswordProblem } from '../accounts/password-blocklist.js';
import { loadConfig, SETTINGS, type AppConfig } from '../platform/config/config.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { formatReconciliation, reconcilePayments, ReconciliationRefused } from '../payments/payment-reconciliation.js';
import { dataSourceOptions } from '../platform/database/data-source-options.js';
import { loadEntities } from '../platform/database/entity-files.js';
import { connectEmbeddedPostgres } from '../platform/database/embedded-postgres.js';
import { AuditKeyMismatchError, prepareDatabase } from '../platform/database/prepare-database.js';
import { parseProductFile, ProductFileError, type CatalogueRow } from '../catalogue/product-file.js';
import { formatImportReport, importCatalogue } from '../catalogue/product-import.js';
import { Product } from '../catalogue/product.entity.js';
import { Doctor } from '../accounts/doctor.entity.js';
import { ApiClient } from '../api-clients/api-client.entity.js';
import { hashSecret, newClientId, newClientSecret } from '../api-clients/integrator-credentials.js';
import { cancelPendingDeliveries } from '../integrator/webhook-outbox.service.js';
import { Coupon } from '../orders/coupon.entity.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';
import { Pharmacy } from '../accounts/pharmacy.entity.js';
import { resetMfa, setRegisterNumber } from './doctor-commands.js';
import { auditOperator, UsageError } from './operator.js';

const USAGE = `usage:
  npm run admin -- create-doctor --email E --password P --first-name F --last-name L
  npm run admin -- create-pharmacy --name N --phone P --office "Name" [--office "Name 2" ...]
  npm run admin -- create-pharmacy-user --pharmacy N --username U --password P --first-name F --last-name L [--admin] [--office "Name" ...]
  npm run admin -- create-coupon --code C (--percent N | --amount-cents N) [--uses N] [--valid-until YYYY-MM-DD]
  npm run admin -- create-api-client --pharmacy N --name LABEL [--office "Name" ...] [--sandbox] [--json]   (prints the secret once; --sandbox: its orders are decided by a simulated doctor, docs/integrators.md)
  npm run admin -- revoke-api-client ID   (the numeric id or the rc_… client id; its tokens stop at once)
  npm run admin -- verify-audit [--checkpoint FILE]   (checks the audit log's HMAC chain, and that it still reaches the checkpoint; exit 1 at the first broken row)
  npm run admin -- audit-checkpoint [--out FILE]      (verifies the chain and writes a signed checkpoint of its end: ship it out of the database's reach)
  npm run admin -- reconcile-payments [--since ISO]   (payments without orders, orders without payments, refunds, amount mismatches; exit 1 when any is unexplained; exit 2 without STRIPE_SECRET_KEY when Stripe was used)
  npm run admin -- reset-mfa --doctor EMAIL   (the doctor's TOTP and recovery codes removed and their sessions ended: a lost phone; they set it up again)
  npm run admin -- set-register-number --doctor EMAIL --register-number N   (the doctor's Valvira register number: approval is refused without one)
  npm run admin -- import-products FILE   (the medicine catalogue from the register's file, docs/catalogue.md; again with a newer file: missing ones become unavailable)
  npm run admin -- config-table`;

const OPTIONS = {
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  name: { type: 'string' },
  phone: { type: 'string' },
  office: { type: 'string', multiple: true },
  pharmacy: { type: 'string' },
  username: { type: 'string' },
  admin: { type: 'boolean' },
  code: { type: 'string' },
  percent: { type: 'string' },
  'amount-cents': { type: 'string' },
  uses: { type: 'string' },
  'valid-until': { type: 'string' },
  json: { type: 'boolean' },
  sandbox: { type: 'boolean' },
  out: { type: 'string' },
  since: { type: 'string' },
  checkpoint: { type: 'string' },
  doctor: { type: 'string' },
  'register-number': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function required(values: Values, name: 'email' | 'password' | 'first-name' | 'last-name' | 'name' | 'phone' | 'pharmacy' | 'username'): string {
  const value = values[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function checkPassword(password: string, context: string[]): void {
  if (!isStrongPassword(password)) {
    throw new UsageError(`${t(VALIDATION_MESSAGES.passwordTooShort, 'fi')} ${t(VALIDATION_MESSAGES.passwordComposition, 'fi')}`);
  }
  const common = commonPasswordProblem(password, context);
  if (common) throw new UsageError(localizeMessage(common, 'fi'));
}

async function createDoctor(m: EntityManager, v: Values): Promise<string> {
  const email = required(v, 'email').toLowerCase();
  const password = required(v, 'password');
  const firstName = required(v, 'first-name');
  const lastName = required(v, 'last-name');
  if (!isValidEmail(email)) throw new UsageError(t(VALIDATION_MESSAGES.emailInvalid, 'fi'));
  checkPassword(password, [firstName, lastName, email]);
  if (await m.existsBy(Doctor, { email })) throw new UsageError(`a doctor with e-mail ${email} exists already`);
  const doctor = await m.save(Doctor, { email, passwordHash: await hashPassword(password), firstName, lastName });
  return `doctor ${doctor.id} created: ${firstName} ${lastName} <${email}>`;
}

async function createPharmacy(m: EntityManager, v: Values): Promise<string> {
  const name = required(v, 'name');
  const phone = required(v, 'phone');
  const offices = (v.office ?? []).map((o) => o.trim()).filter(Boolean);
  if (!isValidPhone(phone)) throw new UsageError(t(VALIDATION_MESSAGES.phoneInvalid, 'fi'));
  if (offices.length === 0) throw new UsageError('at least one --office is required');
  if (new Set(offices).size !== offices.length) throw new UsageError('office names must differ');
  if (await m.existsBy(Pharmacy, { name })) throw new UsageError(`pharmacy '${name}' exists already`);
  const pharmacy = await m.save(Pharmacy, { name, phone: normalizePhone(phone) });
  for (const [i, office] of offices.entries()) {
    await m.save(PharmacyOffice, { pharmacyId: pharmacy.id, name: office, level: i === 0 ? 'Apteekki' : 'Sivuapteekki' });
  }
  return `pharmacy ${pharmacy.id} '${name}' created with ${offices.length} office(s)`;
}

async function createPharmacyUser(m: EntityManager, v: Values): Promise<string> {
  const pharmacyName = required(v, 'pharmacy');
  const username = required(v, 'username').toLowerCase();
  const password = required(v, 'password');
  const firstName = required(v, 'first-name');
  const lastName = required(v, 'last-name');
  const usernameError = validateUsername(username);
  if (usernameError) throw new UsageError(usernameError);
  checkPassword(password, [firstName, lastName, username]);
  const pharmacy = await m.findOneBy(Pharmacy, { name: pharmacyName });
  if (!pharmacy) throw new UsageError(`no pharmacy named '${pharmacyName}'`);
  if (await m.existsBy(PharmacyUser, { username })) throw new UsageError(VALIDATION_MESSAGES.usernameTaken);
  const all = await m.findBy(PharmacyOffice, { pharmacyId: pharmacy.id });
  const wanted = v.office ?? [];
  const offices = wanted.length ? all.filter((o) => wanted.includes(o.name)) : all;
  const unknown = wanted.filter((w) => !all.some((o) => o.name === w));
  if (unknown.length) throw new UsageError(`unknown office(s) of '${pharmacyName}': ${unknown.join(', ')}`);
  const user = await m.save(PharmacyUser, {
    pharmacyId: pharmacy.id,
    username,
    passwordHash: await hashPassword(password),
    firstName,
    lastName,
    userLevel: v.admin ? 'admin' : 'user',
    offices,
  });
  return `pharmacy user ${user.id} '${username}' created (${user.userLevel}) in '${pharmacyName}' with ${offices.length} office(s)`;
}

/** A whole number from an option, within bounds (a usage error otherwise). */
function wholeNumber(v: Values, name: 'percent' | 'amount-cents' | 'uses', min: number, max: number): number | null {
  const raw = v[name];
  if (raw === undefined) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** A campaign code for everyone: a percentage or an amount off the cart, optionally limited in uses and time. */
async function createCoupon(m: EntityManager, v: Values): Promise<string> {
  const code = (v.code ?? '').trim().toUpperCase();
  if (!/^[A-Z0-9ÅÄÖ_-]{3,50}$/.test(code)) throw new UsageError('--code: 3–50 letters, digits, - or _');
  const percentOff = wholeNumber(v, 'percent', 1, 100);
  const amountCents = wholeNumber(v, 'amount-cents', 1, 1_000_000);
  if ((percentOff === null) === (amountCents === null)) throw new UsageError('give exactly one of --percent and --amount-cents');
  const maxUses = wholeNumber(v, 'uses', 1, 10_000_000);
  let validUntil: Date | null = null;
  if (v['valid-until'] !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v['valid-until'])) throw new UsageError('--valid-until: YYYY-MM-DD');
    // Valid through that day in Finland: until the next midnight, Helsinki time.
    const [year, month, day] = v['valid-until'].split('-').map(Number);
    validUntil = fromHelsinkiLocal(year, month, day + 1, 0, 0);
    if (Number.isNaN(validUntil.getTime())) throw new UsageError('--valid-until: YYYY-MM-DD');
  }
  if (await m.existsBy(Coupon, { code })) throw new UsageError(`a coupon ${code} exists already`);
  await m.insert(Coupon, { code, customerId: null, orderItemId: null, amountCents: amountCents ?? 0, percentOff, maxUses, validUntil });
  const what = percentOff !== null ? `${percentOff} %` : `${(amountCents! / 100).toFixed(2)} €`;
  return `campaign code ${code} created: ${what} off${maxUses ? `, ${maxUses} uses` : ''}${validUntil ? `, until ${v['valid-until']}` : ''}`;
}

/**
 * An integrator's client: id and secret printed once (the secret is stored only as a hash). With
 * --sandbox its orders never reach real doctors: the simulated doctor decides them (SandboxDoctor).
 */
async function createApiClient(m: EntityManager, v: Values): Promise<string> {
  const pharmacyName = required(v, 'pharmacy');
  const name = required(v, 'name');
  const pharmacy = await m.findOneBy(Pharmacy, { name: pharmacyName });
  if (!pharmacy) throw new UsageError(`no pharmacy named '${pharmacyName}'`);
  const offices = await m.findBy(PharmacyOffice, { pharmacyId: pharmacy.id });
  const officeIds = (v.office ?? []).map((officeName) => {
    const office = offices.find((o) => o.name === officeName);
    if (!office) throw new UsageError(`no office '${officeName}' in ${pharmacyName} (offices: ${offices.map((o) => o.name).join(', ')})`);
    return office.id;
  });
  const secret = newClientSecret();
  const sandbox = v.sandbox ?? false;
  const client = await m.save(ApiClient, { clientId: newClientId(), secretHash: hashSecret(secret), pharmacyId: pharmacy.id, name, officeIds, sandbox });
  await auditOperator(m, [{ action: 'api-client.create', subject: `api-client:${client.clientId}`, details: { pharmacyId: pharmacy.id, name, officeIds, sandbox } }]);
  if (v.json) return JSON.stringify({ id: client.id, clientId: client.clientId, clientSecret: secret, pharmacy: pharmacyName, officeIds, sandbox });
  return [
    `${sandbox ? 'Sandbox API client' : 'API client'} ${client.id} '${name}' created for ${pharmacyName} (${officeIds.length ? `offices ${officeIds.join(', ')}` : 'every office'})`,
    ...(sandbox ? ['Its orders are decided by a simulated doctor (SANDBOX_DECISION_SECONDS), never by real doctors.'] : []),
    `client_id:     ${client.clientId}`,
    `client_secret: ${secret}`,
    'The secret is shown only now: store it in the pharmacy system.',
  ].join('\n');
}

async function revokeApiClient(m: EntityManager, _v: Values, target: string): Promise<string> {
  const client = /^\d{1,10}$/.test(target) ? await m.findOneBy(ApiClient, { id: Number(target) }) : await m.findOneBy(ApiClient, { clientId: target });
  if (!client) throw new UsageError(`no API client ${target}`);
  if (!client.revokedAt) {
    await m.update(ApiClient, { id: client.id }, { revokedAt: new Date() });
    const cancelled = await cancelPendingDeliveries((sql, params) => m.query(sql, params), { apiClientId: client.id }, 'client revoked');
    await auditOperator(m, [{ action: 'api-client.revoke', subject: `api-client:${client.clientId}` }, ...cancelled]);
  }
  return `API client ${client.id} (${client.clientId}) revoked`;
}

/** Prints the payments that nothing accounts for (and the explained ones); 1 when any is unexplained. */
async function reconcile(m: EntityManager, config: AppConfig, sinceText: string | undefined): Promise<number> {
  const since = sinceText === undefined ? new Date(0) : new Date(sinceText);
  if (Number.isNaN(since.getTime())) throw new UsageError('--since must be a date or time, e.g. 2026-11-01 or 2026-11-01T08:00:00Z');
  const report = await reconcilePayments(m, new PaymentGateway(config), since);
  console.log(formatReconciliation(report, since));
  return report.items.some((i) => !i.explained) ? 1 : 0;
}

/**
 * verify-audit: the chain, and with --checkpoint that it still reaches the checkpoint's row with
 * its hash (a chain cut back before it, with the head moved along, is otherwise invisible).
 * audit-checkpoint: verifies, then prints (or writes) a signed checkpoint of the chain's end.
 */
async function auditChainCommand(ds: DataSource, command: string, key: string, out: string | undefined, checkpointText: string | undefined): Promise<number> {
  let check = await verifyAuditChain(ds.manager, key);
  if (check.ok && checkpointText !== undefined) {
    const checkpoint = parseCheckpoint(checkpointText, key);
    if (typeof checkpoint === 'string') {
      console.error(`audit checkpoint refused: ${checkpoint}`);
      return 1;
    }
    check = await verifyCheckpoint(ds.manager, checkpoint, check);
  }
  if (!check.ok) {
    console.error(`audit chain BROKEN at row ${check.brokenAtId}: ${check.reason} (${check.rows} rows before it are intact)`);
    return 1;
  }
  if (command === 'verify-audit') {
    console.log(`audit chain OK: ${check.rows} rows${checkpointText !== undefined ? ', the checkpoint is still in it' : ''}`);
    return 0;
  }
  const checkpoint = `${JSON.stringify(signCheckpoint({ lastId: check.lastId!, lastHash: check.lastHash!, rows: check.rows }, new Date(), key))}\n`;
  if (out) {
    await writeFile(out, checkpoint, { mode: 0o600 });
    console.log(`audit checkpoint of row ${check.lastId} written to ${out}`);
  } else {
    process.stdout.write(checkpoint);
  }
  return 0;
}

function configTable(): string {
  const rows = SETTINGS.map((s) => `| \`${s.name}\` | ${s.default} | ${s.description} |`);
  return ['| Variable | Default | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const [command, ...extra] = parsed.positionals;
  const commands: Record<string, (m: EntityManager, v: Values, target: string) => Promise<string>> = {
    'create-api-client': createApiClient,
    'revoke-api-client': revokeApiClient,
    'create-doctor': createDoctor,
    'create-pharmacy': createPharmacy,
    'create-pharmacy-user': createPharmacyUser,
    'create-coupon': createCoupon,
    'reset-mfa': (m, v) => resetMfa(m, v.doctor),
    'set-register-number': (m, v) => setRegisterNumber(m, v.doctor, v['register-number']),
  };
  if (command === 'config-table') {
    console.log(configTable());
    return 0;
  }
  const run = command ? commands[command] : undefined;
  // revoke-api-client takes the client, import-products the file as its one positional argument.
  const takesTarget = command === 'revoke-api-client' || command === 'import-products';
  const auditCommand = command === 'verify-audit' || command === 'audit-checkpoint';
  if ((!run && !auditCommand && command !== 'reconcile-payments' && command !== 'import-products') || extra.length !== (takesTarget ? 1 : 0)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  configurePasswordHashing(config.passwordHashing);
  // Read before any database work: a missing or bad file is a usage error.
  let checkpointText: string | undefined;
  if (parsed.values.checkpoint !== undefined) {
    if (command !== 'verify-audit') {
      console.error(USAGE);
      return 2;
    }
    try {
      checkpointText = await readFile(parsed.values.checkpoint, 'utf8');
    } catch (err) {
      console.error(`error: cannot read the checkpoint ${parsed.values.checkpoint}: ${(err as Error).message}`);
      return 2;
    }
  }
  let catalogue: CatalogueRow[] | undefined;
  if (command === 'import-products') {
    try {
      catalogue = parseProductFile(await readFile(extra[0]!));
    } catch (err) {
      console.error(`error: ${err instanceof ProductFileError ? err.message : `cannot read ${extra[0]}: ${(err as Error).message}`}`);
      return 2;
    }
  }
  const embedded = config.databaseUrl ? undefined : await connectEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  const url = config.databaseUrl ?? embedded!.url;
  try {
    await prepareDatabase(config.migrationDatabaseUrl ?? url, { auditChainKey: config.auditChainKey });
  } catch (err) {
    await embedded?.stop();
    if (!(err instanceof AuditKeyMismatchError)) throw err;
    console.error(`error: ${err.message}`);
    return 1;
  }
  const ds = new DataSource(dataSourceOptions(url, 2, config.databaseRole, config.auditChainKey, await loadEntities(fileURLToPath(new URL('..', import.meta.url)))));
  await ds.initialize();
  try {
    if (auditCommand) return await auditChainCommand(ds, command, config.auditChainKey, parsed.values.out, checkpointText);
    if (command === 'reconcile-payments') return await reconcile(ds.manager, config, parsed.values.since);
    if (catalogue) {
      console.log(formatImportReport(await ds.transaction((m) => importCatalogue(m.getRepository(Product), catalogue))));
      return 0;
    }
    console.log(await ds.transaction((m) => run!(m, parsed.values, extra[0] ?? '')));
    return 0;
  } catch (err) {
    // A refused reconciliation (embedded mode on Stripe payments) is bad input too: nothing was checked.
    if (err instanceof UsageError || err instanceof ReconciliationRefused) {
      console.error(`error: ${err.message}`);
      return 2;
    }
    throw err;
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
