/**
 * The signed-in customer's account learns the language the customer uses the service in here (the
 * browser's, or the switch's pick), so the text message when a doctor has handled the order is in
 * it (issue 27). The screens follow this browser, never the account: a language saved from another
 * device (perhaps only that browser's default) does not override what this browser asks for.
 * Nothing is sent while the two already agree.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CustomerSession } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { currentLanguage } from '../i18n/i18n';
import { saveMyLanguage } from '../api/session';

export function useAccountLanguage(customer: CustomerSession | null | undefined): void {
  const queryClient = useQueryClient();
  const accountLanguage = customer && 'language' in customer ? customer.language : undefined;
  useEffect(() => {
    if (!accountLanguage || accountLanguage === currentLanguage()) return;
    saveMyLanguage(currentLanguage())
      .then((saved) => queryClient.setQueryData<CustomerSession | null>(queryKeys.session('customer'), (old) => (old ? { ...old, language: saved.language } : old)))
      .catch(() => undefined); // tried again on the next session load
  }, [accountLanguage, queryClient]);
}
