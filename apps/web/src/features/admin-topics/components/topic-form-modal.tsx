// Add / Edit topic (SPEC §2, §5): Topic Name, Parent Module, Parent Subject (disabled until a module is
// chosen; both sorted by name, Global marked); 'Make this a GLOBAL topic' for a superadmin under a
// global parent. The module is derived from the subject on the server; 'All fields are required.'
import {
  can,
  MSG,
  topicCreateBodySchema,
  topicUpdateBodySchema,
  type Actor,
  type AdminTopic,
  type TopicCreateBody,
  type TopicUpdateBody,
} from '@zan/core';
import { failureText } from '../../../lib/failure.ts';
import { useSchemaForm } from '../../../lib/form/use-schema-form.ts';
import { CheckboxField, FormModal, SelectField, TextField, useToast } from '../../../ui/index.ts';
import { useContentOptions, useTopicMutations } from '../hooks/use-topics.ts';

type Props = { actor: Actor; topic: AdminTopic | null; subjectId?: string | undefined; onClose: () => void };
type Values = { name: string; moduleId: string; subjectId: string; isGlobal: boolean };
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const label = (o: { name: string; isGlobal: boolean }) => (o.isGlobal ? `${o.name} (Global)` : o.name);

export function TopicFormModal({ actor, topic, subjectId, onClose }: Props) {
  const { create, update } = useTopicMutations();
  const options = useContentOptions();
  const toast = useToast();
  const allSubjects = options.data?.subjects ?? [];
  const modulesById = new Map((options.data?.modules ?? []).map((m) => [m.id, m]));
  const preset = allSubjects.find((s) => s.id === (topic?.subjectId ?? subjectId));
  const form = useSchemaForm<unknown, Values>(
    topic ? topicUpdateBodySchema : topicCreateBodySchema,
    {
      name: topic?.name ?? '',
      moduleId: topic?.moduleId ?? preset?.moduleId ?? '',
      subjectId: topic?.subjectId ?? subjectId ?? '',
      isGlobal: topic?.isGlobal ?? false,
    },
    {
      prepare: (v) => ({
        name: v.name,
        subjectId: v.subjectId || undefined,
        moduleId: v.moduleId || undefined,
        isGlobal: v.isGlobal,
      }),
      check: (v) =>
        !v.moduleId || !v.subjectId
          ? {
              message: MSG.topicRequired,
              fields: v.moduleId ? { subjectId: MSG.topicRequired } : { moduleId: MSG.topicRequired },
            }
          : null,
      onSubmit: async (body) => {
        if (topic) await update.mutateAsync({ id: topic.id, body: body as TopicUpdateBody });
        else await create.mutateAsync(body as TopicCreateBody);
        toast.success(
          topic ? `Topic "${form.values.name.trim()}" saved.` : `Topic "${form.values.name.trim()}" added.`,
        );
        onClose();
      },
      failureMessage: (err) => failureText(MSG.saveTopicFailed, err),
    },
  );
  const { values } = form;
  // Parents the actor may add a topic under (the topic's own stays listed when editing).
  const mayUse = (s: (typeof allSubjects)[number]) => {
    const m = modulesById.get(s.moduleId);
    return (
      s.id === topic?.subjectId ||
      (m !== undefined &&
        can(actor, 'topic.create', { ...s, collegeId: m.collegeId, yearGroup: m.yearGroup }))
    );
  };
  const usable = allSubjects.filter(mayUse);
  const modules = [...modulesById.values()]
    .filter((m) => usable.some((s) => s.moduleId === m.id))
    .sort(byName);
  const subjects = usable.filter((s) => s.moduleId === values.moduleId).sort(byName);
  const parent = subjects.find((s) => s.id === values.subjectId);
  const parentModule = modulesById.get(values.moduleId);
  const mayMakeGlobal =
    parent !== undefined &&
    parentModule !== undefined &&
    can(actor, 'topic.makeGlobal', {
      collegeId: parentModule.collegeId,
      yearGroup: parentModule.yearGroup,
      isGlobal: parent.isGlobal || parentModule.isGlobal,
    });

  return (
    <FormModal open onClose={onClose} title={topic ? 'Edit Topic' : 'Add Topic'} form={form}>
      <TextField
        label="Topic Name"
        value={values.name}
        onChange={(e) => form.set('name', e.target.value)}
        maxLength={200}
        autoFocus
        {...form.invalid('name')}
      />
      <SelectField
        label="Parent Module"
        value={values.moduleId}
        onChange={(e) => form.patch({ moduleId: e.target.value, subjectId: '', isGlobal: false })}
        disabled={options.isPending}
        hint={options.isError ? MSG.loadModuleDataFailed : undefined}
        {...form.invalid('moduleId')}
      >
        <option value="">{options.isPending ? 'Loading modules…' : 'Select module'}</option>
        {modules.map((m) => (
          <option key={m.id} value={m.id}>
            {label(m)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Parent Subject"
        value={values.subjectId}
        onChange={(e) => form.patch({ subjectId: e.target.value, isGlobal: false })}
        disabled={!values.moduleId}
        hint={values.moduleId ? undefined : 'Choose a module first.'}
        {...form.invalid('subjectId')}
      >
        <option value="">Select subject</option>
        {subjects.map((s) => (
          <option key={s.id} value={s.id}>
            {label(s)}
          </option>
        ))}
      </SelectField>
      {mayMakeGlobal && (
        <CheckboxField
          label="Make this a GLOBAL topic"
          hint="Shown to every year group of the college."
          checked={values.isGlobal}
          onChange={(e) => form.set('isGlobal', e.target.checked)}
        />
      )}
    </FormModal>
  );
}
