// The signed-in user as a core `Actor` (null while the profile loads), for can() in admin screens.
import type { Actor } from '@zan/core';
import { useContext, useMemo } from 'react';
import { actorOf } from './permissions.ts';
import { AuthContext } from './session/index.ts';

export function useActor(): Actor | null {
  const profile = useContext(AuthContext)?.profile ?? null;
  return useMemo(() => (profile ? actorOf(profile) : null), [profile]);
}
