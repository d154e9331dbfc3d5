// Client-side sign-up checks, in the order the form reports them (SPEC §5), first failure wins.
import { isValidEmail, MIN_PASSWORD_LENGTH, MSG } from '@zan/core';

export type SignUpDraft = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  collegeId: string;
  yearGroup: string;
};

/** Not in the spec's catalogue: the spec's form never submits without names. */
export const NAMES_REQUIRED = 'Please enter your first and last name.';

export function validateSignUp(d: SignUpDraft): string | null {
  if (!d.firstName.trim() || !d.lastName.trim()) return NAMES_REQUIRED;
  if (d.password !== d.confirmPassword) return MSG.passwordsDoNotMatch;
  if (d.password.length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  if (!d.collegeId || !d.yearGroup) return MSG.selectCollegeAndYear;
  if (!isValidEmail(d.email.trim().toLowerCase())) return MSG.invalidEmail;
  return null;
}
