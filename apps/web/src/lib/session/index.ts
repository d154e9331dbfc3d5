// Session: who is signed in, and the actions on it (sign in/up/out, verify, reset).
export { AuthContext, useAuth, type Auth, type AuthStatus, type Connection } from './auth-context.ts';
export { onLiveEvent } from './live-events.ts';
export { onBeforeSignOut } from './sign-out-hooks.ts';
export { sessionApi } from './session-api.ts';
