/**
 * The signed-in customer's account and this browser agree on the language (issue 27): a pick kept
 * on the account (another device) is taken up where this browser has no pick of its own; otherwise
 * the account learns the language the customer uses here, so the text message when a doctor has
 * handled the order is in it. Nothing is sent while the two already agree.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_LANGUAGE, type CustomerSession } from '@resepti/domain';
import { queryKeys } from '../api/query-keys';
import { chooseLanguage, currentLanguage, pickedLanguage } from '../i18n/i18n';
import { saveMyLanguage } from './customer-api';

export function useAccountLanguage(customer: CustomerSession | null | undefined): void {
  const queryClient = useQueryClient();
  const accountLanguage = customer && 'language' in customer ? customer.language : undefined;
  useEffect(() => {
    if (!accountLanguage || accountLanguage === currentLanguage()) return;
    if (!pickedLanguage() && accountLanguage !== DEFAULT_LANGUAGE) {
      void chooseLanguage(accountLanguage);
      return;
    }
    saveMyLanguage(currentLanguage())
      .then((saved) => queryClient.setQueryData<CustomerSession | null>(queryKeys.session('customer'), (old) => (old ? { ...old, language: saved.language } : old)))
      .catch(() => undefined); // tried again on the next session load
  }, [accountLanguage, queryClient]);
}
