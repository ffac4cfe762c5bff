import type { ProviderRpcError } from './errors.js'

export type RequestArguments = { method: string; params?: readonly unknown[] | object }

export type ProviderEvents = {
  connect: { chainId: string }
  disconnect: ProviderRpcError
  chainChanged: string
  accountsChanged: string[]
  message: { type: string; data: unknown }
}

/** The EIP-1193 surface viem's `custom()` transport and wagmi connectors use. */
export type Eip1193Provider = {
  request<T = unknown>(args: RequestArguments): Promise<T>
  on<Name extends keyof ProviderEvents>(
    event: Name,
    listener: (payload: ProviderEvents[Name]) => void,
  ): Eip1193Provider
  removeListener<Name extends keyof ProviderEvents>(
    event: Name,
    listener: (payload: ProviderEvents[Name]) => void,
  ): Eip1193Provider
}
