// Old helpers nobody imports any more.
export function oldTotal(prices: number[]): number {
  return prices.reduce((a, b) => a + b, 0);
}
