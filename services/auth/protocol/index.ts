export {
  createDeviceKeys,
  DEVICE_HEADER,
  type DeviceKeys,
  deviceIdOf,
  deviceKeysOf,
  PROOF_HEADER,
  type ProofCheck,
  type ProofHeaders,
  type ProofRequest,
  proofHeaders,
  proofMessage,
  verifyProof,
} from './deviceProof.js'
export { authPaths } from './paths.js'
export * from './schemas.js'
export { openSealed, type Sealed, sealToDevice } from './sealing.js'
