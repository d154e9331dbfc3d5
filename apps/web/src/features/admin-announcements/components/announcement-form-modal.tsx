// Add / Edit announcement (SPEC §5): Title, Type (default General), Event Date (default today),
// Expires At (default seven days later), description; a caller without an admin scope picks the
// college and year group. The core schema gives the spec's messages.
import {
  adminScope,
  ANNOUNCEMENT_DEFAULT_EXPIRY_DAYS,
  ANNOUNCEMENT_DEFAULT_TYPE,
  ANNOUNCEMENT_TYPES,
  announcementCreateBodySchema,
  MSG,
  type Actor,
  type AdminAnnouncement,
  type AnnouncementCreateBody,
  type AnnouncementUpdateBody,
} from '@zan/core';
import { useQuery } from '@tanstack/react-query';
import { CollegeYearFields } from '../../../lib/form/college-year-fields.tsx';
import { useSchemaForm } from '../../../lib/form/use-schema-form.ts';
import { collegeOptionsQuery } from '../../../lib/resources/colleges.ts';
import { FormModal, SelectField, TextAreaField, TextField, useToast } from '../../../ui/index.ts';
import { defaultDates, endOfDay, startOfDay, toDateInput } from '../dates.ts';
import { useAnnouncementMutations } from '../hooks/use-announcements.ts';

type Props = { actor: Actor; announcement: AdminAnnouncement | null; onClose: () => void };
type Values = {
  title: string;
  type: string;
  date: string;
  expiresAt: string;
  description: string;
  collegeId: string;
  yearGroup: string;
};

export function AnnouncementFormModal({ actor, announcement: a, onClose }: Props) {
  const { create, update } = useAnnouncementMutations();
  const toast = useToast();
  const picksScope = !a && adminScope(actor) === null;
  const colleges = useQuery({ ...collegeOptionsQuery(), enabled: picksScope });
  const defaults = defaultDates(Date.now(), ANNOUNCEMENT_DEFAULT_EXPIRY_DAYS);
  // The create schema holds the cross-field rule (expiry not before the event date) for edits too.
  const form = useSchemaForm<unknown, Values>(
    announcementCreateBodySchema,
    {
      title: a?.title ?? '',
      type: a?.type ?? ANNOUNCEMENT_DEFAULT_TYPE,
      date: a ? toDateInput(a.date) : defaults.date,
      expiresAt: a ? toDateInput(a.expiresAt) : defaults.expiresAt,
      description: a?.description ?? '',
      collegeId: '',
      yearGroup: '',
    },
    {
      prepare: (v) => ({
        title: v.title,
        type: v.type,
        date: startOfDay(v.date),
        expiresAt: endOfDay(v.expiresAt),
        description: v.description.trim() ? v.description : null,
        ...(picksScope ? { collegeId: v.collegeId || undefined, yearGroup: v.yearGroup || undefined } : {}),
      }),
      check: (v) =>
        picksScope && (!v.collegeId || !v.yearGroup)
          ? {
              message: MSG.selectCollegeAndYear,
              fields: v.collegeId
                ? { yearGroup: MSG.selectCollegeAndYear }
                : { collegeId: MSG.selectCollegeAndYear },
            }
          : null,
      onSubmit: async (body) => {
        if (a) {
          const { title, type, date, expiresAt, description } = body as AnnouncementCreateBody;
          await update.mutateAsync({
            id: a.id,
            body: { title, type, date, expiresAt, description } satisfies AnnouncementUpdateBody,
          });
        } else await create.mutateAsync(body as AnnouncementCreateBody);
        toast.success(a ? 'Announcement saved.' : 'Announcement added.');
        onClose();
      },
      failureMessage: () => MSG.announcementSaveFailed,
    },
  );
  const { values, set } = form;

  return (
    <FormModal open onClose={onClose} title={a ? 'Edit Announcement' : 'Add Announcement'} form={form}>
      <TextField
        label="Title"
        value={values.title}
        onChange={(e) => set('title', e.target.value)}
        maxLength={300}
        autoFocus
        {...form.invalid('title')}
      />
      <SelectField label="Type" value={values.type} onChange={(e) => set('type', e.target.value)}>
        {ANNOUNCEMENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Event Date"
          type="date"
          value={values.date}
          onChange={(e) => set('date', e.target.value)}
          {...form.invalid('date')}
        />
        <TextField
          label="Expires At"
          type="date"
          value={values.expiresAt}
          onChange={(e) => set('expiresAt', e.target.value)}
          {...form.invalid('expiresAt')}
        />
      </div>
      {picksScope && (
        <div className="grid gap-4 sm:grid-cols-2">
          <CollegeYearFields form={form} colleges={colleges} everyYear />
        </div>
      )}
      <TextAreaField
        label="Description"
        value={values.description}
        onChange={(e) => set('description', e.target.value)}
        rows={4}
        maxLength={5000}
      />
    </FormModal>
  );
}
