import { commands } from './commands.js'

async function help(): Promise<string> {
  const lines = ['Usage: pairwise <command> [options]', '', 'Commands:']
  for (const [name, command] of Object.entries(commands)) lines.push(`  ${name.padEnd(8)} ${command.summary}`)
  const loaded = await Promise.all(Object.values(commands).map((command) => command.load()))
  lines.push('', ...loaded.map(({ usage }) => `  ${usage}`))
  return lines.join('\n')
}

/** Runs one CLI command. Errors a user can act on are printed as one line, without a stack trace. */
export async function runCli(argv: readonly string[]): Promise<void> {
  const [name, ...args] = argv
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    console.log(await help())
    return
  }
  const command = commands[name]
  if (!command) {
    console.error(`Unknown command '${name}'.\n\n${await help()}`)
    process.exit(2)
  }
  // Whatever a service writes (databases and their logs, keys, the stack file) is its owner's only, files
  // 0600 and folders 0700, even where a writer names no mode of its own.
  process.umask(0o077)
  try {
    await (await command.load()).run(args)
  } catch (error) {
    console.error(`pairwise ${name}: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
