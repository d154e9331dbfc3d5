// Date fields of the announcement form: 'YYYY-MM-DD' (local) ↔ epoch ms. The event date is the start
// of its day; the expiry the end of its day, so an announcement shows through its last day.
const pad = (n: number) => String(n).padStart(2, '0');

export const toDateInput = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

const parts = (value: string): [number, number, number] | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? [Number(m[1]), Number(m[2]) - 1, Number(m[3])] : null;
};

export const startOfDay = (value: string): number | undefined => {
  const p = parts(value);
  return p ? new Date(p[0], p[1], p[2]).getTime() : undefined;
};

export const endOfDay = (value: string): number | undefined => {
  const p = parts(value);
  return p ? new Date(p[0], p[1], p[2], 23, 59, 59, 999).getTime() : undefined;
};

/** SPEC §5 defaults: event date today, expiry `days` later. */
export const defaultDates = (now: number, days: number) => {
  const today = new Date(now);
  const later = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return { date: toDateInput(today.getTime()), expiresAt: toDateInput(later.getTime()) };
};

export const showDate = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });
