// The paging pieces of the admin lists (SPEC §9), shared by the admin content and announcements
// contracts: the search box, the opaque cursor asked for, and the next page's cursor (null on the last).
import { text } from './common.ts';

export const listSearch = text().max(200).optional();
export const listCursor = text().max(400).optional();
export const nextCursor = text().nullable();
