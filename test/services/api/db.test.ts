import { describe, expect, it } from 'vitest'
import { type Migrations, migrate, numberPlaceholders } from '../../../services/api/db/index.js'
import { eachDatabase } from './support/databases.js'

const notes: Migrations = {
  module: 'notes',
  steps: [
    ['CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL)'],
    ['ALTER TABLE notes ADD COLUMN score BIGINT NOT NULL DEFAULT 0'],
  ],
}

describe.each(eachDatabase())('the api database on $name', ({ open }) => {
  it('migrates each module once, to its newest version, and records it', async () => {
    const db = await open()
    await migrate(db, [notes])
    await migrate(db, [notes])
    expect(await db.get('SELECT version FROM schema_versions WHERE module = ?', ['notes'])).toEqual({
      version: 2,
    })
    await db.run('INSERT INTO notes (id, body, score) VALUES (?, ?, ?)', ['a', 'hi', 2 ** 40])
    expect(await db.all('SELECT id, body, score FROM notes')).toEqual([
      { id: 'a', body: 'hi', score: 2 ** 40 },
    ])
  })

  it('refuses a database whose schema is newer than the code', async () => {
    const db = await open()
    await migrate(db, [notes])
    await expect(migrate(db, [{ module: 'notes', steps: notes.steps.slice(0, 1) }])).rejects.toThrow(
      /notes schema is version 2, newer than this api service knows \(1\)/,
    )
  })

  it('a failed migration step leaves the module at its last whole version', async () => {
    const db = await open()
    const broken: Migrations = { module: 'notes', steps: [notes.steps[0] ?? [], ['NOT SQL AT ALL']] }
    await expect(migrate(db, [broken])).rejects.toThrow()
    expect(await db.get('SELECT version FROM schema_versions WHERE module = ?', ['notes'])).toEqual({
      version: 1,
    })
  })

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await open()
    await migrate(db, [notes])
    await db.transaction(async (tx) => {
      await tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', ['kept', 'x'])
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO notes (id, body) VALUES (?, ?)', ['lost', 'y'])
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await db.all('SELECT id FROM notes ORDER BY id')).toEqual([{ id: 'kept' }])
    expect(await db.run('UPDATE notes SET body = ? WHERE id = ?', ['z', 'kept'])).toBe(1)
  })

  it('statements issued during a transaction do not land inside it', async () => {
    const db = await open()
    await migrate(db, [notes])
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const tx = db
      .transaction(async (t) => {
        await t.run('INSERT INTO notes (id, body) VALUES (?, ?)', ['in-tx', 'x'])
        await held
        throw new Error('rolled back')
      })
      .catch(() => undefined)
    const outside = db.run('INSERT INTO notes (id, body) VALUES (?, ?)', ['outside', 'y'])
    release()
    await Promise.all([tx, outside])
    expect(await db.all('SELECT id FROM notes ORDER BY id')).toEqual([{ id: 'outside' }])
  })
})

describe('numberPlaceholders', () => {
  it("numbers `?` for PostgreSQL and leaves quoted '?' alone", () => {
    expect(numberPlaceholders(`SELECT '?', "a?" FROM t WHERE a = ? AND b = ?`)).toBe(
      `SELECT '?', "a?" FROM t WHERE a = $1 AND b = $2`,
    )
  })
})
