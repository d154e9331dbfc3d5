// The modules resource (admin, online only): list / search, one module, create, edit, archive, the
// global modules list and its permanent delete, and the Parent Module / Subject select options.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  ContentOptionsResponse,
  ModuleCreateBody,
  ModuleListResponse,
  ModuleResponse,
  ModuleUpdateBody,
  PermanentDeleteResponse,
  AdminModule,
} from '@zan/core';
import { apiDelete, apiGet, apiPatch, apiPost } from '../api.ts';
import { keys } from './keys.ts';
import { cursorPaging, enc, qs } from './paging.ts';

export type ModuleListParams = { search: string; global?: boolean };

const listPath = (p: ModuleListParams) => (p.global ? '/api/admin/global-modules' : '/api/admin/modules');

const fetchModulePage = (p: ModuleListParams, cursor: string | undefined, signal?: AbortSignal) =>
  apiGet<ModuleListResponse>(
    `${listPath(p)}${qs({ search: p.search, cursor })}`,
    signal ? { signal } : undefined,
  );
const fetchModule = async (id: string): Promise<AdminModule> =>
  (await apiGet<ModuleResponse>(`/api/admin/modules/${enc(id)}`)).module;
export const createModule = async (body: ModuleCreateBody): Promise<AdminModule> =>
  (await apiPost<ModuleResponse>('/api/admin/modules', body)).module;
export const updateModule = async (id: string, body: ModuleUpdateBody): Promise<AdminModule> =>
  (await apiPatch<ModuleResponse>(`/api/admin/modules/${enc(id)}`, body)).module;
export const archiveModule = async (id: string): Promise<void> => {
  await apiPost(`/api/admin/modules/${enc(id)}/archive`);
};
export const deleteGlobalModule = (id: string) =>
  apiDelete<PermanentDeleteResponse>(`/api/admin/global-modules/${enc(id)}`);
const fetchContentOptions = () => apiGet<ContentOptionsResponse>('/api/admin/options');

/** Modules of the caller's scope (or the global modules), 15 per page by name. */
export const moduleListQuery = (p: ModuleListParams) =>
  infiniteQueryOptions({
    queryKey: keys.moduleList(p),
    queryFn: ({ pageParam, signal }) => fetchModulePage(p, pageParam, signal),
    ...cursorPaging,
  });

export const moduleQuery = (id: string) =>
  queryOptions({ queryKey: keys.module(id), queryFn: () => fetchModule(id) });

/** Every module and subject the caller may pick as a parent, sorted by name (Global marked). */
export const contentOptionsQuery = () =>
  queryOptions({ queryKey: keys.options(), queryFn: fetchContentOptions });
