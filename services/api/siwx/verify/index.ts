export {
  createSiwxVerifier,
  type SiwxSignatureInput,
  type SiwxVerifier,
  type SiwxVerifierOptions,
} from './createSiwxVerifier.js'
