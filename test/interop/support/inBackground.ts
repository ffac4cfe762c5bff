/**
 * Runs the wallet's answer in the background. A failed answer shows on the dapp side as a missing one (the
 * flow's step times out, naming itself), and one still running when a test closes the wallet has nowhere
 * to go, so neither may surface as an unhandled rejection.
 */
export function inBackground(work: Promise<unknown>): void {
  work.catch(() => {})
}
