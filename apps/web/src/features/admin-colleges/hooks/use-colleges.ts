// The colleges list and its mutations; each success refreshes the list (and the sign-up form's copy).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateCollegeBody } from '@zan/core';
import {
  collegesQueryKey,
  createCollege,
  deleteCollege,
  fetchColleges,
  publicCollegesQueryKey,
  updateCollege,
} from '../api/colleges-api.ts';

export function useColleges() {
  return useQuery({ queryKey: collegesQueryKey, queryFn: fetchColleges, retry: 1 });
}

export function useCollegeMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: collegesQueryKey }),
      qc.invalidateQueries({ queryKey: publicCollegesQueryKey }),
    ]);
  const create = useMutation({ mutationFn: createCollege, onSuccess: refresh });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCollegeBody }) => updateCollege(id, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: ({ id, confirmName }: { id: string; confirmName: string }) => deleteCollege(id, confirmName),
    onSuccess: refresh,
  });
  return { create, update, remove };
}
