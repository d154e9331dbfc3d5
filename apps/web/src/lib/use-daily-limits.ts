// The student's daily review limits (issue 18): 'New cards per day', 'Maximum reviews per day' and the
// day rollover hour, from their scheduler settings (synced, set on the Account page).
import type { DailyLimits } from '@zan/core';
import { useMemo } from 'react';
import { useSchedulerSettings } from './use-scheduler-settings.ts';

export function useDailyLimits(userId: string | null): DailyLimits {
  const { settings } = useSchedulerSettings(userId);
  const { newPerDay, maxReviewsPerDay, dayRolloverHour } = settings;
  return useMemo(
    () => ({ newPerDay, reviewsPerDay: maxReviewsPerDay, rolloverHour: dayRolloverHour }),
    [newPerDay, maxReviewsPerDay, dayRolloverHour],
  );
}
