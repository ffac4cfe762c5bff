import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { dexDeployerKey } from './accounts.js'
import * as TestMintableToken from './artifacts/TestMintableToken.js'
import { localNetwork } from './network.js'
import { type NpmBuild, npmBuild } from './npmBuild.js'

export type DexContracts = {
  readonly weth: Address
  readonly uniswapFactory: Address
  readonly uniswapRouter: Address
  /** Test DAI (tDAI, 18 decimals); the DEX deployer mints it. */
  readonly testDai: Address
}

export type DeployDexOptions = {
  readonly rpcUrl: string
  readonly chainId?: number
  /** The test USDC the pools trade (deployFixtures' `testUsdc`). */
  readonly testUsdc: Address
  /** A key on the test USDC's minter list: it mints what the pools need to the DEX deployer. */
  readonly testUsdcMinterKey: Hex
}

export const testDaiToken = { name: 'Test DAI', symbol: 'tDAI', decimals: 18 } as const

/** tUSDC per tETH in the seeded tETH/tUSDC pool; tUSDC/tDAI is seeded at 1:1. */
export const seededEthPriceUsdc = 2500n

/** The pools' depth: 1,000 tETH against 2.5 M tUSDC, and 2.5 M tUSDC against 2.5 M tDAI. */
export const seededEthLiquidity = parseEther('1000')
const seededStableLiquidity = 2_500_000n

/**
 * Deploys a real Uniswap V2 on the local chain from the npm builds (WETH9, the factory with the deployer as
 * feeToSetter, Router02) and a test DAI, then seeds deep pools tETH/tUSDC at 2500 tUSDC per tETH and
 * tUSDC/tDAI at 1:1. Its own deployer (Anvil's account 8) keeps the addresses of the other deploys, and its
 * own, the same on every fresh chain.
 */
export async function deployDex(options: DeployDexOptions): Promise<DexContracts> {
  const chain = localNetwork(options.rpcUrl, options.chainId)
  const transport = http(options.rpcUrl)
  const account = privateKeyToAccount(dexDeployerKey)
  const wallet = createWalletClient({ account, chain, transport })
  const minter = createWalletClient({
    account: privateKeyToAccount(options.testUsdcMinterKey),
    chain,
    transport,
  })
  const reader = createPublicClient({ chain, transport })
  const mined = async (what: string, hash: Hex) => {
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`${what} failed`)
    return receipt
  }
  const deployed = async (name: string, build: NpmBuild, args: readonly unknown[] = []) => {
    const hash = await wallet.deployContract({ abi: build.abi, bytecode: build.bytecode, args })
    const { contractAddress } = await mined(`deploying ${name}`, hash)
    if (!contractAddress) throw new Error(`deploying ${name} gave no address`)
    return getAddress(contractAddress)
  }

  const router02 = npmBuild('@uniswap/v2-periphery/build/UniswapV2Router02.json')
  const weth = await deployed('WETH9', npmBuild('@uniswap/v2-periphery/build/WETH9.json'))
  const uniswapFactory = await deployed(
    'UniswapV2Factory',
    npmBuild('@uniswap/v2-core/build/UniswapV2Factory.json'),
    [account.address],
  )
  const uniswapRouter = await deployed('UniswapV2Router02', router02, [uniswapFactory, weth])
  const testDai = await deployed('tDAI', TestMintableToken, [
    testDaiToken.name,
    testDaiToken.symbol,
    testDaiToken.decimals,
    [account.address],
  ])

  const usdc = (whole: bigint) => parseUnits(String(whole), 6)
  const dai = (whole: bigint) => parseUnits(String(whole), testDaiToken.decimals)
  const ethUsdc = usdc((seededEthLiquidity / 10n ** 18n) * seededEthPriceUsdc)
  await mined(
    'minting tUSDC for the pools',
    await minter.writeContract({
      address: options.testUsdc,
      abi: TestMintableToken.abi,
      functionName: 'mint',
      args: [account.address, ethUsdc + usdc(seededStableLiquidity)],
    }),
  )
  await mined(
    'minting tDAI for the pools',
    await wallet.writeContract({
      address: testDai,
      abi: TestMintableToken.abi,
      functionName: 'mint',
      args: [account.address, dai(seededStableLiquidity)],
    }),
  )
  for (const token of [options.testUsdc, testDai])
    await mined(
      'approving the router',
      await wallet.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [uniswapRouter, maxUint256],
      }),
    )
  const deadline = (await reader.getBlock()).timestamp + 600n
  await mined(
    'seeding tETH/tUSDC',
    await wallet.writeContract({
      address: uniswapRouter,
      abi: router02.abi,
      functionName: 'addLiquidityETH',
      args: [options.testUsdc, ethUsdc, ethUsdc, seededEthLiquidity, account.address, deadline],
      value: seededEthLiquidity,
    }),
  )
  await mined(
    'seeding tUSDC/tDAI',
    await wallet.writeContract({
      address: uniswapRouter,
      abi: router02.abi,
      functionName: 'addLiquidity',
      args: [
        options.testUsdc,
        testDai,
        usdc(seededStableLiquidity),
        dai(seededStableLiquidity),
        usdc(seededStableLiquidity),
        dai(seededStableLiquidity),
        account.address,
        deadline,
      ],
    }),
  )
  return { weth, uniswapFactory, uniswapRouter, testDai }
}
