import { numberToHex, type Transport } from 'viem'

/**
 * EIP-7825's cap on one transaction's gas. A smart account's check of its own signature (ERC-1271, with
 * an ERC-6492 factory or ERC-8010 initializer run first) fits in it, or the account could not act on
 * chain either.
 */
export const signatureCheckGas = 2n ** 24n

// eth_call's params are [call, block, ...overrides]; viem sends the call without gas here.
function capped(params: unknown): unknown {
  if (!Array.isArray(params)) return params
  const [request, ...rest] = params as [object, ...unknown[]]
  return [{ ...request, gas: numberToHex(signatureCheckGas) }, ...rest]
}

/**
 * `transport` with every eth_call given `signatureCheckGas`. A signature check runs a factory,
 * initializer and calldata the signer chose; without a cap the chain's node would run them up to its
 * own limit (geth's is 50 million gas, some providers' far more) for anyone holding a nonce.
 */
export function withCappedCalls(transport: Transport): Transport {
  return (config) => {
    const inner = transport(config)
    const request: typeof inner.request = (args, options) =>
      inner.request(args.method === 'eth_call' ? { ...args, params: capped(args.params) } : args, options)
    return { ...inner, request }
  }
}
