// The colleges resource: list, add, rename / set year groups, delete — the client and its query
// options (the sign-up form's public list shares the same endpoint under its own key).
import { queryOptions } from '@tanstack/react-query';
import type {
  College,
  CollegeListResponse,
  CollegeResponse,
  CreateCollegeBody,
  UpdateCollegeBody,
} from '@zan/core';
import { apiDelete, apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';

const path = (id: string) => `/api/colleges/${encodeURIComponent(id)}`;
const byName = (list: College[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

const fetchColleges = async (): Promise<College[]> =>
  (await apiGet<CollegeListResponse>('/api/colleges')).colleges;
export const createCollege = async (body: CreateCollegeBody): Promise<College> =>
  (await apiPost<CollegeResponse>('/api/colleges', body)).college;
export const updateCollege = async (id: string, body: UpdateCollegeBody): Promise<College> =>
  (await apiPatch<CollegeResponse>(path(id), body)).college;
export const deleteCollege = async (id: string, confirmName: string): Promise<void> => {
  await apiDelete(path(id), { confirmName });
};

/** Colleges sorted by name, for selectors. */
export const collegeOptionsQuery = () =>
  queryOptions({ queryKey: keys.colleges(), queryFn: fetchColleges, select: byName });

/** The sign-up form's list, sorted by name, cached for the visit. */
export const publicCollegesQuery = () =>
  queryOptions({
    queryKey: keys.publicColleges(),
    queryFn: async () => byName(await fetchColleges()),
    staleTime: 5 * 60_000,
  });
