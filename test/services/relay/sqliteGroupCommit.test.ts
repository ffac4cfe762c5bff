import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GroupCommit } from '../../../services/relay/sqliteGroupCommit.js'

const directory = mkdtempSync(join(tmpdir(), 'pairwise-group-commit-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

// Real SQLite failing in each of the three ways a group commit meets: a statement refused inside a
// transaction that goes on (CHECK), a statement after which SQLite gives the whole transaction up
// (RAISE(ROLLBACK), as on a full disk), and a COMMIT refused (a deferred foreign key).
const schema = `
  CREATE TABLE entries (value TEXT NOT NULL CHECK (value <> 'refused'));
  CREATE TRIGGER give_up BEFORE INSERT ON entries WHEN new.value = 'give up'
    BEGIN SELECT RAISE(ROLLBACK, 'transaction given up'); END;
  CREATE TABLE parents (id INTEGER PRIMARY KEY);
  CREATE TABLE children (parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);
`

let db: Database.Database
let commits: GroupCommit
let files = 0

beforeEach(() => {
  db = new Database(join(directory, `${++files}.db`))
  db.exec('PRAGMA foreign_keys = ON')
  db.exec(schema)
  const totalChanges = db.prepare('SELECT total_changes() AS value')
  commits = new GroupCommit({
    exec: (sql) => db.exec(sql),
    get inTransaction() {
      return db.inTransaction
    },
    totalChanges: () => (totalChanges.get() as { value: number }).value,
  })
})
afterEach(() => db.close())

function insert(value: string): Promise<string> {
  return commits.run(() => {
    db.prepare('INSERT INTO entries (value) VALUES (?)').run([value])
    return value
  })
}
function orphan(): Promise<void> {
  return commits.run(() => {
    db.prepare('INSERT INTO children (parent) VALUES (42)').run([])
  })
}
function stored(): string[] {
  return db
    .prepare('SELECT value FROM entries ORDER BY rowid')
    .all([])
    .map((row) => (row as { value: string }).value)
}
function outcomes(calls: Promise<unknown>[]): Promise<string[]> {
  return Promise.all(
    calls.map((call) =>
      call.then(
        () => 'resolved',
        () => 'rejected',
      ),
    ),
  )
}

describe('group commit over SQLite', () => {
  it('rejects a refused statement alone; the rest of its transaction commits', async () => {
    expect(await outcomes([insert('a'), insert('refused'), insert('c')])).toEqual([
      'resolved',
      'rejected',
      'resolved',
    ])
    expect(stored()).toEqual(['a', 'c'])
  })

  it('rejects every call of a transaction SQLite gave up, and runs the calls behind it in a new one', async () => {
    const calls = [insert('a'), insert('b'), insert('give up'), insert('d'), insert('e')]
    expect(await outcomes(calls)).toEqual(['rejected', 'rejected', 'rejected', 'resolved', 'resolved'])
    await expect(calls[0]).rejects.toThrow('transaction given up')
    expect(stored()).toEqual(['d', 'e'])
    expect(db.inTransaction).toBe(false)
  })

  it('rejects every call of a failed commit and nothing after it; the write error lasts until a write commits', async () => {
    const failed = [insert('a'), orphan(), insert('c')]
    expect(await outcomes(failed)).toEqual(['rejected', 'rejected', 'rejected'])
    await expect(failed[0]).rejects.toThrow('FOREIGN KEY constraint failed')
    expect(db.inTransaction).toBe(false)
    expect(stored()).toEqual([])
    expect(commits.writeError()).toMatch(/^SQLITE_CONSTRAINT\w*: FOREIGN KEY constraint failed$/)

    // A transaction that reads only proves nothing about writing.
    expect(await commits.run(() => stored())).toEqual([])
    expect(commits.writeError()).toBeDefined()

    expect(await outcomes([insert('d')])).toEqual(['resolved'])
    expect(stored()).toEqual(['d'])
    expect(commits.writeError()).toBeUndefined()
  })

  it('undoes, latest first, what the calls of a lost transaction kept beside the database, and nothing else', async () => {
    const undone: string[] = []
    const counted = (value: string) =>
      commits.run(
        () => {
          db.prepare('INSERT INTO entries (value) VALUES (?)').run([value])
          return value
        },
        (ran) => undone.push(ran),
      )
    await outcomes([counted('a'), counted('refused'), counted('b'), counted('give up'), counted('c')])
    expect(undone).toEqual(['b', 'a'])
    expect(stored()).toEqual(['c'])

    undone.length = 0
    await outcomes([counted('d'), orphan(), counted('e')])
    expect(undone).toEqual(['e', 'd'])
    await outcomes([counted('f')])
    expect(undone).toEqual(['e', 'd'])
  })
})
