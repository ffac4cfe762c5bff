import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'title.EmailLogin': 'Continua con l’email',
  'title.EmailVerifyOtp': 'Conferma l’email',
  'title.EmailVerifyDevice': 'Registra il dispositivo',
  'title.UpdateEmailWallet': 'Modifica l’email',
  'title.UpdateEmailPrimaryOtp': 'Conferma l’email attuale',
  'title.UpdateEmailSecondaryOtp': 'Conferma la nuova email',
  'title.ApproveTransaction': 'Approva la transazione',
  label: 'Email',
  placeholder: 'Email',
  continue: 'Continua',
  codeSent: 'Inserisci il codice che abbiamo inviato a {email}',
  approveDevice: 'Approva questo dispositivo',
  approveDeviceHint:
    'Abbiamo inviato un link a {email}. Aprilo e approva questo dispositivo; poi ti invieremo un codice.',
  retry: 'Riprova',
  save: 'Salva',
  update: 'Modifica email',
  export: 'Esporta wallet',
  approveInFrame: 'Controlla la richiesta nel tuo wallet sicuro e approvala lì.',
  'title.ConnectingSocial': 'Accesso social',
  socialLabel: 'Accesso social',
  continueWith: 'Continua con {name}',
  socialWaiting: "Completa l'accesso con {name} nella finestra che si è aperta.",
  socialClosed: 'La finestra di accesso è stata chiusa prima di terminare.',
  farcasterUnavailable: 'L’accesso con Farcaster non è ancora disponibile in questo wallet.',
}
