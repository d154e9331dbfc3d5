// The student's daily review limits (issue 18): 'New cards per day', 'Maximum reviews per day' and the
// day rollover hour. Defaults for now; the Account page's scheduler settings will feed this one hook.
import { DAILY_LIMIT_DEFAULTS, type DailyLimits } from '@zan/core';

export function useDailyLimits(): DailyLimits {
  return DAILY_LIMIT_DEFAULTS;
}
