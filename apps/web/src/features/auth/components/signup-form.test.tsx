import { MSG, type College } from '@zan/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { AuthContext, type Auth } from '../../../lib/session/index.ts';
import { mockFetch } from '../../../lib/testing/fakes.ts';
import { AuthModal } from './auth-modal.tsx';
import { NAMES_REQUIRED } from './signup-validation.ts';

const COLLEGES: College[] = [
  { id: 'c2', name: 'Zeta College', years: ['Second Year, 2024-2025', 'First Year, 2025-2026'] },
  {
    id: 'c1',
    name: 'Alpha College',
    years: ['Third Year, 2023-2024', 'First Year, 2025-2026', 'Fifth Year, 2021-2022'],
  },
];

function fakeAuth(over: Partial<Auth> = {}): Auth {
  return {
    status: 'signedOut',
    profile: null,
    sessionId: null,
    connection: 'online',
    notice: null,
    justSignedUp: false,
    signIn: vi.fn(async () => {}),
    signUp: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    refresh: vi.fn(async () => {}),
    resendVerification: vi.fn(async () => {}),
    forgotPassword: vi.fn(async () => {}),
    dismissNotice: vi.fn(),
    ...over,
  };
}

function renderModal(auth: Auth, mode: 'signup' | 'login' | 'forgot' = 'signup') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <AuthModal open mode={mode} onModeChange={() => {}} onClose={() => {}} />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement & HTMLSelectElement;
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Sign up' }));
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;

async function fillValid() {
  type(/^First name/, 'ada');
  type(/^Last name/, 'LOVELACE');
  type(/^Email/, 'ada@example.test');
  type(/^Password/, 'secret1');
  type(/^Confirm password/, 'secret1');
  await waitFor(() => expect(field(/^College/).disabled).toBe(false));
  fireEvent.change(field(/^College/), { target: { value: 'c1' } });
  fireEvent.change(field(/^Year group/), { target: { value: 'First Year, 2025-2026' } });
}

beforeEach(() => {
  mockFetch({ 'GET /api/colleges': () => ({ status: 200, body: { colleges: COLLEGES } }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('sign-up form (SPEC §5)', () => {
  it('reports problems in order, each verbatim, and typing clears the message', async () => {
    const auth = fakeAuth();
    renderModal(auth);
    await fillValid();

    type(/^Confirm password/, 'secret2');
    submit();
    expect(alertText()).toBe(MSG.passwordsDoNotMatch);
    type(/^Email/, 'ada@example.tes'); // any typing clears
    expect(alertText()).toBeNull();

    type(/^Password/, 'abc');
    type(/^Confirm password/, 'abc');
    submit();
    expect(alertText()).toBe(MSG.passwordTooShort);

    type(/^Password/, 'secret1');
    type(/^Confirm password/, 'secret1');
    fireEvent.change(field(/^College/), { target: { value: 'c2' } }); // clears the year
    submit();
    expect(alertText()).toBe(MSG.selectCollegeAndYear);
    fireEvent.change(field(/^Year group/), { target: { value: 'First Year, 2025-2026' } });
    expect(alertText()).toBeNull();

    type(/^Email/, 'not-an-email');
    submit();
    expect(alertText()).toBe(MSG.invalidEmail);
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('asks for names first', () => {
    renderModal(fakeAuth());
    submit();
    expect(alertText()).toBe(NAMES_REQUIRED);
  });

  it('capitalises names as typed and sends a clean body', async () => {
    const auth = fakeAuth();
    renderModal(auth);
    await fillValid();
    expect(field(/^First name/).value).toBe('Ada');
    expect(field(/^Last name/).value).toBe('Lovelace');
    submit();
    await waitFor(() => expect(auth.signUp).toHaveBeenCalledTimes(1));
    expect(auth.signUp).toHaveBeenCalledWith({
      email: 'ada@example.test',
      password: 'secret1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      collegeId: 'c1',
      yearGroup: 'First Year, 2025-2026',
    });
  });

  it('offers the chosen college’s years sorted alphabetically, cleared when the college changes', async () => {
    renderModal(fakeAuth());
    const year = field(/^Year group/);
    expect(year.disabled).toBe(true);
    await waitFor(() => expect(field(/^College/).disabled).toBe(false));
    // Colleges themselves are listed by name.
    const collegeOptions = within(field(/^College/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(collegeOptions).toEqual(['Select your college', 'Alpha College', 'Zeta College']);

    fireEvent.change(field(/^College/), { target: { value: 'c1' } });
    const years = within(year)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(years).toEqual(['', 'Fifth Year, 2021-2022', 'First Year, 2025-2026', 'Third Year, 2023-2024']);

    fireEvent.change(year, { target: { value: 'Third Year, 2023-2024' } });
    expect(year.value).toBe('Third Year, 2023-2024');
    fireEvent.change(field(/^College/), { target: { value: 'c2' } });
    expect(field(/^Year group/).value).toBe('');
    const yearsC2 = within(field(/^Year group/))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(yearsC2).toEqual(['', 'First Year, 2025-2026', 'Second Year, 2024-2025']);
  });

  it('shows the server’s message verbatim', async () => {
    const auth = fakeAuth({
      signUp: vi.fn(async () => {
        throw new ApiError(409, 'EMAIL_EXISTS', MSG.emailExists);
      }),
    });
    renderModal(auth);
    await fillValid();
    submit();
    await waitFor(() => expect(alertText()).toBe(MSG.emailExists));
  });
});

describe('sign-in and forgot password', () => {
  it('shows the server’s invalid-credentials message', async () => {
    const auth = fakeAuth({
      signIn: vi.fn(async () => {
        throw new ApiError(401, 'INVALID_CREDENTIALS', MSG.invalidCredentials);
      }),
    });
    renderModal(auth, 'login');
    type(/^Email/, 'a@b.test');
    type(/^Password/, 'wrong-pass');
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
    await waitFor(() => expect(alertText()).toBe(MSG.invalidCredentials));
    expect(auth.signIn).toHaveBeenCalledWith('a@b.test', 'wrong-pass');
  });

  it('needs an email, then confirms the reset mail', async () => {
    const auth = fakeAuth();
    renderModal(auth, 'forgot');
    const form = screen.getByRole('form', { name: 'Reset password' });
    fireEvent.submit(form);
    expect(alertText()).toBe(MSG.forgotNeedsEmail);
    type(/^Email/, 'a@b.test');
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MSG.resetEmailSent));
    expect(auth.forgotPassword).toHaveBeenCalledWith('a@b.test');
  });
});
