// image: an uploaded lecture image, optimised to webp after upload.
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { user } from './user.ts';

export const image = pgTable(
  'image',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    usedIn: text('used_in').array().notNull().default([]),
    collegeId: text('college_id').notNull(),
    yearGroup: text('year_group').notNull(),
    isOptimized: boolean('is_optimized').notNull().default(false),
    storageUrl: text('storage_url').notNull(),
    webpUrl: text('webp_url'),
    createdAt: createdAt(),
  },
  (t) => [index('image_scope_idx').on(t.collegeId, t.yearGroup, t.createdAt)],
);
