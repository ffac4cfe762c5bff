import type { CaipNetwork } from '@pairwise/modal/adapter'
import { WalletError } from '@pairwise/modal/adapter'
import { getBase58Decoder } from '@solana/kit'
import { solanaChainOf } from './chains.js'
import type { SolanaSigner } from './signer.js'
import {
  everyOutput,
  featureOf,
  firstOutput,
  signAndSendOutput,
  signInOutput,
  signMessageOutput,
  signTransactionOutput,
  type Wallet,
  type WalletAccount,
} from './walletStandard.js'

/** A Wallet Standard wallet's account as a signer: each call names the account and the network's chain. */
export function standardSigner(wallet: Wallet, account: WalletAccount): SolanaSigner {
  // One call for them all, as AppKit makes it: the wallet asks its user once.
  const signAll = async (transactions: Uint8Array[], network: CaipNetwork) => {
    const feature = featureOf(wallet, 'solana:signTransaction')
    if (!feature)
      throw new WalletError('PROVIDER_NOT_FOUND', undefined, `${wallet.name} cannot sign transactions`)
    const chain = solanaChainOf(network)
    const outputs = await feature.signTransaction(
      ...transactions.map((transaction) => ({ account, transaction, chain })),
    )
    return everyOutput(outputs, signTransactionOutput, transactions.length).map((o) => o.signedTransaction)
  }
  const signAndSendFeature = featureOf(wallet, 'solana:signAndSendTransaction')
  const signInFeature = featureOf(wallet, 'solana:signIn')
  return {
    walletName: wallet.name,
    address: account.address,
    publicKey: new Uint8Array(account.publicKey),
    async signMessage(message) {
      const feature = featureOf(wallet, 'solana:signMessage')
      if (!feature)
        throw new WalletError('SIGN_MESSAGE_FAILED', undefined, `${wallet.name} cannot sign messages`)
      return firstOutput(await feature.signMessage({ account, message }), signMessageOutput).signature
    },
    async signTransaction(transaction, network) {
      const [signed] = await signAll([transaction], network)
      return signed as Uint8Array
    },
    signAllTransactions: signAll,
    ...(signAndSendFeature
      ? {
          async signAndSend(transaction, network, options) {
            const outputs = await signAndSendFeature.signAndSendTransaction({
              account,
              transaction,
              chain: solanaChainOf(network),
              options,
            })
            return getBase58Decoder().decode(firstOutput(outputs, signAndSendOutput).signature)
          },
        }
      : {}),
    ...(signInFeature
      ? {
          async signIn(input) {
            const {
              account: signer,
              signedMessage,
              signature,
            } = firstOutput(await signInFeature.signIn(input), signInOutput)
            return { address: signer.address, publicKey: signer.publicKey, signedMessage, signature }
          },
        }
      : {}),
  }
}
