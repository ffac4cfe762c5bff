import { encodeFrame, type JsonRpcId, resultFrame } from './jsonrpc.js'
import { RelayMethod } from './methods.js'

/**
 * The texts of the frames a relay sends most, written directly: byte for byte what `encodeFrame` makes of
 * the same frames, without building and copying objects for every message.
 */
export function resultFrameText(id: JsonRpcId, result: unknown): string {
  // `undefined` is dropped from the frame by JSON, which only encodeFrame reproduces.
  if (result === undefined || typeof id === 'bigint') return encodeFrame(resultFrame(id, result))
  return `{"id":${JSON.stringify(id)},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

/**
 * An `irn_subscription` push whose `data` (a ReceivedMessage) was serialized already, so that a message
 * going to many subscribers is serialized once.
 */
export function subscriptionFrameText(id: number, subscriptionId: string, dataJson: string): string {
  return `{"id":${id},"jsonrpc":"2.0","method":"${RelayMethod.subscription}","params":{"id":${JSON.stringify(subscriptionId)},"data":${dataJson}}}`
}
