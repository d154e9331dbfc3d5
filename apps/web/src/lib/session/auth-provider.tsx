// AuthProvider: the session life cycle of SPEC §4 / ARCHITECTURE §7. Starts from the local copy of
// the user (offline start), validates with the server, follows live events, and signs out cleanly.
import { MSG, type SessionResponse, type SignUpBody } from '@zan/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api.ts';
import { afterFirstScreen } from '../first-screen.ts';
import { useOnline } from '../use-online.ts';
import { AuthContext, type Auth, type AuthState } from './auth-context.ts';
import { openLiveEvents } from './live-events.ts';
import { sessionApi } from './session-api.ts';
import { runBeforeSignOut } from './sign-out-hooks.ts';
import { takeBootProfile } from './boot-profile.ts';
import { closeLocalDb, loadCachedProfile, saveCachedProfile } from './cached-profile.ts';
import { clearStoredSession, getStoredSession, storeSession } from './storage.ts';

const INITIAL: AuthState = {
  status: 'loading',
  profile: null,
  sessionId: null,
  connection: 'checking',
  notice: null,
  justSignedUp: false,
};

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const offlineError = () => new ApiError(0, 'NETWORK', MSG.mustBeOnlineFirstLogin);

export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut?: () => void }) {
  // Without a stored session the visitor is signed out from the first render: no 'Loading user
  // profile' before the landing page (the server cannot know them either).
  // A returning user whose profile was read before the first render (app/preload.ts) starts signed in.
  const [start] = useState(() => {
    const stored = getStoredSession();
    const profile = stored ? takeBootProfile(stored.userId) : null;
    return { stored, profile };
  });
  const [state, setState] = useState<AuthState>(() => {
    const { stored, profile } = start;
    if (!stored) return { ...INITIAL, status: 'signedOut' };
    if (!profile) return INITIAL;
    return {
      ...INITIAL,
      status: profile.emailVerified ? 'signedIn' : 'unverified',
      profile,
      sessionId: stored.sessionId,
      connection: isOffline() ? 'offline' : 'checking',
    };
  });
  /** The live session (also read by async work that outlives a render). */
  const current = useRef<{ sessionId: string; uid: string } | null>(
    start.stored && start.profile ? { sessionId: start.stored.sessionId, uid: start.profile.uid } : null,
  );
  /** Bumped by every sign-in and sign-out so late answers for an old session are dropped. */
  const epoch = useRef(0);
  const inflight = useRef<Promise<void> | null>(null);
  /** A refresh was asked for while one was running: validate once more when it ends. */
  const again = useRef(false);
  /** Why an offline start failed, shown if the server cannot be reached either. */
  const startNotice = useRef<string | null>(null);
  const onSignedOutRef = useRef(onSignedOut);
  useEffect(() => {
    onSignedOutRef.current = onSignedOut;
  }, [onSignedOut]);

  const signOutLocally = useCallback((notice: string | null) => {
    epoch.current += 1;
    current.current = null;
    closeLocalDb();
    clearStoredSession();
    onSignedOutRef.current?.();
    setState((s) => ({
      ...INITIAL,
      status: 'signedOut',
      connection: s.connection === 'offline' ? 'offline' : 'online',
      notice: notice ?? s.notice,
    }));
  }, []);

  /** Keep a server-issued session: local copy of the profile, stored ids, state. */
  const adopt = useCallback(async (res: SessionResponse, extra: Partial<AuthState> = {}) => {
    const mine = epoch.current;
    await saveCachedProfile(res.profile);
    if (mine !== epoch.current) return;
    storeSession(res.sessionId, res.profile.uid);
    current.current = { sessionId: res.sessionId, uid: res.profile.uid };
    setState((s) => ({
      ...s,
      status: res.profile.emailVerified ? 'signedIn' : 'unverified',
      profile: res.profile,
      sessionId: res.sessionId,
      connection: 'online',
      ...extra,
    }));
  }, []);

  const validateOnce = useCallback(async () => {
    const mine = epoch.current;
    const stored = getStoredSession();
    if (!stored && !current.current) {
      setState((s) => (s.status === 'loading' ? { ...s, status: 'signedOut' } : s));
      return;
    }
    // Offline with a running session (started from the local copy): a request could only fail.
    if (isOffline() && current.current) {
      setState((s) => ({ ...s, connection: 'offline' }));
      return;
    }
    try {
      const res = await sessionApi.me();
      if (mine !== epoch.current) return;
      if (res.profile.activeSessionId && res.profile.activeSessionId !== res.sessionId) {
        signOutLocally(MSG.signedInElsewhere);
        return;
      }
      try {
        await adopt(res);
      } catch {
        signOutLocally(MSG.sessionNotStarted);
      }
    } catch (e) {
      if (mine !== epoch.current) return;
      const err = e instanceof ApiError ? e : null;
      if (err?.isNetwork) {
        // Offline: a session started from the local copy keeps running; without one we cannot start.
        setState((s) =>
          s.status === 'loading'
            ? {
                ...s,
                status: 'signedOut',
                connection: 'offline',
                notice: startNotice.current ?? MSG.mustBeOnlineFirstLogin,
              }
            : { ...s, connection: 'offline' },
        );
        return;
      }
      if (err?.status === 401) {
        let replaced = err.code === 'SESSION_REPLACED';
        const sid = current.current?.sessionId ?? stored?.sessionId;
        if (!replaced && sid) {
          try {
            replaced = (await sessionApi.status(sid)).state === 'replaced';
          } catch {
            /* unknown: sign out quietly */
          }
        }
        if (mine !== epoch.current) return;
        signOutLocally(replaced ? MSG.signedInElsewhere : null);
        return;
      }
      if (err?.status === 404) {
        signOutLocally(MSG.profileNotFound);
        return;
      }
      // Server trouble: a running session continues from the local copy; a new one could not start.
      if (current.current) setState((s) => ({ ...s, connection: 'offline' }));
      else signOutLocally(MSG.sessionNotStarted);
    }
  }, [adopt, signOutLocally]);

  /**
   * Validate with the server; concurrent callers share one run. A caller that arrives while a request
   * is out (a live 'profile' event, say) may know something newer than that request's answer, so one
   * more validation follows it; every caller during the run waits for that follow-up too.
   */
  const refresh = useCallback(async () => {
    if (inflight.current) {
      again.current = true;
      return inflight.current;
    }
    const run = (async () => {
      try {
        do {
          again.current = false;
          await validateOnce();
        } while (again.current);
      } finally {
        inflight.current = null;
      }
    })();
    inflight.current = run;
    return run;
  }, [validateOnce]);

  // Start: render from the local copy of the user at once, then validate when the server answers.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const stored = getStoredSession();
      if (stored && !current.current) {
        try {
          const profile = await loadCachedProfile(stored.userId);
          if (cancelled) return;
          if (profile) {
            current.current = { sessionId: stored.sessionId, uid: profile.uid };
            setState((s) => ({
              ...s,
              status: profile.emailVerified ? 'signedIn' : 'unverified',
              profile,
              sessionId: stored.sessionId,
              connection: isOffline() ? 'offline' : 'checking',
            }));
          } else startNotice.current = MSG.mustBeOnlineFirstLogin;
        } catch {
          startNotice.current = MSG.offlineLoginError;
        }
      }
      // Rendered from the local copy: the check waits until that screen is painted.
      if (current.current) await afterFirstScreen();
      if (!cancelled) await refresh();
    })();
    return () => {
      cancelled = true;
    };
  }, [refresh]);

  // Re-validate when the tab becomes visible, on reconnect, and when another tab changes the session.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && current.current) void refresh();
    };
    const onOnline = () => void refresh();
    const onOffline = () => setState((s) => ({ ...s, connection: 'offline' }));
    const onStorage = (e: StorageEvent) => {
      if (e.key !== null && !e.key.startsWith('zan.')) return;
      const stored = getStoredSession();
      if (!stored && current.current) signOutLocally(null);
      else if (stored && stored.sessionId !== current.current?.sessionId) void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    window.addEventListener('storage', onStorage);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh, signOutLocally]);

  // Live events while signed in: profile changes show at once; a replaced session signs out.
  // Not while the browser is offline: the stream could not open; it opens again on reconnect.
  const online = useOnline();
  const live =
    online && (state.status === 'signedIn' || state.status === 'unverified') ? state.profile?.uid : undefined;
  useEffect(() => {
    if (!live) return;
    let close: (() => void) | undefined;
    let stopped = false;
    void afterFirstScreen().then(() => {
      if (stopped) return;
      close = openLiveEvents({
        profile: () => void refresh(),
        'session-replaced': (newId) => {
          if (newId && newId === current.current?.sessionId) return;
          // Another tab of this browser signed in again: follow it rather than sign out.
          if (newId && getStoredSession()?.sessionId === newId) {
            void refresh();
            return;
          }
          signOutLocally(MSG.signedInElsewhere);
        },
        onClosed: () => void refresh(),
      });
    });
    return () => {
      stopped = true;
      close?.();
    };
  }, [live, refresh, signOutLocally]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const offline = () => {
        setState((s) => ({ ...s, notice: MSG.mustBeOnlineFirstLogin }));
        return offlineError();
      };
      if (isOffline()) throw offline();
      let res: SessionResponse;
      try {
        res = await sessionApi.signIn(email, password);
      } catch (e) {
        throw e instanceof ApiError && e.isNetwork ? offline() : e;
      }
      epoch.current += 1;
      try {
        await adopt(res, { justSignedUp: false, notice: null });
      } catch {
        signOutLocally(MSG.sessionNotStarted);
        throw new ApiError(500, 'SESSION_SETUP', MSG.sessionNotStarted);
      }
    },
    [adopt, signOutLocally],
  );

  const signUp = useCallback(
    async (body: SignUpBody) => {
      if (isOffline()) throw offlineError();
      let res: SessionResponse;
      try {
        res = await sessionApi.signUp(body);
      } catch (e) {
        throw e instanceof ApiError && e.isNetwork ? offlineError() : e;
      }
      epoch.current += 1;
      try {
        await adopt(res, { justSignedUp: true, notice: null });
      } catch {
        signOutLocally(MSG.sessionNotStarted);
        throw new ApiError(500, 'SESSION_SETUP', MSG.sessionNotStarted);
      }
    },
    [adopt, signOutLocally],
  );

  const signOut = useCallback(async () => {
    await runBeforeSignOut();
    let notice: string | null = null;
    try {
      await sessionApi.signOut();
    } catch (e) {
      // Offline or already ended: the local sign-out is what matters. Anything else is reported.
      if (!(e instanceof ApiError) || (!e.isNetwork && e.status !== 401)) notice = MSG.signOutError;
    }
    signOutLocally(notice);
  }, [signOutLocally]);

  const resendVerification = useCallback(async () => {
    await sessionApi.resendVerification();
  }, []);
  const forgotPassword = useCallback(async (email: string) => {
    await sessionApi.forgotPassword(email);
  }, []);
  const dismissNotice = useCallback(() => setState((s) => ({ ...s, notice: null })), []);

  const value = useMemo<Auth>(
    () => ({ ...state, signIn, signUp, signOut, refresh, resendVerification, forgotPassword, dismissNotice }),
    [state, signIn, signUp, signOut, refresh, resendVerification, forgotPassword, dismissNotice],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
