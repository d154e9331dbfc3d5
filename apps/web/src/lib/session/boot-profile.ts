// The signed-in user's profile read from the local store before the first render (app/preload.ts), so
// a returning user's app renders once, already signed in, instead of 'Loading user profile' first.
import type { UserProfile } from '@zan/core';

let boot: UserProfile | null = null;

export function setBootProfile(profile: UserProfile | null): void {
  boot = profile;
}

/** The preloaded profile of `uid`, once: later starts (another sign-in) read the store again. */
export function takeBootProfile(uid: string): UserProfile | null {
  const p = boot?.uid === uid ? boot : null;
  boot = null;
  return p;
}
