// Server calls of the colleges tab (online only): list, add, rename / set year groups, delete.
import type { College, CollegeListResponse, CollegeResponse, CreateCollegeBody, UpdateCollegeBody } from '@zan/core';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../../lib/api.ts';

export const collegesQueryKey = ['admin', 'colleges'] as const;
/** The sign-up form's cache of the same list; refreshed after every change here. */
export const publicCollegesQueryKey = ['public-colleges'] as const;

const path = (id: string) => `/api/colleges/${encodeURIComponent(id)}`;

export const fetchColleges = async (): Promise<College[]> => (await apiGet<CollegeListResponse>('/api/colleges')).colleges;
export const createCollege = async (body: CreateCollegeBody): Promise<College> =>
  (await apiPost<CollegeResponse>('/api/colleges', body)).college;
export const updateCollege = async (id: string, body: UpdateCollegeBody): Promise<College> =>
  (await apiPatch<CollegeResponse>(path(id), body)).college;
export const deleteCollege = async (id: string, confirmName: string): Promise<void> => {
  await apiDelete(path(id), { confirmName });
};
