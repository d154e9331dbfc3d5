// The subjects resource (admin, online only): list (of a module or all), one subject, create, edit, archive.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminSubject,
  SubjectCreateBody,
  SubjectListResponse,
  SubjectResponse,
  SubjectUpdateBody,
} from '@zan/core';
import { apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { cursorPaging, enc, qs } from './paging.ts';

export type SubjectListParams = { search: string; moduleId?: string | undefined };

export const fetchSubjectPage = (p: SubjectListParams, cursor: string | undefined, signal?: AbortSignal) =>
  apiGet<SubjectListResponse>(
    `/api/admin/subjects${qs({ moduleId: p.moduleId, search: p.search, cursor })}`,
    signal ? { signal } : undefined,
  );
const fetchSubject = async (id: string): Promise<AdminSubject> =>
  (await apiGet<SubjectResponse>(`/api/admin/subjects/${enc(id)}`)).subject;
export const createSubject = async (body: SubjectCreateBody): Promise<AdminSubject> =>
  (await apiPost<SubjectResponse>('/api/admin/subjects', body)).subject;
export const updateSubject = async (id: string, body: SubjectUpdateBody): Promise<AdminSubject> =>
  (await apiPatch<SubjectResponse>(`/api/admin/subjects/${enc(id)}`, body)).subject;
export const archiveSubject = async (id: string): Promise<void> => {
  await apiPost(`/api/admin/subjects/${enc(id)}/archive`);
};

export const subjectListQuery = (p: SubjectListParams) =>
  infiniteQueryOptions({
    queryKey: keys.subjectList(p),
    queryFn: ({ pageParam, signal }) => fetchSubjectPage(p, pageParam, signal),
    ...cursorPaging,
  });

export const subjectQuery = (id: string) =>
  queryOptions({ queryKey: keys.subject(id), queryFn: () => fetchSubject(id) });
