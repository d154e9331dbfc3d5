// The flow both item editors (deck cards, quiz questions) share: load the set, pick an item or a new
// one, save it (an edit keeps its id, so progress stays), Ctrl/Cmd+Enter saves and opens the next new
// item, delete after a confirmation; the deck / quiz fields and preview stay in their pages.
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { MSG, type AdminTopic } from '@zan/core';
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../../lib/failure.ts';
import { useSchemaForm, type FormSchema } from '../../lib/form/use-schema-form.ts';
import { keys } from '../../lib/resources/keys.ts';
import { useToast } from '../../ui/index.ts';
import { isNotFound } from './components/item-editor-layout.tsx';

type Config<TData, TKey extends QueryKey, Item, V, Out> = {
  /** The set's editor query (lib/resources); its key is refreshed after every change. */
  query: UseQueryOptions<TData, Error, TData, TKey> & { queryKey: TKey };
  itemsOf: (data: TData) => readonly Item[];
  /** 'Card' / 'Question': the toasts, headings, buttons and the delete dialog use it. */
  word: string;
  /** The item's line in the list. */
  label: (item: Item) => string;
  schema: FormSchema<Out>;
  empty: V;
  valuesOf: (item: Item) => V;
  prepare?: (values: V) => unknown;
  /** Adds (`'new'`) or updates the item; resolves to the saved item's id. */
  save: (selected: string, body: Out) => Promise<string>;
  remove: (id: string) => Promise<unknown>;
};

export function useItemEditor<
  TData extends { topic: AdminTopic },
  TKey extends QueryKey,
  Item extends { id: string },
  V extends Record<string, unknown>,
  Out,
>(c: Config<TData, TKey, Item, V, Out>) {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery({ ...c.query, retry: (n, err) => !isNotFound(err) && n < 1 });
  const [selected, setSelected] = useState<string | 'new'>('new');
  const [doomed, setDoomed] = useState<Item | null>(null);
  const next = useRef(false);
  const firstRef = useRef<HTMLTextAreaElement>(null);
  const items = q.data ? c.itemsOf(q.data) : [];
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: c.query.queryKey }),
      q.data && qc.invalidateQueries({ queryKey: keys.topicResources(q.data.topic.id) }),
    ]);

  const save = useMutation({ mutationFn: (body: Out) => c.save(selected, body) });
  const form = useSchemaForm(c.schema, c.empty, {
    ...(c.prepare ? { prepare: c.prepare } : {}),
    onSubmit: async (body) => {
      const id = await save.mutateAsync(body);
      await refresh();
      toast.success(selected === 'new' ? `${c.word} added.` : `${c.word} saved.`);
      if (next.current) open('new');
      else setSelected(id);
    },
    failureMessage: (err) => failureText(MSG.saveItemFailed, err),
  });
  const open = (id: string | 'new') => {
    setSelected(id);
    const found = items.find((x) => x.id === id);
    form.reset(found ? c.valuesOf(found) : c.empty);
    requestAnimationFrame(() => firstRef.current?.focus());
  };
  // An item deleted elsewhere (or here) closes its form.
  useEffect(() => {
    if (selected !== 'new' && q.data && !c.itemsOf(q.data).some((x) => x.id === selected)) open('new');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q.data, selected]);

  return {
    q,
    form,
    word: c.word,
    selected,
    /** The number of the open item (1-based), or 0 for a new one. */
    position: items.findIndex((x) => x.id === selected) + 1,
    firstRef,
    /** Set by Ctrl/Cmd+Enter: the save then opens a new item. */
    next,
    /** Spread into ItemEditorLayout. */
    layout: {
      topic: q.data?.topic,
      loading: q.isPending,
      error: q.error,
      onRetry: () => void q.refetch(),
      items: items.map((x) => ({ id: x.id, label: c.label(x) })),
      selected,
      onSelect: open,
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
