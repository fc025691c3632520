/** The language switch's pick, kept on a signed-in customer's account too (the text messages follow it). */
import type { CustomerSession, Language } from '@resepti/domain';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { saveMyLanguage } from './session';

export async function keepOnAccount(language: Language): Promise<void> {
  const customer = queryClient.getQueryData<CustomerSession | null>(queryKeys.session('customer'));
  if (!customer || !('language' in customer) || customer.language === language) return;
  const saved = await saveMyLanguage(language).catch(() => null);
  if (saved) queryClient.setQueryData(queryKeys.session('customer'), { ...customer, language: saved.language });
}
