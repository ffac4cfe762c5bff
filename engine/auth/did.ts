// `did:pkh:eip155:1:0xab…` issuers, as CACAOs name their signer.
const DID_PKH = 'did:pkh:'

function segments(iss: string): string[] {
  return (iss.startsWith(DID_PKH) ? iss.slice(DID_PKH.length) : iss).split(':')
}

export function didNamespace(iss: string): string | undefined {
  return segments(iss)[0] || undefined
}

/** The chain reference alone, e.g. `1`. */
export function didChainReference(iss: string): string | undefined {
  return segments(iss)[1] || undefined
}

/** The CAIP-2 chain, e.g. `eip155:1`. */
export function didChainId(iss: string): string | undefined {
  const [namespace, reference] = segments(iss)
  return namespace && reference ? `${namespace}:${reference}` : undefined
}

export function didAddress(iss: string): string | undefined {
  const parts = segments(iss)
  return parts.length >= 3 ? parts[parts.length - 1] : undefined
}
