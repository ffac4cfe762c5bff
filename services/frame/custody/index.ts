// The embedded wallet's key custody, run only inside the secure frame (browser-safe: WebCrypto, no Node
// APIs). Research §2.2: 2-of-3 Shamir over BIP-39 entropy; the key exists only for the duration of a call.
export { type CreatedWallet, createWallet, type WalletShares } from './createWallet.js'
export { type DeviceShare, DeviceVault, type DeviceVaultOptions, type StoredSession } from './deviceVault.js'
export {
  CustodyError,
  type CustodyErrorCode,
  InvalidRecoveryBlobError,
  InvalidRecoveryKitError,
  type PassphraseProblem,
  TamperedShareError,
  WeakPassphraseError,
  WrongPassphraseError,
} from './errors.js'
export { type ExportedSecret, exportSecret } from './exportSecret.js'
export type { KeyValueStore } from './keyValueStore.js'
export { MIN_PASSPHRASE_DISTINCT_CHARACTERS, MIN_PASSPHRASE_LENGTH, passphraseProblem } from './passphrase.js'
export { rebuildAccount } from './rebuildAccount.js'
export {
  MAX_RECOVERY_ITERATIONS,
  MIN_RECOVERY_ITERATIONS,
  type RecoveryBlob,
  type RecoveryKdf,
  recoveryBlobSchema,
} from './recoveryBlob.js'
export {
  type OprfAnswer,
  type OprfEvaluate,
  type RecoveryKey,
  recoveryKeyToLock,
  recoveryKeyToOpen,
} from './recoveryKey.js'
export { parseRecoveryKit, RECOVERY_KIT_WORDS, recoveryKit } from './recoveryKit.js'
export { lockShare, type RecoveryBinding, unlockShare } from './recoveryShare.js'
export type { ShareInput } from './shareSecret.js'
