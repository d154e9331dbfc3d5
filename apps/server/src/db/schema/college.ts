// college: a medical college and its year-group labels (free text such as 'First Year, 2024-2025').
import { pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export const college = pgTable('college', {
  id: id(),
  name: text('name').notNull(),
  years: text('years').array().notNull().default([]),
  ...timestamps(),
});
