/**
 * Issue 27's months, April to November 2026 ($78 … $4,504, the journey begun on 17 April), and what
 * their growth trend and forecast must be (docs/decisions/055-a-trend-not-two-months.md): +11.6 %/month
 * from May to October, too irregular to forecast, never the +204.8 % two months made of it.
 */
/** April's $78, then May to October (the fitted months) and the running November. */
export const ISSUE_27_MONTHS: [april: number, ...rest: number[]] = [
  78, 2616, 1346, 1997, 428, 4046, 3976, 4504,
];

export const ISSUE_27_GROWTH = {
  rate: 0.1164,
  low: -0.2017,
  high: 0.5613,
  rSquared: 0.0596,
  from: '2026-05',
  to: '2026-10',
  completeMonths: 6,
};

export const ISSUE_27_FORECAST = {
  status: 'irregular',
  reachesTargetIn: null,
  earliest: null,
  latest: null,
  projection: [],
};
