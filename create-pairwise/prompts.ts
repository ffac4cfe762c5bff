import { createInterface } from 'node:readline/promises'
import type { Readable, Writable } from 'node:stream'

/** Asks one question at a time on a terminal. */
export type Asker = {
  /** An answer `problemOf` finds fault with is asked again, after the fault is told. */
  text(
    question: string,
    fallback: string,
    problemOf?: (answer: string) => string | undefined,
  ): Promise<string>
  choose<T extends string>(question: string, choices: readonly { value: T; label: string }[]): Promise<T>
  close(): void
}

/** The user pressed Ctrl-C at a question: they chose to stop, which is no error. */
export class PromptInterrupted extends Error {
  override readonly name = 'PromptInterrupted'
  constructor() {
    super('interrupted at a question')
  }
}

export function terminalAsker(input: Readable, output: Writable): Asker {
  const lines = createInterface({ input, output })
  // A question pending when the input ends (Ctrl-D) never settles on its own, and Node then exits mid-await
  // with code 13 and a warning; rejecting makes it the CLI's one-line error and exit 1. Ctrl-C on a terminal
  // comes as a key, not a signal: heard here, readline neither closes nor rejects with its own error.
  const closed = new Promise<never>((_, reject) => {
    lines.once('SIGINT', () => {
      reject(new PromptInterrupted())
      lines.close()
    })
    lines.once('close', () => reject(new Error('the input ended before every question was answered')))
  })
  // Handled here so that closing after the last answer is no unhandled rejection.
  closed.catch(() => undefined)
  const ask = (question: string) => Promise.race([lines.question(question), closed])
  return {
    async text(question, fallback, problemOf) {
      for (;;) {
        const answer = (await ask(`${question} (${fallback}) `)).trim() || fallback
        const problem = problemOf?.(answer)
        if (problem === undefined) return answer
        output.write(`Please answer again: ${problem}.\n`)
      }
    },
    async choose(question, choices) {
      const menu = choices.map((choice, index) => `  ${index + 1}. ${choice.label}`).join('\n')
      for (;;) {
        const answer = (await ask(`${question}\n${menu}\nChoose 1-${choices.length} (1): `)).trim()
        const picked = choices[answer === '' ? 0 : Number(answer) - 1]
        if (picked) return picked.value
        output.write(`Please answer a number from 1 to ${choices.length}.\n`)
      }
    },
    close: () => lines.close(),
  }
}
