// Add / Edit module (SPEC §5): Module Name, Stage (≥ 1), Free, extra info; College (and, for a caller
// without an admin scope, Year Group) — in global mode only College, isGlobal forced, yearGroup 'global'.
import {
  adminScope,
  GLOBAL_YEAR_GROUP,
  MIN_MODULE_STAGE,
  moduleCreateBodySchema,
  moduleUpdateBodySchema,
  MSG,
  type Actor,
  type AdminModule,
} from '@zan/core';
import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../../lib/failure.ts';
import { CollegeYearFields } from '../../../lib/form/college-year-fields.tsx';
import { useSchemaForm } from '../../../lib/form/use-schema-form.ts';
import { collegeOptionsQuery } from '../../../lib/resources/colleges.ts';
import { CheckboxField, FormModal, TextAreaField, TextField, useToast } from '../../../ui/index.ts';
import { useModuleMutations } from '../hooks/use-modules.ts';

type Props = { actor: Actor; module: AdminModule | null; global: boolean; onClose: () => void };
type Values = {
  name: string;
  stage: string;
  isFree: boolean;
  extraInfo: string;
  collegeId: string;
  yearGroup: string;
};

export function ModuleFormModal({ actor, module, global, onClose }: Props) {
  const { create, update } = useModuleMutations();
  const toast = useToast();
  // Only a caller without a scope of their own (a superadmin) chooses where the module lives.
  const picksScope = adminScope(actor) === null;
  const colleges = useQuery({ ...collegeOptionsQuery(), enabled: picksScope });
  const form = useSchemaForm<unknown, Values>(
    module ? moduleUpdateBodySchema : moduleCreateBodySchema,
    {
      name: module?.name ?? '',
      stage: module ? String(module.stage) : '',
      isFree: module?.isFree ?? true,
      extraInfo: module?.extraInfo ?? '',
      collegeId: module?.collegeId ?? '',
      yearGroup: module && module.yearGroup !== GLOBAL_YEAR_GROUP ? module.yearGroup : '',
    },
    {
      prepare: (v) => ({
        name: v.name,
        stage: v.stage.trim() === '' ? undefined : Number(v.stage),
        isFree: v.isFree,
        extraInfo: v.extraInfo.trim() ? v.extraInfo : null,
        ...(module ? {} : { isGlobal: global }),
        ...(picksScope
          ? {
              collegeId: v.collegeId || undefined,
              ...(global ? {} : { yearGroup: v.yearGroup || undefined }),
            }
          : {}),
      }),
      check: (v) =>
        picksScope && (!v.collegeId || (!global && !v.yearGroup))
          ? {
              message: MSG.moduleRequired,
              fields: v.collegeId ? { yearGroup: MSG.moduleRequired } : { collegeId: MSG.moduleRequired },
            }
          : null,
      onSubmit: async (body) => {
        if (module)
          await update.mutateAsync({
            id: module.id,
            body: body as Parameters<typeof update.mutateAsync>[0]['body'],
          });
        else await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
        toast.success(
          module
            ? `Module "${form.values.name.trim()}" saved.`
            : `Module "${form.values.name.trim()}" added.`,
        );
        onClose();
      },
      failureMessage: (err) => failureText(MSG.saveModuleFailed, err),
    },
  );
  const { values, set } = form;

  return (
    <FormModal
      open
      onClose={onClose}
      title={module ? 'Edit Module' : global ? 'Add Global Module' : 'Add Module'}
      description={global ? 'A global module is offered to every year group of its college.' : undefined}
      form={form}
    >
      <TextField
        label="Module Name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        maxLength={200}
        autoFocus
        {...form.invalid('name')}
      />
      <TextField
        label="Stage"
        type="number"
        inputMode="numeric"
        min={MIN_MODULE_STAGE}
        step={1}
        value={values.stage}
        onChange={(e) => set('stage', e.target.value)}
        hint="The study year, shown to students as UG-{stage}."
        {...form.invalid('stage')}
      />
      {picksScope && (
        <CollegeYearFields form={form} colleges={colleges} withYear={!global} lockWhileLoading />
      )}
      <CheckboxField
        label="Free module"
        hint="Unticked: a paid module, shown only to students granted access."
        checked={values.isFree}
        onChange={(e) => set('isFree', e.target.checked)}
      />
      <TextAreaField
        label="Extra info"
        value={values.extraInfo}
        onChange={(e) => set('extraInfo', e.target.value)}
        rows={3}
        maxLength={2000}
        placeholder="Optional notes shown with the module"
      />
    </FormModal>
  );
}
