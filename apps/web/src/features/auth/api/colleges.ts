// Public list of colleges and their year groups, for the sign-up form.
import type { College } from '@zan/core';
import { apiGet } from '../../../lib/api.ts';

export const fetchPublicColleges = async (): Promise<College[]> =>
  (await apiGet<{ colleges: College[] }>('/api/colleges')).colleges;
