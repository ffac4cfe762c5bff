import { parseUnits as viemParseUnits } from 'viem'
import { WalletError } from '../../controllers/errors.js'

/** An optional sign, digits, and at most one decimal point: `1`, `-0.5`, `.25`, `3.`. */
const decimalNumber = /^-?(\d+\.?\d*|\.\d+)$/

/**
 * ERR-48: an amount the user or host wrote (`1.5` ETH) as its integer in the token's smallest unit;
 * anything that is not a decimal number (`1.2.3`, `1e18`, `abc`) is an invalid decimal number error.
 */
export function parseUnits(value: string, decimals: number): bigint {
  if (!decimalNumber.test(value))
    throw new WalletError('INVALID_DECIMAL_NUMBER', undefined, JSON.stringify(value))
  return viemParseUnits(value, decimals)
}
