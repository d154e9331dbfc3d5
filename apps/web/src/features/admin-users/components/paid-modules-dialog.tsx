// Paid-module access of one student (SPEC §2 Users tab, §5): the paid modules they own (Revoke, after
// a confirmation) and those the caller may grant (not free, not archived, in scope, not owned).
import { MSG, NOTICE, stageTitle, type OwnedModule, type UserListItem } from '@zan/core';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  Modal,
  SelectField,
  Skeleton,
  useToast,
} from '../../../ui/index.ts';
import { useGrantMutations, useUserModules } from '../hooks/use-grants.ts';

export function PaidModulesDialog({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  const q = useUserModules(user.uid);
  const { grant, revoke } = useGrantMutations(user.uid);
  const toast = useToast();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<OwnedModule | null>(null);
  const name = user.displayName || user.email;

  async function doGrant() {
    setError(null);
    if (!choice) return;
    try {
      await grant.mutateAsync(choice);
      setChoice('');
      toast.success(NOTICE.accessGranted);
    } catch {
      setError(MSG.grantFailed);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !grant.isPending && onClose()}
      title={`Paid modules of ${name}`}
      description="The student receives or loses a module at their next sync — at once when online."
      className="max-w-lg"
    >
      {q.isPending && (
        <div role="status" aria-label="Loading paid modules" className="flex flex-col gap-2">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      )}
      {q.isError && <Alert tone="error">{MSG.loadModuleDataFailed}</Alert>}
      {q.data && (
        <div className="flex flex-col gap-5">
          <section aria-labelledby="owned-title">
            <h3 id="owned-title" className="mb-2 text-sm font-semibold text-fg">
              Has access to
            </h3>
            {q.data.owned.length === 0 ? (
              <p className="text-sm text-muted">No paid modules yet.</p>
            ) : (
              <ul
                className="flex flex-col divide-y divide-line rounded-xl border border-line"
                aria-label="Owned paid modules"
              >
                {q.data.owned.map((m) => (
                  <li key={m.moduleId} className="flex items-center justify-between gap-3 px-3 py-2">
                    <span className="min-w-0 truncate text-sm text-fg">
                      {m.name} <Badge className="ml-1">{stageTitle(m.stage)}</Badge>
                    </span>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-danger! hover:bg-danger/10"
                      onClick={() => setRevoking(m)}
                      aria-label={`Revoke ${m.name}`}
                    >
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="grant-title" className="flex flex-col gap-2">
            <h3 id="grant-title" className="text-sm font-semibold text-fg">
              Grant access
            </h3>
            {q.data.grantable.length === 0 ? (
              <p className="text-sm text-muted">
                No other paid modules of this student’s college and year group to grant.
              </p>
            ) : (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                <SelectField
                  label="Paid module"
                  value={choice}
                  onChange={(e) => {
                    setChoice(e.target.value);
                    setError(null);
                  }}
                  className="min-w-0 flex-1"
                >
                  <option value="">Select module</option>
                  {q.data.grantable.map((m) => (
                    <option key={m.id} value={m.id}>
                      {`${m.name} (${stageTitle(m.stage)}${m.isGlobal ? ', Global' : ''})`}
                    </option>
                  ))}
                </SelectField>
                <Button onClick={() => void doGrant()} busy={grant.isPending} disabled={!choice}>
                  Grant
                </Button>
              </div>
            )}
            {error && <Alert tone="error">{error}</Alert>}
          </section>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke access?"
        body={`${name} loses ${revoking?.name ?? 'the module'} and everything in it from their devices at their next sync.`}
        confirmLabel="Revoke"
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.moduleId);
          } catch (err) {
            throw new Error(MSG.revokeFailed, { cause: err });
          }
          toast.success(NOTICE.accessRevoked);
        }}
      />
    </Modal>
  );
}
