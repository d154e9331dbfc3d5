// The colleges list and its mutations, from the shared colleges resource; each success refreshes the
// list (and the sign-up form's copy).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateCollegeBody } from '@zan/core';
import {
  collegeOptionsQuery,
  createCollege,
  deleteCollege,
  updateCollege,
} from '../../../lib/resources/colleges.ts';
import { keys } from '../../../lib/resources/keys.ts';

export function useColleges() {
  return useQuery({ ...collegeOptionsQuery(), retry: 1 });
}

export function useCollegeMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: keys.colleges() }),
      qc.invalidateQueries({ queryKey: keys.publicColleges() }),
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
