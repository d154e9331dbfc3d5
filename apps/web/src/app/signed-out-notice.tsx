// The 'Signed Out' modal (SPEC §8 session notices): why the session ended or could not start.
import { Button, Modal } from '../ui/index.ts';
import { useAuth } from '../lib/session/index.ts';

export function SignedOutNotice() {
  const { notice, dismissNotice } = useAuth();
  return (
    <Modal
      open={notice !== null}
      onOpenChange={(open) => !open && dismissNotice()}
      title="Signed Out"
      hideClose
    >
      <p className="text-sm text-fg">{notice}</p>
      <div className="mt-6 flex justify-end">
        <Button autoFocus onClick={dismissNotice} className="min-w-24">
          OK
        </Button>
      </div>
    </Modal>
  );
}
