/** The staff's TOTP: its status query and the setup writes (calls in api/session.ts). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TotpEnableResponse, TotpSetupResponse } from '@resepti/domain';
import { isApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { enableTotp, fetchTotpStatus, regenerateRecoveryCodes, setupTotp } from '../api/session';
import type { WriteReactions } from '../api/write-reactions';

/** {role, enabled, required}; a 401 (nobody signed in) is an answer here, not retried. */
export function useTotpStatus() {
  return useQuery({
    queryKey: queryKeys.totpStatus,
    queryFn: fetchTotpStatus,
    retry: (count, error) => !isApiError(error) && count < 2,
  });
}

/** A new secret for the authenticator (TOTP stays off until enabled). */
export function useSetupTotp(reactions: WriteReactions<TotpSetupResponse> = {}) {
  return useMutation({ mutationFn: setupTotp, onSuccess: reactions.onSuccess, onError: reactions.onError });
}

/** The first code turns TOTP on; the answer's recovery codes are shown once. The status is refetched. */
export function useEnableTotp(reactions: WriteReactions<TotpEnableResponse, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: async (answer, code) => {
      await reactions.onSuccess?.(answer, code);
      await queryClient.invalidateQueries({ queryKey: queryKeys.totpStatus });
    },
    onError: reactions.onError,
  });
}

/** 'Luo uudet varakoodit' (password and a current code): the answer's codes are shown once. */
export function useRegenerateRecoveryCodes(reactions: WriteReactions<TotpEnableResponse, { password: string; code: string }> = {}) {
  return useMutation({ mutationFn: regenerateRecoveryCodes, onSuccess: reactions.onSuccess, onError: reactions.onError });
}
