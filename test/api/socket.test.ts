import { ROOMS } from '@resepti/domain';
import { startApp, type TestApp } from '../support/app';
import { loginAs } from '../support/http';
import { connectSocket, sessionInfo } from '../support/socket';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe('live socket', () => {
  it('refuses a connection without a session', async () => {
    await expect(connectSocket(app.baseUrl)).rejects.toThrow();
  });

  it('refuses a connection with a logged-out session', async () => {
    const doctor = await loginAs(app, 'doctor');
    const cookie = doctor.cookieHeader;
    await doctor.post('/logout');
    await expect(connectSocket(app.baseUrl, cookie)).rejects.toThrow();
  });

  it("puts a doctor's socket in the doctors room and the doctor's own room", async () => {
    const doctor = await loginAs(app, 'doctor');
    const { id } = (await doctor.get<{ id: number }>('/my-doctor-info')).body;
    const socket = await connectSocket(app.baseUrl, doctor);
    try {
      expect(await sessionInfo(socket)).toEqual({ role: 'doctor', rooms: [ROOMS.doctor(id), ROOMS.doctors].sort() });
    } finally {
      socket.close();
    }
  });

  it("puts a pharmacy user's socket in its pharmacy's rooms and a customer's in its own", async () => {
    const pharmacist = await loginAs(app, 'kyla');
    const me = (await pharmacist.get('/pharmacy-user')).body as { id: number; pharmacyId: number };
    const socket = await connectSocket(app.baseUrl, pharmacist);
    const customer = await loginAs(app, 'customer');
    const customerId = ((await customer.get('/my-user')).body as { id: number }).id;
    const customerSocket = await connectSocket(app.baseUrl, customer);
    try {
      const info = await sessionInfo(socket);
      expect(info.role).toBe('pharmacy');
      expect(info.rooms).toEqual(expect.arrayContaining([ROOMS.pharmacies, ROOMS.pharmacy(me.pharmacyId), ROOMS.pharmacyUser(me.id)]));
      expect(info.rooms).not.toContain(ROOMS.doctors);
      expect(await sessionInfo(customerSocket)).toEqual({ role: 'customer', rooms: [ROOMS.customer(customerId)] });
    } finally {
      socket.close();
      customerSocket.close();
    }
  });
});
