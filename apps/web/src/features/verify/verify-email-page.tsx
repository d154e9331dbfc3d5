// /verify-email: the only screen of a signed-in user with an unverified email (SPEC §2, §8 Verify screen).
// It notices verification done elsewhere (live profile event, or polling while the tab is visible).
import { MSG } from '@zan/core';
import { useEffect, useState } from 'react';
import { Alert, Button, Card } from '../../ui/index.ts';
import { useAuth } from '../../lib/session/index.ts';
import { MailIcon } from '../../ui/icons.tsx';

const VERIFY_POLL_MS = 4_000;

export function VerifyEmailPage() {
  const { profile, justSignedUp, resendVerification, signOut, refresh } = useAuth();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(
    justSignedUp ? { tone: 'success', text: MSG.accountCreated } : null,
  );
  const [sending, setSending] = useState(false);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const id = setInterval(tick, VERIFY_POLL_MS);
    return () => clearInterval(id);
  }, [refresh]);

  const resend = async () => {
    setSending(true);
    setMessage(null);
    try {
      await resendVerification();
      setMessage({ tone: 'success', text: MSG.verificationResent });
    } catch {
      setMessage({ tone: 'error', text: MSG.verificationResendFailed });
    } finally {
      setSending(false);
    }
  };

  return (
    <main className="grid min-h-dvh place-items-center bg-bg px-4 py-10">
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <span
          aria-hidden="true"
          className="mx-auto grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary"
        >
          <MailIcon className="size-7" />
        </span>
        <h1 className="mt-5 text-xl font-semibold text-fg">Verify your email</h1>
        <p className="mt-2 text-sm text-muted">We sent a verification link to</p>
        <p className="mt-1 break-all font-medium text-fg">{profile?.email}</p>
        <p className="mt-3 text-sm text-muted">
          Open the link in that email to activate your account. This page continues by itself once you have
          verified.
        </p>
        {message && (
          <Alert tone={message.tone} className="mt-5 text-left">
            {message.text}
          </Alert>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
          <Button className="flex-1" busy={sending} onClick={resend}>
            Resend Email
          </Button>
          <Button
            className="flex-1"
            variant="secondary"
            busy={leaving}
            onClick={async () => {
              setLeaving(true);
              await signOut();
            }}
          >
            Sign Out
          </Button>
        </div>
        <p className="mt-5 text-xs text-muted">Can&apos;t find it? Check your spam or junk folder.</p>
      </Card>
    </main>
  );
}
