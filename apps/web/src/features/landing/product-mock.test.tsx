// The landing page shows only what the product does: no streaks (Zan has none), and the product shot's
// rating intervals are those the spec's scheduler gives a new card (SPEC §9: 1m / 10m / 20m / 4d).
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LandingPage } from './landing-page.tsx';
import { ProductMock } from './product-mock.tsx';

afterEach(cleanup);

describe('landing promises', () => {
  it("the product shot's rating buttons show the scheduler's intervals for a new card", () => {
    const { container } = render(<ProductMock />);
    const buttons = [...container.querySelectorAll('.grid-cols-4 > div')].map((b) => b.textContent);
    expect(buttons).toEqual(['1mAgain', '10mHard', '20mGood', '4dEasy']);
  });

  it('promises no study streak anywhere on the page', () => {
    render(<LandingPage onSignIn={() => {}} onSignUp={() => {}} />);
    expect(document.body.textContent?.toLowerCase()).not.toContain('streak');
  });
});
