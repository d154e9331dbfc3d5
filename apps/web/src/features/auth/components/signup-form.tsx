// Sign-up form: names (auto-capitalised), email, passwords, college and its year groups (SPEC §5).
import { capitalizeName, sortedYears } from '@zan/core';
import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, SelectField, TextField } from '../../../ui/index.ts';
import { useAuth } from '../../../lib/session/index.ts';
import { usePublicColleges } from '../hooks/use-colleges.ts';
import { errorText } from './form-message.ts';
import { LinkButton } from './link-button.tsx';
import { validateSignUp, type SignUpDraft } from './signup-validation.ts';

const EMPTY: SignUpDraft = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  collegeId: '',
  yearGroup: '',
};

export function SignUpForm({ onSignIn }: { onSignIn: () => void }) {
  const { signUp } = useAuth();
  const colleges = usePublicColleges(true);
  const [draft, setDraft] = useState<SignUpDraft>(EMPTY);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const years = useMemo(
    () => sortedYears(colleges.data?.find((c) => c.id === draft.collegeId)?.years ?? []),
    [colleges.data, draft.collegeId],
  );

  /** Any edit clears the message (SPEC §5 "Typing clears any message"). */
  const set = (patch: Partial<SignUpDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setMessage(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem = validateSignUp(draft);
    if (problem) {
      setMessage(problem);
      return;
    }
    setBusy(true);
    try {
      await signUp({
        email: draft.email.trim(),
        password: draft.password,
        firstName: capitalizeName(draft.firstName).trim(),
        lastName: capitalizeName(draft.lastName).trim(),
        collegeId: draft.collegeId,
        yearGroup: draft.yearGroup,
      });
    } catch (err) {
      setMessage(errorText(err));
      setBusy(false);
    }
  };

  const collegePlaceholder = colleges.isPending
    ? 'Loading colleges…'
    : colleges.isError
      ? 'Could not load colleges'
      : 'Select your college';

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Sign up">
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          autoCapitalize="words"
          autoFocus
          value={draft.firstName}
          onChange={(e) => set({ firstName: capitalizeName(e.target.value) })}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          autoCapitalize="words"
          value={draft.lastName}
          onChange={(e) => set({ lastName: capitalizeName(e.target.value) })}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={draft.email}
        onChange={(e) => set({ email: e.target.value })}
      />
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={draft.password}
          onChange={(e) => set({ password: e.target.value })}
        />
        <TextField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={draft.confirmPassword}
          onChange={(e) => set({ confirmPassword: e.target.value })}
        />
      </div>
      <SelectField
        label="College"
        name="college"
        value={draft.collegeId}
        disabled={!colleges.data}
        onChange={(e) => set({ collegeId: e.target.value, yearGroup: '' })}
      >
        <option value="">{collegePlaceholder}</option>
        {colleges.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Year group"
        name="yearGroup"
        value={draft.yearGroup}
        disabled={!draft.collegeId}
        onChange={(e) => set({ yearGroup: e.target.value })}
      >
        <option value="">{draft.collegeId ? 'Select your year group' : 'Choose a college first'}</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
      {message && <Alert tone="error">{message}</Alert>}
      <Button type="submit" size="lg" busy={busy}>
        Create Account
      </Button>
      <p className="text-center text-sm text-muted">
        Already have an account? <LinkButton onClick={onSignIn}>Sign in</LinkButton>
      </p>
    </form>
  );
}
