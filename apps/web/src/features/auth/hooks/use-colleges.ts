// The colleges for sign-up, sorted by name (cached for the visit).
import { useQuery } from '@tanstack/react-query';
import { fetchPublicColleges } from '../api/colleges.ts';

export function usePublicColleges(enabled: boolean) {
  return useQuery({
    queryKey: ['public-colleges'],
    queryFn: async () => (await fetchPublicColleges()).sort((a, b) => a.name.localeCompare(b.name)),
    enabled,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
