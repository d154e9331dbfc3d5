// The Account page's 'Keep my modules on this device' switch (issue 18): on keeps every module offline
// (downloading what is missing when online); off stops keeping them (what is here stays). The choice is
// the synced setting `keepModulesOffline` (sync/keep-modules.ts), so it holds on the student's devices.
import { MSG } from '@zan/core';
import { CheckboxField } from '../ui/index.ts';
import { setKeepModules, useKeepModules } from './keep-modules.ts';
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
        void setKeepModules(userId, checked).catch(() => undefined);
        void (checked ? keep({ kind: 'everything' }) : unkeep({ kind: 'everything' }));
      }}
    />
  );
}
