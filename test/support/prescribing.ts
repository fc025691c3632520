/**
 * What a doctor's approval prescribes in tests (issues 41 and 45): an approval names a dosage, and a
 * new-prescription request (or a fixture's renewal without a catalogue product) the product and
 * the packages. A renewal of a catalogue product ignores productId (it prescribes its own).
 */

/** Cetirizin Sandoz 10 mg: the 8th row of docs/samples/products.csv, imported in file order into every test database. */
export const TEST_PRESCRIBED_PRODUCT_ID = 8;

export const TEST_DOSAGE = '1 tabletti päivässä';

/** The body of an approval that names everything it may need. */
export const APPROVAL = { decision: 'approved', dosageInstruction: TEST_DOSAGE, productId: TEST_PRESCRIBED_PRODUCT_ID, packages: 1 } as const;

/** A decision's body: an approval with APPROVAL's prescription, any other as it is. */
export function decisionBody(decision: string, reasonForDecision?: string): Record<string, unknown> {
  return decision === 'approved' ? { ...APPROVAL, reasonForDecision } : { decision, reasonForDecision };
}
