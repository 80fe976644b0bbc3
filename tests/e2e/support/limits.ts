// The site the browser tests start multiplies its per-address rate limits by this (browser tests
// sign in and register many times from one address); a test that fills an allowance reads it here.
export const E2E_RATE_LIMIT_SCALE = 20;
