import { useState } from 'react'
import { type Address, parseEther } from 'viem'
import { useBalance, useSendTransaction, useSignMessage, useWaitForTransactionReceipt } from 'wagmi'

const demoRecipient = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Sign a message and send 0.01 tETH through wagmi hooks, with the results on the page. */
export default function WalletActions({ address }: { address: Address }) {
  const balance = useBalance({ address })
  const sign = useSignMessage()
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data })
  const [message] = useState('Hello from the Pairwise demo')
  return (
    <>
      <p>
        Balance: <span data-testid="demo-balance">{balance.data ? `${balance.data.value}` : '…'}</span> wei
      </p>
      <div className="actions">
        <button type="button" data-testid="sign-message" onClick={() => sign.signMessage({ message })}>
          Sign a message
        </button>
        <button
          type="button"
          data-testid="send-transaction"
          onClick={() => send.sendTransaction({ to: demoRecipient, value: parseEther('0.01') })}
        >
          Send 0.01 tETH
        </button>
      </div>
      {sign.data ? <output data-testid="signature">{sign.data}</output> : null}
      {sign.error ? (
        <output className="error" data-testid="sign-error">
          {sign.error.message.split('\n')[0]}
        </output>
      ) : null}
      {send.data ? <output data-testid="tx-hash">{send.data}</output> : null}
      {receipt.data ? <output data-testid="tx-status">{receipt.data.status}</output> : null}
      {send.error ? (
        <output className="error" data-testid="send-error">
          {send.error.message.split('\n')[0]}
        </output>
      ) : null}
    </>
  )
}
