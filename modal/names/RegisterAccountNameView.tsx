import { componentCss } from '@pairwise/common/theme'
import { type FormEvent, useEffect, useState } from 'react'
import { Spinner } from '../ui/components/Spinner.js'
import { useAppState, useKit } from '../ui/kitContext.js'
import { useFeatureTexts } from '../ui/useFeatureTexts.js'
import { NamesError } from './errors.js'
import { nameRuleIssue } from './nameRule.js'
import { getSuggestions, isNameRegistered, namesState, registerName } from './namesController.js'
import { type NamesTranslate, namesErrorText, reasonText } from './namesMessage.js'
import { namesTexts } from './texts/index.js'
import { fullName, labelOf, nameZone } from './zone.js'

/** How long typing must pause before the name is checked and looked up. */
export const nameInputDebounceMs = 300

/** The service's refusal of a name someone holds. */
const takenReason = 'Name is already taken'

type Availability = { label: string } & (
  | { state: 'checking' | 'available' | 'taken' }
  | { state: 'failed'; error: unknown }
)

/**
 * The name form: the rule's error as the visitor types (debounced), then whether the name is free
 * ("Available") or taken (the service's suggestions instead); submitting registers `<label>.<zone>`.
 */
export function RegisterAccountNameView() {
  const { kit, t } = useKit()
  const ft = useFeatureTexts(namesTexts)
  const profileName = useAppState((s) => s.account.profileName)
  const { suggestions, loading } = useAppState(namesState)
  const zone = nameZone(kit.options)
  const [value, setValue] = useState('')
  const [settled, setSettled] = useState('')
  const [availability, setAvailability] = useState<Availability>()
  const [failure, setFailure] = useState<unknown>()

  useEffect(() => {
    const timer = kit.context.clock.setTimeout(() => setSettled(value), nameInputDebounceMs)
    return () => kit.context.clock.clearTimeout(timer)
  }, [kit, value])

  const issue = settled === '' ? undefined : nameRuleIssue(settled, profileName)
  useEffect(() => {
    const api = kit.api
    if (!api || settled === '' || issue) return
    let live = true
    setAvailability({ label: settled, state: 'checking' })
    isNameRegistered(api, fullName(settled, zone))
      .then(async (taken) => {
        if (!live) return
        setAvailability({ label: settled, state: taken ? 'taken' : 'available' })
        if (taken) await getSuggestions(kit.context, api, settled)
      })
      .catch((error: unknown) => live && setAvailability({ label: settled, state: 'failed', error }))
    return () => {
      live = false
    }
  }, [kit, settled, issue, zone])

  if (!ft) return <Spinner label={t('modal.loading')} />
  const current = availability?.label === settled ? availability : undefined

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const label = value.trim()
    const refused = nameRuleIssue(label, profileName)
    setSettled(label)
    if (refused) return
    const name = fullName(label, zone)
    // A name the lookup found taken is refused in the service's words without asking the wallet to sign.
    if (current?.state === 'taken' && current.label === label)
      return setFailure(new NamesError('REGISTER_FAILED', { name, reason: takenReason }))
    setFailure(undefined)
    const api = kit.api
    if (!api) return setFailure(new NamesError('REGISTER_FAILED', { name }))
    registerName(kit.context, api, name).catch(setFailure)
  }

  const shown = issue ? namesErrorText(ft, issue) : failure ? failureText(ft, failure) : undefined
  return (
    <form className="form" data-testid="register-account-name" onSubmit={onSubmit} noValidate>
      <style>{componentCss}</style>
      <div className="input">
        <input
          type="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-label={ft('names.input.label')}
          placeholder={ft('names.input.placeholder')}
          value={value}
          onChange={(event) => {
            setValue(event.target.value)
            setFailure(undefined)
          }}
          data-testid="register-account-name-input"
        />
        <span className="muted" dir="ltr">
          .{zone}
        </span>
      </div>
      {current?.state === 'available' && !issue ? (
        <span className="tag" data-testid="register-account-name-available">
          {ft('names.available')}
        </span>
      ) : null}
      {current?.state === 'failed' && !issue ? (
        <p className="error" role="alert">
          {failureText(ft, current.error)}
        </p>
      ) : null}
      {current?.state === 'taken' && !issue ? (
        <section data-testid="register-account-name-suggestions">
          <p className="muted">{ft('names.taken')}</p>
          <ul className="list">
            {suggestions.map((suggestion) => (
              <li key={suggestion.name}>
                <button
                  type="button"
                  className="row"
                  disabled={suggestion.registered}
                  onClick={() => setValue(labelOf(suggestion.name, zone))}
                >
                  <span className="name">{suggestion.name}</span>
                  <span className="tag">
                    {ft(suggestion.registered ? 'names.registered' : 'names.available')}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <button
        type="submit"
        className="primary"
        disabled={loading || value.trim() === ''}
        data-testid="register-account-name-submit"
      >
        {loading ? ft('names.registering') : ft('names.register')}
      </button>
      {shown ? (
        <p className="error" role="alert" data-testid="register-account-name-error">
          {shown}
        </p>
      ) : null}
    </form>
  )
}

/** A lookup's or registration's failure: the service's reason when it gave one, else the spec's text. */
function failureText(ft: NamesTranslate, error: unknown): string {
  if (error instanceof NamesError)
    return error.reason ? reasonText(ft, error.reason) : namesErrorText(ft, error.code, error.params.name)
  return error instanceof Error ? error.message : namesErrorText(ft, 'RESOLVE_FAILED')
}
