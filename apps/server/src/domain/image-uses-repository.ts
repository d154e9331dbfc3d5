// image.used_in kept in step with the content that shows the image — for every writer of content: the
// editors and bulk imports (features/content) and the Anki import (features/anki). A content row uses
// the images of its own scope (its college and year group, or that college's global images) whose
// original or webp URL appears in an src of its HTML; another college's image never counts a use by it.
// Writes run inside withContentWrite (content-write.ts) only.
import { sql } from 'drizzle-orm';
import { GLOBAL_YEAR_GROUP } from '@zan/core';
import type { Tx } from '../db/client.ts';
import { image } from '../db/schema/index.ts';

/** A content row as image uses see it: its id and the scope its images must belong to. */
type ScopedContent = { id: string; collegeId: string; yearGroup: string };
/** An image as a permission check sees it: which one, and the scope it lives in. */
export type ScopedImage = Pick<typeof image.$inferSelect, 'id' | 'collegeId' | 'yearGroup'>;
type Scope = Omit<ScopedContent, 'id'>;

/** The src URLs of the HTML, in order. */
const srcsOf = (html: string) => [...html.matchAll(/\ssrc="([^"]+)"/g)].map((m) => m[1]!);
/** One text[] parameter, however many values. */
const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;
/** An image of this scope: the same college, and the same year group or the college's global images. */
const inScope = (scope: Scope) =>
  sql`${image.collegeId} = ${scope.collegeId} and (${image.yearGroup} = ${scope.yearGroup} or ${image.yearGroup} = ${GLOBAL_YEAR_GROUP})`;

export const imageUsesRepository = {
  /** The content's uses follow its HTML: the images of its scope an src links gain its id, the others lose it. */
  async sync(tx: Tx, content: ScopedContent, html: string): Promise<void> {
    const urls = srcsOf(html);
    const list = textArray(urls);
    const linked = sql`(${image.storageUrl} = any(${list}) or ${image.webpUrl} = any(${list})) and ${inScope(content)}`;
    await tx
      .update(image)
      .set({ usedIn: sql`array_remove(${image.usedIn}, ${content.id})` })
      .where(sql`${content.id} = any(${image.usedIn}) and not ${linked}`);
    if (urls.length)
      await tx
        .update(image)
        .set({ usedIn: sql`array_append(${image.usedIn}, ${content.id})` })
        .where(sql`${linked} and not ${content.id} = any(${image.usedIn})`);
  },

  /**
   * New rows of one scope (in no image's used_in yet) linked to the images their HTML uses, in one
   * statement: a 30,000-note Anki import with 2,000 pictured cards made 2,000 round trips one at a time.
   */
  async linkNew(tx: Tx, scope: Scope, rows: readonly { id: string; html: string }[]): Promise<void> {
    const pairs = rows.flatMap((r) => srcsOf(r.html).map((url) => [url, r.id] as const));
    if (!pairs.length) return;
    await tx.execute(sql`
      with u as (
        select * from unnest(${textArray(pairs.map((p) => p[0]))}, ${textArray(pairs.map((p) => p[1]))})
          as u(url, card_id)
      ), m as (
        select ${image.id} as image_id, array_agg(distinct u.card_id) as ids
        from ${image} join u on (${image.storageUrl} = u.url or ${image.webpUrl} = u.url)
        where ${inScope(scope)}
        group by ${image.id}
      )
      update ${image} set used_in = ${image.usedIn} || m.ids from m where ${image.id} = m.image_id`);
  },

  /**
   * The images of the contents' scope used by these contents and nothing else (a page's own pictures),
   * locked: candidates to go with them (the service keeps those the deleter may not delete).
   */
  async onlyUsedBy(tx: Tx, contentIds: readonly string[], scope: Scope): Promise<ScopedImage[]> {
    if (!contentIds.length) return [];
    return tx
      .select({ id: image.id, collegeId: image.collegeId, yearGroup: image.yearGroup })
      .from(image)
      .where(
        sql`cardinality(${image.usedIn}) > 0 and ${image.usedIn} <@ ${textArray(contentIds)} and ${inScope(scope)}`,
      )
      .for('update');
  },

  /** Content that no longer exists stops counting as a use of any image. */
  async drop(tx: Tx, contentIds: readonly string[]): Promise<void> {
    if (!contentIds.length) return;
    const ids = textArray(contentIds);
    await tx
      .update(image)
      .set({ usedIn: sql`array(select u from unnest(${image.usedIn}) u where u <> all(${ids}))` })
      .where(sql`${image.usedIn} && ${ids}`);
  },
};
