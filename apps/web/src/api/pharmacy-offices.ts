/** The pharmacy user's offices and the office chosen for this session (SPEC section 7). */
import type { PharmacyOffice } from '@resepti/domain';
import { api } from './client';

export function fetchUsersOffices(): Promise<PharmacyOffice[]> {
  return api.get<PharmacyOffice[]>('/users-offices', { level: 'pharmacy' });
}

export function selectOffice(officeId: number): Promise<void> {
  return api.patch<void>(`/selected-office/${encodeURIComponent(String(officeId))}`, undefined, { level: 'pharmacy' });
}
