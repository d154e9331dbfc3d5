// The Account page's 'Keep my modules on this device' switch (issue 18): on keeps every module offline
// (downloading what is missing when online); off stops keeping them (what is here stays).
import { MSG } from '@zan/core';
import { CheckboxField } from '../ui/index.ts';
import { useKeepModules, writeKeepModules } from './keep-modules.ts';
import { useOffline } from './use-offline.ts';

export function KeepModulesToggle({ userId }: { userId: string }) {
  const on = useKeepModules(userId);
  const { keep, unkeep } = useOffline();
  return (
    <CheckboxField
      label={MSG.keepModules}
      hint={MSG.keepModulesHint}
      checked={on}
      onChange={(e) => {
        const checked = e.target.checked;
        writeKeepModules(userId, checked);
        void (checked ? keep({ kind: 'everything' }) : unkeep({ kind: 'everything' }));
      }}
    />
  );
}
