import { SANDBOX_REJECTION_REASON, sandboxDecision } from './integrator-rules.js';

describe("the sandbox's simulated doctor", () => {
  it('rejects an item whose reason carries SANDBOX-REJECT, in any case and anywhere', () => {
    for (const reason of ['SANDBOX-REJECT', 'sandbox-reject', 'Testi: Sandbox-Reject tämä']) {
      expect(sandboxDecision(reason)).toEqual({ decision: 'rejected', reasonForDecision: SANDBOX_REJECTION_REASON });
    }
  });

  it('approves every other item', () => {
    for (const reason of ['', 'Verenpaine hoidossa', 'SANDBOX REJECT', 'reject']) {
      expect(sandboxDecision(reason)).toEqual({ decision: 'approved', reasonForDecision: '' });
    }
  });
});
