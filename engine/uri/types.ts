export type RelayProtocolOptions = { protocol: string; data?: string }

/** The parts of a pairing URI (EIP-1328 with WalletConnect v2 parameters). */
export type PairingUri = {
  protocol: 'wc'
  topic: string
  version: 2
  /** 64 hex digits: the pairing's symmetric key. */
  symKey: string
  relay: RelayProtocolOptions
  /** Unix seconds after which the pairing is expired. */
  expiryTimestamp?: number
  /** Methods the pairing is for; the official client writes this only for `authenticate()`. */
  methods?: string[]
}
