// The colleges for sign-up, sorted by name (cached for the visit) — the shared colleges resource.
import { useQuery } from '@tanstack/react-query';
import { publicCollegesQuery } from '../../../lib/resources/colleges.ts';

export function usePublicColleges(enabled: boolean) {
  return useQuery({ ...publicCollegesQuery(), enabled, retry: 1 });
}
