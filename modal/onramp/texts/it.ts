import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

/** Italian. */
export const catalogue: FeatureCatalogue<typeof en> = {
  'onramp.title.providers': 'Acquista cripto',
  'onramp.title.inProgress': 'Acquisto in corso',
  'onramp.title.activity': 'Acquisti',
  'onramp.buy': 'Acquista cripto',
  'onramp.amount': 'Importo ({currency})',
  'onramp.currency': 'Acquisti',
  'onramp.method': 'Metodo di pagamento',
  'onramp.method.card': 'Carta',
  'onramp.method.ach_bank_account': 'Bonifico bancario',
  'onramp.provider': 'Fornitore',
  'onramp.quoting': 'Richiesta di un preventivo…',
  'onramp.youGet': 'Ricevi {amount} {symbol}',
  'onramp.fees': 'Commissioni {fees} {currency}, rete {network} {currency}',
  'onramp.continue': 'Continua al pagamento',
  'onramp.noProviders': 'Nessun fornitore di acquisto serve questa rete',
  'onramp.popupBlocked': 'Consenti i pop-up per questa pagina per aprire il pagamento',
  'onramp.inProgress.detail':
    'Completa l’acquisto nella finestra di pagamento. Questa vista si aggiorna quando arriva l’ordine.',
  'onramp.inProgress.timeout': 'Nessun ordine arrivato entro 3 minuti. Riprova.',
  'onramp.reopen': 'Riapri il pagamento',
  'onramp.activity.empty': 'Nessun acquisto per ora',
  'onramp.status.IN_PROGRESS': 'In corso',
  'onramp.status.SUCCESS': 'Completato',
  'onramp.status.FAILED': 'Non riuscito',
  'onramp.buyAgain': 'Acquista di nuovo',
}
