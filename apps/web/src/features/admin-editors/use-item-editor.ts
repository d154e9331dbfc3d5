// The flow both item editors (deck cards, quiz questions) share: load the set, pick an item or a new
// one, save it (an edit keeps its id, so progress stays), Ctrl/Cmd+Enter saves and opens the next item
// (the next in the list after an existing one, a new one after a new one), delete after a
// confirmation; the list filtered by a search that keeps each item's number. Unsaved work (issue 22)
// is a draft on this device offered back on opening; switching items or leaving asks first. The deck /
// quiz fields and preview stay in their pages.
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { MSG, type AdminTopic } from '@zan/core';
import { useEffect, useRef, useState } from 'react';
import { stringRecord } from '../../lib/drafts/draft-store.ts';
import { useEditorDraft } from '../../lib/drafts/use-editor-draft.ts';
import { failureText } from '../../lib/failure.ts';
import { useSchemaForm, type FormSchema } from '../../lib/form/use-schema-form.ts';
import { keys } from '../../lib/resources/keys.ts';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useToast } from '../../ui/index.ts';
import { isNotFound } from './components/item-editor-layout.tsx';
import { filterNumbered } from './item-search.ts';

type Config<TData, TKey extends QueryKey, Item, V, Out> = {
  /** The set's editor query (lib/resources); its key is refreshed after every change. */
  query: UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey };
  itemsOf: (data: TData) => readonly Item[];
  /** 'deck:<id>' / 'quiz:<id>': where the draft is kept. */
  draftItem: string;
  /** 'Card' / 'Question': the toasts, headings, buttons and the delete dialog use it. */
  word: string;
  /** The item's lines in the list (the first two show). */
  label: (item: Item) => string;
  /** What the search looks in. */
  searchTexts: (item: Item) => readonly string[];
  schema: FormSchema<Out>;
  empty: V;
  valuesOf: (item: Item) => V;
  prepare?: (values: V) => unknown;
  /** Adds (`'new'`) or updates the item; resolves to the saved item's id. */
  save: (selected: string, body: Out) => Promise<string>;
  remove: (id: string) => Promise<unknown>;
};

const sameValues = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(b).every((k) => a[k] === b[k]);

export function useItemEditor<
  TData extends { topic: AdminTopic },
  TKey extends QueryKey,
  Item extends { id: string },
  V extends Record<string, string>,
  Out,
>(c: Config<TData, TKey, Item, V, Out>) {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery({ ...c.query, retry: (n, err) => !isNotFound(err) && n < 1 });
  const [selected, setSelected] = useState<string | 'new'>('new');
  /** The values as saved (or empty for a new item): the form is dirty when it differs. */
  const [baseline, setBaseline] = useState<V>(c.empty);
  /** Changes whenever another item (or a restored draft) fills the form: the rich fields restart. */
  const [formKey, setFormKey] = useState(0);
  const [query, setQuery] = useState('');
  const [doomed, setDoomed] = useState<Item | null>(null);
  const [switchTo, setSwitchTo] = useState<string | 'new' | null>(null);
  const next = useRef(false);
  const firstRef = useRef<HTMLTextAreaElement>(null);
  const items = q.data ? c.itemsOf(q.data) : [];
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: c.query.queryKey }),
      q.data && qc.invalidateQueries({ queryKey: keys.topicResources(q.data.topic.id) }),
    ]);

  const fill = (id: string | 'new', values: V, saved: V) => {
    setSelected(id);
    setBaseline(saved);
    form.reset(values);
    setFormKey((k) => k + 1);
  };
  const open = (id: string | 'new') => {
    const found = items.find((x) => x.id === id);
    const values = found ? c.valuesOf(found) : c.empty;
    fill(found ? id : 'new', values, values);
    // A plain first field (the quiz's) takes the cursor; rich fields focus themselves as they restart.
    requestAnimationFrame(() => firstRef.current?.focus());
  };

  const save = useMutation({ mutationFn: (body: Out) => c.save(selected, body) });
  const form = useSchemaForm(c.schema, c.empty, {
    ...(c.prepare ? { prepare: c.prepare } : {}),
    onSubmit: async (body, values) => {
      const id = await save.mutateAsync(body);
      draft.clear();
      setBaseline(values);
      await refresh();
      toast.success(selected === 'new' ? `${c.word} added.` : `${c.word} saved.`);
      if (!next.current) return setSelected(id);
      // Save and next: the item after this one, or a new one after the last (or a new) item.
      const at = items.findIndex((x) => x.id === selected);
      open(at >= 0 && at + 1 < items.length ? items[at + 1]!.id : 'new');
    },
    failureMessage: (err) => failureText(MSG.saveItemFailed, err),
  });
  const dirty = !sameValues(form.values, baseline);
  const guard = useLeaveGuard(dirty);
  const draft = useEditorDraft({
    item: q.data ? c.draftItem : null,
    values: { selected, values: form.values },
    dirty,
    parse: (raw) => {
      const r = raw as { selected?: unknown; values?: unknown } | null;
      const values = stringRecord(Object.keys(c.empty))(r?.values);
      return r && typeof r.selected === 'string' && values
        ? { selected: r.selected, values: values as V }
        : null;
    },
  });
  const restore = () => {
    const d = draft.restore();
    if (!d) return;
    const found = items.find((x) => x.id === d.selected);
    fill(found ? found.id : 'new', d.values, found ? c.valuesOf(found) : c.empty);
  };

  // An item deleted elsewhere (or here) closes its form.
  useEffect(() => {
    if (selected !== 'new' && q.data && !c.itemsOf(q.data).some((x) => x.id === selected)) open('new');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, selected]);

  /** Opening another item asks first when this one has unsaved changes. */
  const requestOpen = (id: string | 'new') => {
    if (dirty && id === selected) return;
    if (dirty) setSwitchTo(id);
    else open(id);
  };
  const shown = filterNumbered(items, c.searchTexts, query);

  return {
    q,
    form,
    word: c.word,
    selected,
    formKey,
    /** The number of the open item (1-based), or 0 for a new one. */
    position: items.findIndex((x) => x.id === selected) + 1,
    /** Whether Ctrl/Cmd+Enter opens the next item (an existing one) or a new one. */
    nextIsExisting: selected !== 'new' && items.findIndex((x) => x.id === selected) + 1 < items.length,
    firstRef,
    /** Set by Ctrl/Cmd+Enter: the save then opens the next item. */
    next,
    draft: { offer: draft.offer, restore, discard: draft.discard },
    guard,
    switching: {
      open: switchTo !== null,
      stay: () => setSwitchTo(null),
      discard: () => {
        if (switchTo !== null) open(switchTo);
        setSwitchTo(null);
      },
    },
    /** Spread into ItemEditorLayout. */
    layout: {
      topic: q.data?.topic,
      loading: q.isPending,
      error: q.error,
      onRetry: () => void q.refetch(),
      items: shown.map(({ item, n }) => ({ id: item.id, n, label: c.label(item) })),
      total: items.length,
      query,
      onQuery: setQuery,
      selected,
      onSelect: requestOpen,
      onDelete: (id: string) => setDoomed(items.find((x) => x.id === id) ?? null),
      itemWord: c.word,
    },
    doomed,
    closeDelete: () => setDoomed(null),
    confirmDelete: async () => {
      if (!doomed) return;
      try {
        await c.remove(doomed.id);
      } catch (err) {
        throw new Error(failureText(MSG.deleteItemFailed, err), { cause: err });
      }
      await refresh();
      toast.success(`${c.word} deleted.`);
    },
  };
}
