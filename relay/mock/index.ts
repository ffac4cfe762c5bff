export { DEFAULT_MOCK_RELAY_URL, type MockRelay, type MockRelayOptions, startMockRelay } from './mockRelay.js'
