/** Where the customer lands after paying: the prescriptions, with the checkout's outcome shown (both providers). */
export const paidUrl = (sessionId: string) => `/reseptit?maksu=${encodeURIComponent(sessionId)}`;
