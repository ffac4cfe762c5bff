export {
  type BuildApprovedNamespacesParams,
  buildApprovedNamespaces,
  type SupportedNamespaces,
} from './build.js'
export {
  type AccountId,
  type ChainId,
  chainOfAccount,
  isValidAccountId,
  isValidChainId,
  isValidNamespaceName,
  namespaceOfKey,
  parseAccountId,
  parseChainId,
} from './caip.js'
export { checkConformingNamespaces } from './conform.js'
export {
  chainsOfNamespace,
  isAllowedOnChain,
  isChainInSession,
  isSessionCompatible,
  sessionChains,
} from './lookup.js'
export { mergeRequiredIntoOptional, normalizeNamespaces } from './merge.js'
export {
  isValidErrorReason,
  validateProperties,
  validateProposalNamespaces,
  validateRelays,
  validateScopedKeys,
  validateSessionNamespaces,
} from './validate.js'
