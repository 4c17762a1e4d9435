// The pricing page's constants: plans, the local-currency prices of Professional, the
// annual discount and the trial.
export const PLANS = [
  {
    id: 'starter',
    monthlyUsd: 0,
    limits: ['businesses1', 'members2', 'invoices50', 'products100', 'storage1'],
  },
  {
    id: 'professional',
    monthlyUsd: 15,
    limits: ['businesses1', 'members10', 'unlimitedInvoicesProducts', 'storage10'],
  },
  { id: 'enterprise', monthlyUsd: 45, limits: ['businesses5', 'unlimitedUsers', 'storage100'] },
] as const;

export const ANNUAL_DISCOUNT = 0.2;
/** The free trial of the paid plans, the same on every page (docs/decisions/008-one-trial-length.md). */
export const TRIAL_DAYS = 14;

export const PROFESSIONAL_LOCAL_PRICES = [
  { currency: 'NGN', amount: 6000 },
  { currency: 'GHS', amount: 180 },
  { currency: 'KES', amount: 1950 },
  { currency: 'ZAR', amount: 270 },
  { currency: 'XOF', amount: 9000 },
] as const;

export const FAQ = ['trial', 'card', 'cancel', 'data', 'currencies', 'offline'] as const;
