/** Version of the persisted layout; bump it when a stored shape changes incompatibly. */
export const storageVersion = '0.3'
export const defaultStoragePrefix = 'wc@2'

export type StorageKeyOptions = {
  /** Separates several clients sharing one storage (the official `customStoragePrefix`). */
  customPrefix?: string
  context: 'core' | 'client'
  name: string
}

/** `wc@2:client:0.3:session`, or `wc@2:<custom>:client:0.3:session` with a custom prefix. */
export function storageKey({ customPrefix, context, name }: StorageKeyOptions): string {
  const prefix = customPrefix ? `${defaultStoragePrefix}:${customPrefix}` : defaultStoragePrefix
  return `${prefix}:${context}:${storageVersion}:${name}`
}
