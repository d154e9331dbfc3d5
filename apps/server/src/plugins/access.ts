// Route access levels. Every route declares `config: { access: <level> }`; the auth plugin enforces it
// in an onRequest hook (before body validation), so a caller without access gets 401 / 403 whatever
// the body. Finer rules (an admin's own scope) are checked in services through @zan/core's can().
export type AccessLevel =
  | 'public' // anyone, signed in or not
  | 'signedIn' // any session, verified or not (verify screen, sign-out, resend)
  | 'verified' // a verified user of any role
  | 'admin' // a verified admin or superadmin
  | 'superadmin'; // a verified superadmin

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    access?: AccessLevel;
  }
}
