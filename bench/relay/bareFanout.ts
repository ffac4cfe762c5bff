import { type WebSocket, WebSocketServer } from 'ws'

/**
 * The baseline: the least a pub/sub fan-out over WebSocket can do. It parses the same JSON frames as the
 * relay but keeps no mailbox, checks no token and waits for no acknowledgement: one a client sends anyway
 * (a response, a frame without a method) is read and dropped, so the same server, measured with clients that
 * acknowledge, is the floor the protocol's acknowledgements set.
 */
const port = Number(process.argv[2] ?? 0)
const subscribers = new Map<string, Set<WebSocket>>()
const server = new WebSocketServer({ host: '127.0.0.1', port })

server.on('connection', (socket) => {
  const topics = new Set<string>()
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as {
      id: string
      method?: string
      params: { topic: string; message?: string }
    }
    if (frame.method === undefined) return
    const { topic, message } = frame.params
    if (frame.method === 'irn_subscribe') {
      if (!subscribers.has(topic)) subscribers.set(topic, new Set())
      subscribers.get(topic)?.add(socket)
      topics.add(topic)
    } else if (frame.method === 'irn_publish') {
      const push = JSON.stringify({
        id: frame.id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: { id: topic, data: { topic, message, publishedAt: Date.now(), tag: 0 } },
      })
      for (const subscriber of subscribers.get(topic) ?? []) if (subscriber !== socket) subscriber.send(push)
    }
    socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
  })
  socket.on('close', () => {
    for (const topic of topics) subscribers.get(topic)?.delete(socket)
  })
})
server.on('listening', () => {
  const address = server.address()
  console.log(`listening ${typeof address === 'object' && address ? address.port : port}`)
})
