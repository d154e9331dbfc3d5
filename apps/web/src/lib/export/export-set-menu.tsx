// The 'Export' menu of a deck or a quiz (issue 21): on the topic resources rows and in the editors. Each
// item fetches the set, writes it in that format and downloads a file named after the set; a toast
// confirms or says what failed.
import { MSG } from '@zan/core';
import { useState } from 'react';
import { MenuButton, useToast } from '../../ui/index.ts';
import { failureText } from '../failure.ts';
import { SET_FORMATS, type SetKind } from './set-formats.ts';

export function ExportSetMenu({
  kind,
  id,
  name,
  size = 'sm',
}: {
  kind: SetKind;
  id: string;
  name: string;
  size?: 'sm' | 'md';
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const items = SET_FORMATS[kind].map((format) => ({
    label: format.label,
    onSelect: () => {
      setBusy(true);
      format
        .download(id, name)
        .then((setName) => toast.success(MSG.exportSetDone(setName, format.label)))
        .catch((err: unknown) => toast.error(failureText(MSG.exportSetFailed, err)))
        .finally(() => setBusy(false));
    },
  }));
  return <MenuButton label="Export" ariaLabel={`Export ${name}`} items={items} busy={busy} size={size} />;
}
