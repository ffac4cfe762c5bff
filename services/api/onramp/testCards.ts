/** What paying with a card does in the sandbox: Stripe's test numbers and their outcomes. */
export type CardOutcome = { ok: true } | { ok: false; reason: string }

const outcomes: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { ok: true },
  '4000000000000002': { ok: false, reason: 'Your card was declined.' },
  '4000000000009995': { ok: false, reason: 'Your card has insufficient funds.' },
}

/** Any other number is refused as a real card would be by a sandbox that takes test cards only. */
export function chargeTestCard(number: string): CardOutcome {
  return outcomes[number] ?? { ok: false, reason: 'Use a test card: this sandbox charges no real card.' }
}

export const testCardNumbers = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const
