import type { Hex } from 'viem'

/**
 * Anvil's default dev keys (mnemonic "test test … junk"), public knowledge and funded with 10000 tETH on
 * every fresh local chain. Never use them anywhere real.
 */
export const devPrivateKeys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const satisfies readonly Hex[]

/**
 * Anvil's account 9 deploys the fixtures, so that accounts 0–3 keep exactly their 10000 tETH and the
 * fixture addresses are the same on every fresh chain.
 */
export const fixtureDeployerKey: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6'

/** Anvil's account 8 deploys and seeds the local DEX (deployDex), apart from the fixtures' deployer. */
export const dexDeployerKey: Hex = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'

export const devAccountBalanceWei = 10_000n * 10n ** 18n

/** Anvil's account 7 sends the ERC-4337 deployments (deployAccountAbstraction), so no other deployer's nonce moves. */
export const accountAbstractionDeployerKey: Hex =
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356'

/**
 * Anvil's accounts 4 and 6 pay for the local bundler's bundles and run its utility wallet (refills, its
 * simulation contracts): no other part sends from them, so the bundler's nonces never race another's.
 */
export const bundlerExecutorKey: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a'
export const bundlerUtilityKey: Hex = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e'
