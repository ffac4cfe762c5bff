import type { LiteSVM } from 'litesvm'

/**
 * litesvm is a devDependency (a native module only the local chain needs), so it is loaded on demand and
 * its absence explained instead of failing the whole package's import.
 */
export async function loadLiteSvm(): Promise<typeof LiteSVM> {
  try {
    return (await import('litesvm')).LiteSVM
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new Error(
        'The local Solana chain needs the litesvm package, a development dependency of pairwise. Install it with `npm install --save-dev litesvm@1.5.0` and try again.',
      )
    throw error
  }
}
