// Zan's branded account emails (verification, password reset): plain text plus a simple HTML
// version with inline styles (mail clients ignore stylesheets). Every interpolated value is escaped.
import type { MailMessage } from './mail.ts';
import { escapeHtml as esc } from './escape-html.ts';

function layout(opts: {
  heading: string;
  intro: string;
  button: string;
  url: string;
  outro: string;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(opts.heading)}</title></head>
<body style="margin:0;padding:0;background:#f4f6fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2937">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="padding:32px 12px">
    <tr><td align="center">
      <table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:520px;background:#ffffff;border-radius:14px;overflow:hidden;box-shadow:0 2px 10px rgba(15,23,42,.08)">
        <tr><td style="background:#4f46e5;padding:20px 28px;color:#ffffff;font-size:22px;font-weight:700;letter-spacing:.5px">Zan</td></tr>
        <tr><td style="padding:28px">
          <h1 style="margin:0 0 12px;font-size:20px">${esc(opts.heading)}</h1>
          <p style="margin:0 0 20px;line-height:1.55">${esc(opts.intro)}</p>
          <p style="margin:0 0 24px"><a href="${esc(opts.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 22px;border-radius:8px;font-weight:600">${esc(opts.button)}</a></p>
          <p style="margin:0 0 8px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:</p>
          <p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${esc(opts.url)}" style="color:#4f46e5">${esc(opts.url)}</a></p>
          <p style="margin:0;font-size:13px;color:#6b7280;line-height:1.5">${esc(opts.outro)}</p>
        </td></tr>
        <tr><td style="padding:16px 28px;background:#f9fafb;font-size:12px;color:#9ca3af">Zan — study anywhere, even offline.</td></tr>
      </table>
    </td></tr>
  </table>
</body></html>`;
}

const greeting = (firstName: string) => (firstName.trim() ? `Hi ${firstName.trim()},` : 'Hi,');

export function verificationEmail(to: { email: string; firstName: string }, url: string): MailMessage {
  const intro = 'Welcome to Zan! Please confirm your email address so you can start studying.';
  const outro =
    "This link expires in 24 hours. If you didn't create a Zan account, you can ignore this email.";
  return {
    to: to.email,
    subject: 'Verify your email for Zan',
    text: `${greeting(to.firstName)}\n\n${intro}\n\nVerify your email:\n${url}\n\n${outro}\n\n— Zan`,
    html: layout({
      heading: 'Verify your email',
      intro: `${greeting(to.firstName)} ${intro}`,
      button: 'Verify email',
      url,
      outro,
    }),
  };
}

export function resetPasswordEmail(to: { email: string; firstName: string }, url: string): MailMessage {
  const intro =
    'We received a request to reset the password of your Zan account. Choose a new one with the link below.';
  const outro =
    "This link expires in 1 hour and works once. If you didn't ask for a reset, you can ignore this email — your password stays the same.";
  return {
    to: to.email,
    subject: 'Reset your Zan password',
    text: `${greeting(to.firstName)}\n\n${intro}\n\nReset your password:\n${url}\n\n${outro}\n\n— Zan`,
    html: layout({
      heading: 'Reset your password',
      intro: `${greeting(to.firstName)} ${intro}`,
      button: 'Reset password',
      url,
      outro,
    }),
  };
}
