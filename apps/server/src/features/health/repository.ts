// The health check's one query: a database round trip.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

export const healthRepository = {
  ping: async (db: Database): Promise<void> => {
    await db.execute(sql`select 1`);
  },
};
