/**
 * /adminapteekki lists the pharmacy's integrator clients (issue "Integrator API") and the admin
 * revokes one by keyboard: the system's calls stop at once. axe-clean at 1280 and 390 px.
 */
import { checkScreen, WIDE } from '../support/a11y';
import { browserSuite, submitLogin } from '../support/browser';
import { createApiClient, IntegratorClient } from '../support/integrator';
import { runAdmin } from '../support/cli';

const suite = browserSuite();

describe('pharmacy systems on /adminapteekki', () => {
  it('shows the clients with their offices and revokes one at once', async () => {
    const pos = await createApiClient(suite.app, 'Keskusapteekki', 'Kassajärjestelmä', ['Keskusapteekki Asema']);
    await createApiClient(suite.app, 'Kylän apteekki', 'Kylän kassa');
    const sandbox = await runAdmin(['create-api-client', '--pharmacy', 'Keskusapteekki', '--name', 'Testikassa', '--sandbox'], { DATABASE_URL: suite.app.databaseUrl });
    expect(sandbox.code).toBe(0);
    const system = await IntegratorClient.signIn(suite.app, pos);
    expect((await system.call('GET', '/products')).status).toBe(200);

    const page = await suite.openPage('/loginapteekki', WIDE);
    await submitLogin(page, 'apteekki.admin', 'Apteekki123');
    await page.getByRole('button', { name: /Keskusapteekki Kauppatori/ }).click();
    await page.waitForURL(`${suite.app.baseUrl}/reseptitapteekki`);
    await page.getByRole('link', { name: 'Järjestelmänvalvoja' }).click();
    const panel = page.getByRole('region', { name: 'Apteekkijärjestelmät (rajapinta)' });
    await panel.getByText('Kassajärjestelmä').waitFor();
    await panel.getByText('Toimipaikat: Keskusapteekki Asema · Käytössä').waitFor();
    // A sandbox client says so: its orders go to a simulated doctor.
    await panel.getByText('Kaikki toimipaikat · Käytössä · Testiympäristö (simuloitu lääkäri)').waitFor();
    // Another pharmacy's system is not listed.
    expect(await panel.getByText('Kylän kassa').count()).toBe(0);
    expect(await checkScreen(page, '/adminapteekki')).toEqual([]);

    await panel.getByRole('listitem').filter({ hasText: 'Kassajärjestelmä' }).getByRole('button', { name: 'Peru käyttöoikeus' }).focus();
    await page.keyboard.press('Enter');
    await panel.getByText('Perutaanko järjestelmän Kassajärjestelmä käyttöoikeus? Sen yhteydet lakkaavat heti.').waitFor();
    await page.keyboard.press('Enter'); // the confirming button has the focus
    await panel.getByText(/Peruttu \d+\.\d+\.\d{4}/).waitFor();
    expect((await system.call('GET', '/products')).status).toBe(401);
  });
});
