// UI helpers shared by the journeys: the auth modal, sign-in, sign-up, the signed-in shell.
import { expect, type Locator, type Page } from '@playwright/test';
import { LOCAL_KEYS } from '@zan/core';

export type AuthMode = 'login' | 'signup';

/** The auth modal in login ('Sign In') or signup ('Sign Up') mode. */
export const authDialog = (page: Page, mode: AuthMode): Locator =>
  page.getByRole('dialog', { name: mode === 'login' ? 'Sign In' : 'Sign Up' });

/**
 * Opens the auth modal from the landing page through the hero buttons ('Get Started for Free' /
 * 'I already have an account'), which every viewport shows.
 */
export async function openAuth(page: Page, mode: AuthMode): Promise<Locator> {
  if (!page.url().startsWith('http') || new URL(page.url()).pathname !== '/') await page.goto('/');
  const button =
    mode === 'signup'
      ? page.getByRole('button', { name: 'Get Started for Free' })
      : page.getByRole('button', { name: 'I already have an account' });
  await button.click();
  const dialog = authDialog(page, mode);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Fills and submits the sign-in form of an open login modal. */
export async function submitLogin(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in from the landing page's form and waits for the signed-in destination (default /dashboard…):
 * for the journeys about signing in. The others use `signIn`.
 */
export async function signInWithForm(
  page: Page,
  email: string,
  password: string,
  landsOn: RegExp = /\/dashboard(\/|$)/,
): Promise<void> {
  const dialog = await openAuth(page, 'login');
  await submitLogin(dialog, email, password);
  await expect(page).toHaveURL(landsOn);
}

/**
 * Signs in the way a returning user's browser starts: the session cookie from POST
 * /api/session/sign-in (into the page's own cookie jar), the stored session ids the app keeps in
 * localStorage (SPEC §9), then `path` opened and the signed-in shell shown. Half the time of the
 * form (1.1 s against 2.2 s here), and no landing page loaded only to leave it; the form itself is
 * the subject of the auth journeys (`signInWithForm`).
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  path = '/dashboard',
): Promise<void> {
  const res = await page.request.post('/api/session/sign-in', { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in ${email}: ${res.status()} ${await res.text()}`);
  const { sessionId, profile } = (await res.json()) as { sessionId: string; profile: { uid: string } };
  // Before the app's first script, once per tab (sessionStorage keeps the mark across reloads): a later
  // sign-out clears the ids, and no navigation after it may bring them back.
  await page.addInitScript(
    ({ keys, sessionId, uid }) => {
      const mark = `e2e.seeded.${sessionId}`;
      if (sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      localStorage.setItem(keys.session, sessionId);
      localStorage.setItem(keys.user, uid);
    },
    {
      keys: { session: LOCAL_KEYS.activeSessionId, user: LOCAL_KEYS.lastUserId },
      sessionId,
      uid: profile.uid,
    },
  );
  await page.goto(path);
  await expect(page.getByRole('link', { name: 'Zan home' })).toBeVisible();
}

export type SignUpFields = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword?: string;
  college?: string;
  yearGroup?: string;
};

/** Fills the sign-up form of an open signup modal (does not submit). */
export async function fillSignUp(dialog: Locator, f: SignUpFields): Promise<void> {
  await dialog.getByLabel('First name').fill(f.firstName);
  await dialog.getByLabel('Last name').fill(f.lastName);
  await dialog.getByLabel('Email').fill(f.email);
  await dialog.getByLabel('Password', { exact: true }).fill(f.password);
  await dialog.getByLabel('Confirm password').fill(f.confirmPassword ?? f.password);
  if (f.college) {
    const college = dialog.getByLabel('College');
    await expect(college).toBeEnabled(); // colleges load from the server first
    await college.selectOption({ label: f.college });
  }
  if (f.yearGroup) await dialog.getByLabel('Year group').selectOption({ label: f.yearGroup });
}

export const createAccountButton = (dialog: Locator) =>
  dialog.getByRole('button', { name: 'Create Account' });

/** The header's user badge (link to the account page): initials, full name, role label. */
export const userBadge = (page: Page, fullName: string): Locator =>
  page.getByRole('banner').getByRole('link', { name: new RegExp(fullName) });

/** Narrower than the md breakpoint: the shell's navigation and badge live in the 'Menu' side panel. */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** Checks the user badge (name and role label) wherever this viewport shows it. */
export async function expectUserBadge(page: Page, fullName: string, role: string): Promise<void> {
  if (!isPhone(page)) {
    await expect(userBadge(page, fullName)).toContainText(role);
    return;
  }
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: new RegExp(fullName) })).toContainText(role);
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toHaveCount(0);
}

/** The 'Signed Out' notice modal. */
export const signedOutDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Signed Out' });

/**
 * Types `term` into an admin list's search box (`searchLabel`) and waits until `list` (its table or
 * region) shows only rows that match, its answer settled. The search is debounced: a row clicked while
 * the answer arrives moves under the pointer between mousedown and mouseup, and the click reaches no
 * button — seen as an Edit dialog that never opened, the Edit button focused.
 */
export async function searchList(
  page: Page,
  searchLabel: string,
  term: string,
  list: Locator,
): Promise<void> {
  await page.getByLabel(searchLabel).fill(term);
  const match = new RegExp(escapeRe(term), 'i');
  const rows = list.locator('tbody').getByRole('row');
  await expect(rows.filter({ hasText: match }).first()).toBeVisible();
  await expect(rows.filter({ hasNotText: match })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]').filter({ has: list.locator('tbody') })).toHaveCount(0);
}

/** `s` as a literal inside a RegExp. */
export const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
