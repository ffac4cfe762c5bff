import { MAX_LINK_MODE_URL_LENGTH } from '../limits.js'

/** A message as a link carries it: the base64url envelope and the topic it is sealed for. */
export type LinkModeMessage = { topic: string; envelope: string }

const TOPIC = /^[0-9a-f]{64}$/
const BASE64URL = /^[A-Za-z0-9_-]+$/

/** `<universal link>?wc_ev=<envelope>&topic=<topic>`, written exactly as the official clients write it. */
export function formatLinkModeUrl(universalLink: string, message: LinkModeMessage): string {
  return `${universalLink}?wc_ev=${message.envelope}&topic=${message.topic}`
}

/**
 * The message a link carries, or why it carries none. Read from the raw text rather than with `URL`,
 * because the official format appends its query even to a universal link that already has one.
 */
export function parseLinkModeUrl(url: string): LinkModeMessage | { problem: string } {
  if (url.length > MAX_LINK_MODE_URL_LENGTH) {
    return { problem: `the link is ${url.length} characters, the limit is ${MAX_LINK_MODE_URL_LENGTH}` }
  }
  const envelope = searchParam(url, 'wc_ev')
  const topic = searchParam(url, 'topic')
  if (envelope === undefined || topic === undefined) return { problem: 'no wc_ev or no topic parameter' }
  if (!TOPIC.test(topic)) return { problem: 'the topic is not 32 bytes of hex' }
  if (!BASE64URL.test(envelope)) return { problem: 'wc_ev is not base64url' }
  return { topic, envelope }
}

function searchParam(url: string, name: string): string | undefined {
  const match = new RegExp(`[?&]${name}=([^&#]*)`).exec(url)
  if (match?.[1] === undefined) return undefined
  try {
    return decodeURIComponent(match[1])
  } catch {
    return undefined
  }
}
