import type { FrameEvent, FrameRequest, FrameSuccess } from '../../../../engine/frame/index.js'

const address = '0x1111111111111111111111111111111111111111'
const accounts = [{ address, type: 'eoa' as const }]

/** One valid request and one valid success payload for every event of engine/frame (FRAME-04). */
export const samples: { [E in FrameEvent]: { request: FrameRequest<E>; success: FrameSuccess<E> } } = {
  SWITCH_NETWORK: { request: { chainId: 10 }, success: { chainId: 10 } },
  CONNECT_EMAIL: { request: { email: 'ada@example.com' }, success: { action: 'VERIFY_OTP' } },
  CONNECT_DEVICE: { request: {}, success: {} },
  CONNECT_OTP: { request: { otp: '123456' }, success: {} },
  CONNECT_SOCIAL: {
    request: { uri: 'https://auth.example/result?code=x' },
    success: { address, chainId: 1, accounts, preferredAccountType: 'eoa', userName: 'ada' },
  },
  GET_FARCASTER_URI: { request: {}, success: { url: 'https://warpcast.example/connect' } },
  CONNECT_FARCASTER: { request: {}, success: { userName: 'ada' } },
  GET_USER: {
    request: { chainId: 1 },
    success: { email: 'ada@example.com', address, chainId: 1, accounts, preferredAccountType: 'eoa' },
  },
  GET_SOCIAL_REDIRECT_URI: { request: { provider: 'github' }, success: { uri: 'https://github.example/x' } },
  SIGN_OUT: { request: {}, success: {} },
  IS_CONNECTED: { request: {}, success: { isConnected: true } },
  GET_CHAIN_ID: { request: {}, success: { chainId: 1 } },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: {}, success: { smartAccountEnabledNetworks: [1, 10] } },
  INIT_SMART_ACCOUNT: { request: {}, success: { address, isDeployed: true } },
  SET_PREFERRED_ACCOUNT: { request: { type: 'smartAccount' }, success: { type: 'smartAccount', address } },
  RPC_REQUEST: {
    request: { method: 'eth_blockNumber', params: [], chainId: 1, chainNamespace: 'eip155' },
    success: '0x10',
  },
  UPDATE_EMAIL: { request: { email: 'new@example.com' }, success: { action: 'VERIFY_PRIMARY_OTP' } },
  UPDATE_EMAIL_PRIMARY_OTP: { request: { otp: '111111' }, success: {} },
  UPDATE_EMAIL_SECONDARY_OTP: { request: { otp: '222222' }, success: { newEmail: 'new@example.com' } },
  SYNC_THEME: { request: { themeMode: 'dark' }, success: {} },
  SYNC_DAPP_DATA: { request: { sdkVersion: '1.7.13', sdkType: 'pairwise', projectId: 'p1' }, success: {} },
  RELOAD: { request: {}, success: {} },
  RPC_ABORT: { request: {}, success: {} },
}

export const testAddress = address
