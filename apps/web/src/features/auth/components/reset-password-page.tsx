// /reset-password?token=… — choose a new password from the emailed link, then sign in.
import { MIN_PASSWORD_LENGTH, MSG } from '@zan/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, TextField } from '../../../ui/index.ts';
import { sessionApi, useAuth } from '../../../lib/session/index.ts';
import { AuthPageFrame } from './auth-page-frame.tsx';
import { errorText } from './form-message.ts';

const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { status } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<string | null>(token ? null : RESET_LINK_INVALID);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !token) return;
    if (password !== confirm) return setMessage(MSG.passwordsDoNotMatch);
    if (password.length < MIN_PASSWORD_LENGTH) return setMessage(MSG.passwordTooShort);
    setBusy(true);
    try {
      await sessionApi.resetPassword(token, password);
      setDone(true);
    } catch (err) {
      setMessage(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const signedOut = status === 'signedOut';
  if (done) {
    return (
      <AuthPageFrame title="Password updated" description="Your new password is set.">
        <div className="flex flex-col gap-4">
          <Alert tone="success">
            Your password has been reset. You can now sign in with your new password.
          </Alert>
          <Button
            size="lg"
            autoFocus
            onClick={() => navigate('/', { replace: true, state: signedOut ? { auth: 'login' } : undefined })}
          >
            {signedOut ? 'Sign In' : 'Continue'}
          </Button>
        </div>
      </AuthPageFrame>
    );
  }

  return (
    <AuthPageFrame title="Choose a new password" description={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Choose a new password">
        <TextField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          autoFocus
          disabled={!token}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (token) setMessage(null);
          }}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          disabled={!token}
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            if (token) setMessage(null);
          }}
        />
        {message && <Alert tone="error">{message}</Alert>}
        <Button type="submit" size="lg" busy={busy} disabled={!token}>
          Set New Password
        </Button>
        <Button variant="ghost" onClick={() => navigate('/', { replace: true })}>
          Back to Zan
        </Button>
      </form>
    </AuthPageFrame>
  );
}
