/**
 * What only a server needs, and Solana's libraries: none of it may reach the install of a client package.
 * (`ws` is not here: in a plain install it comes as isomorphic-ws's peer, the relay client's socket in Node.)
 */
const serverOnly = [
  'pg',
  'libsql',
  'ioredis',
  'hono',
  '@hono/node-server',
  'smtp-server',
  'mailparser',
  'nodemailer',
  'litesvm',
  'pairwise',
]
export const isServerOnly = (name: string) =>
  serverOnly.includes(name) || name.startsWith('@solana/') || name.startsWith('@solana-program/')
