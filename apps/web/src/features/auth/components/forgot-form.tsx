// Forgot password: needs an email, then confirms that the reset mail is on its way (SPEC §5).
import { MSG } from '@zan/core';
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../ui/index.ts';
import { useAuth } from '../../../lib/session/index.ts';
import { errorText } from './form-message.ts';
import { LinkButton } from './link-button.tsx';

export function ForgotForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const { forgotPassword } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const value = email.trim();
    if (!value) {
      setMessage({ tone: 'error', text: MSG.forgotNeedsEmail });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await forgotPassword(value);
      setMessage({ tone: 'success', text: MSG.resetEmailSent });
    } catch (err) {
      setMessage({ tone: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Reset password">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoFocus
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setMessage(null);
        }}
      />
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      <Button type="submit" size="lg" busy={busy}>
        Send Reset Link
      </Button>
      <p className="text-center text-sm text-muted">
        Remembered it? <LinkButton onClick={onBack}>Back to sign in</LinkButton>
      </p>
    </form>
  );
}
