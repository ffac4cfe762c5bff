import type { FeatureCatalogue } from '../../i18n/featureTexts.js'
import type { en } from './en.js'

export const catalogue: FeatureCatalogue<typeof en> = {
  'action.swap': 'Scambia',
  'title.Swap': 'Scambia',
  'title.SwapSelectToken': 'Scegli un token',
  'title.SwapPreview': 'Controlla lo scambio',
  unavailable: 'Gli scambi non sono disponibili su questa rete.',
  from: 'Paghi',
  to: 'Ricevi',
  selectToken: 'Scegli',
  balance: 'Saldo: {amount} {symbol}',
  slippage: 'Tolleranza di slippage (%)',
  unlimited:
    'Consenti al router di spendere questo token senza limiti (nessuna approvazione la prossima volta)',
  quoting: 'Richiesta di una quotazione…',
  review: 'Controlla lo scambio',
  minReceived: 'Minimo ricevuto',
  priceImpact: 'Impatto sul prezzo',
  poolFee: 'Commissione del pool',
  route: 'Percorso',
  approvalNeeded: 'Prima il router ha bisogno della tua approvazione per spendere {amount} {symbol}.',
  approvalNeededUnlimited:
    'Prima il router ha bisogno della tua approvazione per spendere {symbol} senza limite.',
  confirm: 'Conferma lo scambio',
  'issue.amount': 'Inserisci un importo maggiore di 0.',
  'issue.decimals': 'Un importo in {symbol} ha al massimo {decimals} cifre decimali.',
  'issue.balance': '{symbol} insufficiente: il saldo è {balance}.',
  'issue.slippage': 'Lo slippage deve essere tra 0,01 % e 50 %.',
  'issue.sameToken': 'Scegli due token diversi.',
  'failure.noRoute': 'Nessun pool scambia {from} con {to}.',
  'failure.expired': 'Questa quotazione è scaduta. Ne arriva una nuova.',
  'failure.priceMoved':
    'Il prezzo si è mosso più del tuo slippage del {slippage} % da questa quotazione: lo scambio non è stato inviato. Controlla la nuova quotazione.',
  'failure.reverted': 'Lo scambio fallirebbe: {reason}. Non è stato inviato.',
  'failure.unavailable': 'Impossibile ottenere una quotazione. Riprova.',
  'failure.decimals':
    'Impossibile confermare i decimali di {symbol} con il suo contratto, quindi non può essere scambiato.',
  'failure.wallet': 'Il wallet non l’ha inviato: {reason}',
  acceptNew: 'Usa la nuova quotazione',
  'status.approving': 'Approva {symbol} nel tuo wallet.',
  'status.approvalPending': 'In attesa che l’approvazione venga inclusa…',
  'status.swapping': 'Conferma lo scambio nel tuo wallet.',
  'status.swapPending': 'In attesa che lo scambio venga incluso…',
  'status.success': 'Hai scambiato {fromAmount} {from} per {toAmount} {to}.',
  transaction: 'Transazione',
  done: 'Fatto',
}
