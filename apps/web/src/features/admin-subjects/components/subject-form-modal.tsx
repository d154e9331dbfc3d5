// Add / Edit subject (SPEC §5): Subject Name and Parent Module (sorted by name, Global marked; a single
// available module is preselected and locked); a superadmin may make it global. Under a global module
// the server files it under yearGroup 'global'.
import {
  can,
  MSG,
  subjectCreateBodySchema,
  subjectUpdateBodySchema,
  type Actor,
  type AdminSubject,
} from '@zan/core';
import { reasonOf } from '../../../lib/failure.ts';
import { useSchemaForm } from '../../../lib/form/use-schema-form.ts';
import { ApiError } from '../../../lib/api.ts';
import { CheckboxField, FormModal, SelectField, TextField, useToast } from '../../../ui/index.ts';
import { useContentOptions, useSubjectMutations } from '../hooks/use-subjects.ts';

type Props = {
  actor: Actor;
  subject: AdminSubject | null;
  moduleId?: string | undefined;
  onClose: () => void;
};
type Values = { name: string; moduleId: string; isGlobal: boolean };

/** 'Failed to save the subject: {reason}' — or the server's own spec message when it sent one. */
const saveFailure = (err: unknown) =>
  err instanceof ApiError &&
  (err.message === MSG.globalSubjectCreateDenied ||
    err.message === MSG.globalSubjectEditDenied ||
    err.message === MSG.subjectRequired)
    ? err.message
    : MSG.saveSubjectFailed(reasonOf(err));

export function SubjectFormModal({ actor, subject, moduleId, onClose }: Props) {
  const { create, update } = useSubjectMutations();
  const options = useContentOptions();
  const toast = useToast();
  const modules = [...(options.data?.modules ?? [])]
    .filter((m) => m.id === subject?.moduleId || can(actor, 'subject.create', m))
    .sort((a, b) => a.name.localeCompare(b.name));
  const locked = moduleId !== undefined || modules.length === 1;
  const initialModule = subject?.moduleId ?? moduleId ?? '';
  const form = useSchemaForm<unknown, Values>(
    subject ? subjectUpdateBodySchema : subjectCreateBodySchema,
    {
      name: subject?.name ?? '',
      moduleId: initialModule,
      isGlobal: false,
    },
    {
      prepare: (v) => {
        const chosen = v.moduleId || (modules.length === 1 ? modules[0]!.id : '');
        return subject
          ? { name: v.name, moduleId: chosen }
          : { name: v.name, moduleId: chosen, isGlobal: v.isGlobal };
      },
      check: (v) => {
        const parent = modules.find((m) => m.id === (v.moduleId || modules[0]?.id));
        if (v.isGlobal && parent && !can(actor, 'subject.createGlobal', { ...parent, isGlobal: true }))
          return {
            message: MSG.globalSubjectCreateDenied,
            fields: { isGlobal: MSG.globalSubjectCreateDenied },
          };
        return null;
      },
      onSubmit: async (body) => {
        if (subject) await update.mutateAsync({ id: subject.id, body: body as SubjectUpdateBodyT });
        else await create.mutateAsync(body as SubjectCreateBodyT);
        toast.success(
          subject
            ? `Subject "${form.values.name.trim()}" saved.`
            : `Subject "${form.values.name.trim()}" added.`,
        );
        onClose();
      },
      failureMessage: saveFailure,
    },
  );
  const { values, set } = form;
  const selected = values.moduleId || (modules.length === 1 ? modules[0]!.id : '');
  const parent = modules.find((m) => m.id === selected);
  const mayMakeGlobal =
    !subject &&
    parent !== undefined &&
    !parent.isGlobal &&
    can(actor, 'subject.createGlobal', { ...parent, isGlobal: true });

  return (
    <FormModal open onClose={onClose} title={subject ? 'Edit Subject' : 'Add Subject'} form={form}>
      <TextField
        label="Subject Name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        maxLength={200}
        autoFocus
        {...form.invalid('name')}
      />
      <SelectField
        label="Parent Module"
        value={selected}
        onChange={(e) => set('moduleId', e.target.value)}
        disabled={locked || options.isPending}
        hint={
          options.isError
            ? MSG.loadModuleDataFailed
            : parent?.isGlobal
              ? 'A subject of a global module is global too.'
              : undefined
        }
        {...form.invalid('moduleId')}
      >
        <option value="">{options.isPending ? 'Loading modules…' : 'Select module'}</option>
        {modules.map((m) => (
          <option key={m.id} value={m.id}>
            {m.isGlobal ? `${m.name} (Global)` : m.name}
          </option>
        ))}
      </SelectField>
      {mayMakeGlobal && (
        <CheckboxField
          label="Make this a GLOBAL subject"
          hint="Shown to every year group of the college."
          checked={values.isGlobal}
          onChange={(e) => set('isGlobal', e.target.checked)}
        />
      )}
    </FormModal>
  );
}

type SubjectCreateBodyT = import('@zan/core').SubjectCreateBody;
type SubjectUpdateBodyT = import('@zan/core').SubjectUpdateBody;
