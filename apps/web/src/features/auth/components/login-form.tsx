// Sign-in form: email and password; the server's 'Invalid email or password…' shows verbatim.
import { useState, type FormEvent } from 'react';
import { Alert, Button, TextField } from '../../../ui/index.ts';
import { useAuth } from '../../../lib/session/index.ts';
import { errorText } from './form-message.ts';
import { LinkButton } from './link-button.tsx';

export function LoginForm({
  onForgot,
  onSignUp,
}: {
  onForgot: (email: string) => void;
  onSignUp: () => void;
}) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      setMessage(errorText(err));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign in">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        autoFocus
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setMessage(null);
        }}
      />
      <div className="flex flex-col gap-1">
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setMessage(null);
          }}
        />
        <LinkButton className="self-end text-xs" onClick={() => onForgot(email)}>
          Forgot password?
        </LinkButton>
      </div>
      {message && <Alert tone="error">{message}</Alert>}
      <Button type="submit" size="lg" busy={busy}>
        Sign In
      </Button>
      <p className="text-center text-sm text-muted">
        New to Zan? <LinkButton onClick={onSignUp}>Create an account</LinkButton>
      </p>
    </form>
  );
}
