/**
 * Finnish test identities offered by the embedded identity provider, the way the bank
 * identification brokers' own test environments offer them. The hetus use the temporary
 * individual numbers 900–999, which are never issued to real people.
 */
export interface TestIdentity {
  hetu: string;
  firstName: string;
  lastName: string;
  /** Shown on the IdP page (in its language): who this identity is good for testing. */
  note?: { kind: 'born-2000s' } | { kind: 'customer'; email: string };
}

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  { hetu: '240592-902B', firstName: 'Maija', lastName: 'Mallikas' },
  { hetu: '150385-9013', firstName: 'Matti', lastName: 'Meikäläinen' },
  { hetu: '120601A948D', firstName: 'Sanna', lastName: 'Saarinen', note: { kind: 'born-2000s' } },
  { hetu: '070305A913N', firstName: 'Ville', lastName: 'Virtanen', note: { kind: 'born-2000s' } },
  { hetu: '311299-966C', firstName: 'Tiina', lastName: 'Testaaja' },
  { hetu: '010190-998V', firstName: 'Aino', lastName: 'Asiakas', note: { kind: 'customer', email: 'asiakas@example.fi' } },
];
